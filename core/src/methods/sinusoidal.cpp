// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

#include "../phasor.h"
#include "posenc/errors.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc::methods {

namespace {

class SinusoidalEncoding final : public Encoding {
public:
    SinusoidalEncoding(int dModel, std::vector<double> omega, bool interleaved)
        : m_dModel(dModel), m_omega(std::move(omega)), m_interleaved(interleaved) {}

    MethodKind kind() const override { return MethodKind::Additive; }
    std::vector<View> views() const override { return {View::Pe, View::Angle}; }
    int modelDim() const override { return m_dModel; }

    std::optional<FrequencyTable> frequencyTable() const override
    {
        FrequencyTable t;
        t.invFreq = m_omega;
        for (double w : m_omega)
            t.wavelength.push_back(2.0 * std::numbers::pi / w);
        return t;
    }

    std::size_t columns(View view, const ViewOptions&) const override
    {
        if (view == View::Pe)
            return static_cast<std::size_t>(m_dModel);
        if (view == View::Angle)
            return m_omega.size();
        throw InvalidInput("view", "view '" + toString(view) + "' does not apply to sinusoidal; use pe or angle");
    }

    void fillRows(View view, std::int64_t firstRow, std::size_t rows, double* out,
                  const ViewOptions& options) const override
    {
        const std::size_t cols = columns(view, options);
        const std::size_t P = m_omega.size();
        if (view == View::Angle) {
            constexpr double twoPi = 2.0 * std::numbers::pi;
            for (std::size_t r = 0; r < rows; ++r) {
                const double m = static_cast<double>(firstRow + static_cast<std::int64_t>(r));
                for (std::size_t i = 0; i < P; ++i) {
                    const double x = std::fmod(m * m_omega[i], twoPi);
                    out[r * cols + i] = x < 0 ? x + twoPi : x;
                }
            }
            return;
        }
        detail::forEachPhasorRow(m_omega, seeds(), firstRow, rows, [&](std::size_t r, const double* c, const double* s) {
            double* row = out + r * cols;
            if (m_interleaved) {
                for (std::size_t i = 0; i < P; ++i) {
                    row[2 * i] = s[i];
                    row[2 * i + 1] = c[i];
                }
            } else { // one sequential pass per half: two interleaved store streams are markedly slower
                std::copy_n(s, P, row);
                std::copy_n(c, P, row + P);
            }
        });
    }

private:
    int m_dModel;
    std::vector<double> m_omega;
    const detail::PhasorSeeds& seeds() const { return m_seeds.get(m_omega); }

    detail::LazyPhasorSeeds m_seeds; ///< made on first use: building stays O(pairs)
    bool m_interleaved;
};

} // namespace

MethodDef sinusoidalMethod()
{
    MethodDef m;
    m.info.id = "sinusoidal";
    m.info.displayName = "Sinusoidal (absolute)";
    m.info.summary = "Fixed sin/cos table added to the embeddings: PE[p,2i] = sin(p w_i), PE[p,2i+1] = cos(p w_i).";
    m.info.kind = MethodKind::Additive;
    m.info.citation = "Vaswani et al., Attention Is All You Need, arXiv:1706.03762, §3.5; tensor2tensor timing signal";
    auto dModel = intParam("d-model", 512, 2, 65536, "channels", "Model dimension d_model (even).");
    dModel.mustBeEven = true;
    auto base = realParam("base", 10000.0, 1.0, 1e12, "", "Base of the geometric wavelength progression.",
                          ScaleHint::Log);
    base.minInclusive = false;
    base.shared = true;
    auto layout = choiceParam("layout", "interleaved", {"interleaved", "concatenated"},
                              "interleaved: sin, cos alternate (Vaswani); concatenated: [sin... | cos...] "
                              "(tensor2tensor, fairseq, Transformer-XL).");
    auto exponent = choiceParam("exponent", "2i/d", {"2i/d", "t2t"},
                                "2i/d: w_i = base^(-2i/d) (Vaswani); t2t: w_i = base^(-i/(d/2-1)) "
                                "(tensor2tensor, fairseq, many diffusion timestep embeddings).");
    m.info.params = {dModel, base, layout, exponent};
    m.validate = [](const ParamSet& p) {
        if (p.choice("exponent") == "t2t" && p.integer("d-model") < 4)
            throw InvalidInput("d-model", "--d-model " + std::to_string(p.integer("d-model")) +
                                              ": the t2t exponent i/(d/2-1) needs d-model >= 4");
    };
    m.build = [](const ParamSet& p) -> std::shared_ptr<const Encoding> {
        const int d = static_cast<int>(p.integer("d-model"));
        const double b = p.real("base");
        const bool t2t = p.choice("exponent") == "t2t";
        std::vector<double> omega(static_cast<std::size_t>(d / 2));
        for (std::size_t i = 0; i < omega.size(); ++i) {
            const double e = t2t ? static_cast<double>(i) / (d / 2.0 - 1.0) : 2.0 * static_cast<double>(i) / d;
            omega[i] = std::pow(b, -e);
        }
        return std::make_shared<const SinusoidalEncoding>(d, std::move(omega), p.choice("layout") == "interleaved");
    };
    return m;
}

} // namespace posenc::methods
