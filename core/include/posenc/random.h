// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file random.h
/// A small portable normal sampler (xoshiro256** seeded by splitmix64, Box-Muller), so that seeded results are
/// the same on every platform and standard library (std::normal_distribution is implementation-defined).

#include <cmath>
#include <cstdint>
#include <numbers>

namespace posenc {

class NormalSampler {
public:
    explicit NormalSampler(std::uint64_t seed)
    {
        for (auto& s : m_s) {
            seed += 0x9E3779B97F4A7C15ull;
            std::uint64_t z = seed;
            z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
            z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
            s = z ^ (z >> 31);
        }
    }

    /// Uniform in (0, 1].
    double uniform()
    {
        return (static_cast<double>(next() >> 11) + 1.0) * 0x1.0p-53;
    }

    /// Standard normal deviate.
    double operator()()
    {
        if (m_hasSpare) {
            m_hasSpare = false;
            return m_spare;
        }
        const double u1 = uniform();
        const double u2 = uniform();
        const double r = std::sqrt(-2.0 * std::log(u1));
        const double t = 2.0 * std::numbers::pi * u2;
        m_spare = r * std::sin(t);
        m_hasSpare = true;
        return r * std::cos(t);
    }

private:
    static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
    std::uint64_t next()
    {
        const std::uint64_t result = rotl(m_s[1] * 5, 7) * 9;
        const std::uint64_t t = m_s[1] << 17;
        m_s[2] ^= m_s[0];
        m_s[3] ^= m_s[1];
        m_s[1] ^= m_s[2];
        m_s[0] ^= m_s[3];
        m_s[2] ^= t;
        m_s[3] = rotl(m_s[3], 45);
        return result;
    }
    std::uint64_t m_s[4] = {};
    double m_spare = 0.0;
    bool m_hasSpare = false;
};

} // namespace posenc
