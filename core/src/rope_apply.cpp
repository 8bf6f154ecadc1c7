// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/rope_apply.h"

#include "posenc/errors.h"

#include <cmath>

namespace posenc {

std::vector<double> defaultProbe(int headDim)
{
    std::vector<double> x(static_cast<std::size_t>(headDim), 1.0);
    for (std::size_t j = x.size() / 2; j < x.size(); ++j)
        x[j] = -1.0;
    return x;
}

std::vector<double> applyRotary(const RotaryFrequencies& f, std::span<const double> x, double position, bool keySide)
{
    if (x.size() != static_cast<std::size_t>(f.headDim))
        throw InvalidInput("vector", "vector has " + std::to_string(x.size()) + " entries; head_dim is " +
                                         std::to_string(f.headDim));
    std::vector<double> out(x.begin(), x.end());
    const std::size_t P = f.pairs();
    const auto logDecay = f.logDecayPerPosition();
    for (std::size_t i = 0; i < P; ++i) {
        const double angle = position * f.invFreq[i];
        const double c = std::cos(angle);
        const double s = std::sin(angle);
        double scale = f.attentionFactor;
        if (!logDecay.empty())
            scale *= std::exp(logDecay[i] * (keySide ? -position : position));
        const std::size_t ja = f.channelA(i);
        const std::size_t jb = f.channelB(i);
        out[ja] = scale * (x[ja] * c - x[jb] * s);
        out[jb] = scale * (x[ja] * s + x[jb] * c);
    }
    return out;
}

double rotaryScore(const RotaryFrequencies& f, std::span<const double> q, double m, std::span<const double> k, double n)
{
    const auto rq = applyRotary(f, q, m, false);
    const auto rk = applyRotary(f, k, n, true);
    double s = 0.0;
    for (std::size_t j = 0; j < rq.size(); ++j)
        s += rq[j] * rk[j];
    return s;
}

} // namespace posenc
