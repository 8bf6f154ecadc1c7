// SPDX-License-Identifier: GPL-3.0-or-later
#include "method_common.h"

#include "../phasor.h"
#include "posenc/errors.h"
#include "posenc/rope_apply.h"

#include <cmath>
#include <numbers>

namespace posenc::methods {

namespace {

class RotaryEncoding final : public Encoding {
public:
    explicit RotaryEncoding(RotaryFrequencies f) : m_f(std::move(f)), m_logDecay(m_f.logDecayPerPosition()) {}

    MethodKind kind() const override { return MethodKind::Rotary; }
    std::vector<View> views() const override { return {View::Cos, View::Sin, View::Angle, View::Rotated}; }
    const RotaryFrequencies* rotary() const override { return &m_f; }

    std::optional<FrequencyTable> frequencyTable() const override { return rotaryFrequencyTable(m_f); }

    std::size_t columns(View view, const ViewOptions&) const override { return rotaryColumns(m_f, view); }

    void fillRows(View view, std::int64_t firstRow, std::size_t rows, double* out,
                  const ViewOptions& options) const override
    {
        const std::size_t cols = columns(view, options);
        const std::size_t P = m_f.pairs();
        const double a = m_f.attentionFactor;
        const bool half = m_f.pairing == Pairing::Half;
        switch (view) {
        case View::Angle: {
            constexpr double twoPi = 2.0 * std::numbers::pi;
            for (std::size_t r = 0; r < rows; ++r) {
                const double m = static_cast<double>(firstRow + static_cast<std::int64_t>(r));
                double* row = out + r * cols;
                for (std::size_t i = 0; i < P; ++i) {
                    double x = std::fmod(m * m_f.invFreq[i], twoPi);
                    row[i] = x < 0 ? x + twoPi : x;
                }
            }
            return;
        }
        case View::Cos:
        case View::Sin: {
            const bool wantCos = view == View::Cos;
            detail::forEachPhasorRow(m_f.invFreq, seeds(), firstRow, rows,
                                     [&](std::size_t r, const double* c, const double* s) {
                                         const double* v = wantCos ? c : s;
                                         double* __restrict row = out + r * cols;
                                         // the channelA/channelB layout, unrolled per pairing: one sequential pass per
                                         // half, because two interleaved store streams are markedly slower
                                         if (half) {
                                             for (std::size_t i = 0; i < P; ++i)
                                                 row[i] = a * v[i];
                                             for (std::size_t i = 0; i < P; ++i)
                                                 row[i + P] = a * v[i];
                                         } else {
                                             for (std::size_t i = 0; i < P; ++i) {
                                                 row[2 * i] = a * v[i];
                                                 row[2 * i + 1] = a * v[i];
                                             }
                                         }
                                     });
            return;
        }
        case View::Rotated: {
            const std::vector<double> probe = options.probe.empty() ? defaultProbe(m_f.headDim) : options.probe;
            if (probe.size() != static_cast<std::size_t>(m_f.headDim))
                throw InvalidInput("probe", "the probe vector has " + std::to_string(probe.size()) +
                                                " entries; it needs head_dim = " + std::to_string(m_f.headDim));
            const std::size_t dRot = static_cast<std::size_t>(m_f.rotaryDim);
            // Per pair: the probe's two channels times the attention factor, gathered once so that the row loop
            // below is branch-free and contiguous (it vectorises); xPos rescales them per row.
            std::vector<double> xa(P), xb(P), za, zb;
            for (std::size_t i = 0; i < P; ++i) {
                xa[i] = a * probe[m_f.channelA(i)];
                xb[i] = a * probe[m_f.channelB(i)];
            }
            const bool xpos = !m_logDecay.empty();
            if (xpos) {
                za.resize(P);
                zb.resize(P);
            }
            detail::forEachPhasorRow(
                m_f.invFreq, seeds(), firstRow, rows, [&](std::size_t r, const double* c, const double* s) {
                    double* __restrict row = out + r * cols;
                    const double* __restrict pa = xa.data();
                    const double* __restrict pb = xb.data();
                    if (xpos) {
                        const double m = static_cast<double>(firstRow + static_cast<std::int64_t>(r));
                        for (std::size_t i = 0; i < P; ++i) {
                            const double z = std::exp(m_logDecay[i] * m);
                            za[i] = z * xa[i];
                            zb[i] = z * xb[i];
                        }
                        pa = za.data();
                        pb = zb.data();
                    }
                    if (half) { // channelA/channelB unrolled per pairing (see the cos/sin views)
                        for (std::size_t i = 0; i < P; ++i)
                            row[i] = pa[i] * c[i] - pb[i] * s[i];
                        for (std::size_t i = 0; i < P; ++i)
                            row[i + P] = pa[i] * s[i] + pb[i] * c[i];
                    } else {
                        for (std::size_t i = 0; i < P; ++i) {
                            row[2 * i] = pa[i] * c[i] - pb[i] * s[i];
                            row[2 * i + 1] = pa[i] * s[i] + pb[i] * c[i];
                        }
                    }
                    for (std::size_t j = dRot; j < cols; ++j)
                        row[j] = probe[j];
                });
            return;
        }
        default:
            break;
        }
        (void)columns(view, options); // throws for the views that do not apply
    }

private:
    RotaryFrequencies m_f;
    const detail::PhasorSeeds& seeds() const { return m_seeds.get(m_f.invFreq); }

    detail::LazyPhasorSeeds m_seeds; ///< made on first use: building stays O(pairs)
    std::vector<double> m_logDecay;  ///< RotaryFrequencies::logDecayPerPosition()
};

} // namespace

std::shared_ptr<const Encoding> makeRotaryEncoding(RotaryFrequencies f)
{
    return std::make_shared<const RotaryEncoding>(std::move(f));
}

} // namespace posenc::methods
