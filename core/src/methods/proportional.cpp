// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

#include <cmath>

namespace posenc::methods {

MethodDef proportionalMethod()
{
    MethodDef m;
    m.info.id = "proportional";
    m.info.displayName = "Proportional RoPE";
    m.info.summary = "First int(p*head_dim/2) pairs rotate at base^(-2i/head_dim) (exponent over head_dim, not "
                     "d_rot), the rest at frequency 0; all divided by the factor.";
    m.info.kind = MethodKind::Rotary;
    m.info.citation = "HF transformers v5 _compute_proportional_rope_parameters (Gemma 4)";
    auto factor = factorParam(1.0);
    factor.help = "Every frequency is divided by it (HF rope_parameters.factor, default 1). Values below 1 are "
                  "computed as HF computes them, with a warning.";
    m.info.params = withRopeParams({factor});
    m.validate = [](const ParamSet&) {}; // any p in (0, 1] is valid: zero rotating pairs is HF's identity map
    m.warn = [](const ParamSet& p) {
        std::vector<ParamWarning> out;
        const double n = std::floor(p.real("partial-rotary-factor") * static_cast<double>(p.integer("head-dim")) / 2);
        if (n < 1)
            out.push_back(paramWarning(
                "partial-rotary-factor",
                Phrase::of("param.no-rotating-pair",
                           {Phrase::of("param.flag-value",
                                       {Phrase::literal("partial-rotary-factor"),
                                        Phrase::literal(formatNumber(p.real("partial-rotary-factor")))})})));
        return out;
    };
    m.build = [](const ParamSet& p) {
        const int headDim = static_cast<int>(p.integer("head-dim"));
        const double base = p.real("base");
        const double s = p.real("factor");
        // HF: rope_angles = int(partial_rotary_factor * head_dim // 2) (Python floor division of a float)
        const auto rotating =
            static_cast<std::size_t>(std::floor(p.real("partial-rotary-factor") * static_cast<double>(headDim) / 2.0));
        RotaryFrequencies f;
        f.headDim = headDim;
        f.rotaryDim = headDim; // the cos/sin cache spans the head; zero-frequency pairs stay unrotated
        f.pairing = p.choice("pairing") == "interleaved" ? Pairing::Interleaved : Pairing::Half;
        f.base = base;
        f.baseInvFreq.assign(static_cast<std::size_t>(headDim / 2), 0.0);
        for (std::size_t i = 0; i < rotating && i < f.baseInvFreq.size(); ++i)
            f.baseInvFreq[i] = std::pow(base, -2.0 * static_cast<double>(i) / headDim);
        f.invFreq = f.baseInvFreq;
        for (auto& t : f.invFreq)
            t /= s;
        f.scale = s;
        f.nominalScale = s;
        f.scaled = s != 1.0;
        f.extras["rotating_pairs"] = static_cast<double>(rotating);
        return makeRotaryEncoding(std::move(f));
    };
    return m;
}

} // namespace posenc::methods
