// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

#include "posenc/errors.h"

#include <cmath>

namespace posenc::methods {

MethodDef partNtkLegacyMethod()
{
    MethodDef m;
    m.info.id = "part-ntk-legacy";
    m.info.displayName = "Part-NTK (legacy, pre-paper)";
    m.info.summary = "The YaRN repo's first 'NTK-by-parts': blend PI and NTK-aware by an index ramp between "
                     "beta0 and beta1 turns, then blend the result with theta between gamma0 and gamma1 turns.";
    m.info.kind = MethodKind::Rotary;
    m.info.citation = "jquesnelle/yarn scaled_rope LlamaPartNTKScaledRotaryEmbedding (2023, before arXiv:2309.00071)";
    auto turns = [](const char* name, double def, const char* help) {
        auto s = realParam(name, def, 0.0, 1e6, "rotations", help);
        s.minInclusive = false;
        return s;
    };
    m.info.params = withRopeParams(
        {factorParam(), originalLengthParam(2048),
         turns("beta0", 1.25,
               "PI/NTK blend: pairs with more turns than this in L0 use NTK-aware; this value sets the ramp's lower "
               "index bound."),
         turns("beta1", 0.75,
               "PI/NTK blend: pairs with fewer turns than this in L0 use PI (theta/s); this value sets the ramp's "
               "upper index bound."),
         turns("gamma0", 16.0, "NTK/theta blend: pairs with more turns than this keep theta."),
         turns("gamma1", 2.0, "NTK/theta blend: pairs with fewer turns than this use the PI/NTK blend.")});
    m.validate = [](const ParamSet& p) {
        validateNtkExponent(p, "part-ntk-legacy");
        for (auto [hi, lo] : {std::pair{"beta0", "beta1"}, std::pair{"gamma0", "gamma1"}})
            if (!(p.real(lo) < p.real(hi)))
                throw InvalidInput(lo, std::string("--") + lo + " " + formatNumber(p.real(lo)) +
                                           " must be smaller than --" + hi + " " + formatNumber(p.real(hi)));
    };
    m.build = [](const ParamSet& p) {
        const auto rb = ropeBase(p);
        auto f = plainRotary(rb);
        const double s = p.real("factor");
        const double L0 = p.real("original-max-position-embeddings");
        const double d = rb.rotaryDim;
        const auto ntk = defaultInvFreq(rb.base * std::pow(s, d / (d - 2.0)), rb.rotaryDim);
        const std::size_t n = rb.theta.size();
        double lo = 0, hi = 0;
        // gamma = 1 - ramp: 1 takes the second operand (NTK, then theta)
        const auto toNtk = indexRamp(n, rb.rotaryDim, rb.base, L0, p.real("beta1"), p.real("beta0"), true, lo, hi);
        const auto toTheta = indexRamp(n, rb.rotaryDim, rb.base, L0, p.real("gamma1"), p.real("gamma0"), true, lo, hi);
        for (std::size_t i = 0; i < n; ++i) {
            const double blendPiNtk = rb.theta[i] / s * (1.0 - toNtk[i]) + ntk[i] * toNtk[i];
            f.invFreq[i] = blendPiNtk * (1.0 - toTheta[i]) + rb.theta[i] * toTheta[i];
        }
        f.scale = s;
        f.nominalScale = s;
        f.scaled = true;
        f.originalLength = L0;
        return makeRotaryEncoding(std::move(f));
    };
    return m;
}

} // namespace posenc::methods
