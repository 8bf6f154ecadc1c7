// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

#include "posenc/engine.h"

#include <algorithm>
#include <cmath>

namespace posenc::methods {

MethodDef dynamicNtkMethod()
{
    MethodDef m;
    m.info.id = "dynamic-ntk";
    m.info.displayName = "Dynamic NTK";
    m.info.summary = "NTK-aware base recomputed for the current sequence length l (HF/emozilla formula or the YaRN "
                     "paper's s = max(1, l/L0)).";
    m.info.kind = MethodKind::Rotary;
    m.info.citation = "emozilla (2023), HF _compute_dynamic_ntk_parameters; Peng et al., YaRN, arXiv:2309.00071 §3.3";
    m.info.aliases = {"dynamic"};
    auto seqLen = intParam("seq-len", 32768, 0, 1e12, "positions",
                           "Current sequence length l. HF uses l = max(seq-len, L0); 0 means no sequence yet "
                           "(l = L0, base unchanged).");
    seqLen.scale = ScaleHint::Log;
    auto original = originalLengthParam();
    original.aliases.push_back("max-position-embeddings");
    original.help += " For the HF formula this is max_position_embeddings.";
    auto formula = choiceParam(
        "dynamic-formula", "hf", {"hf", "paper"},
        "hf: base*(s*l/L0 - (s-1))^(d/(d-2)) (transformers); paper: NTK-aware with "
        "s = max(1, l/L0) (YaRN §3.3). They agree for l <= L0 (both keep the base) and beyond L0 only for factor 1.");
    m.info.params = withRopeParams({factorParam(), original, seqLen, formula, maxModelLenParam()});
    m.validate = [](const ParamSet& p) { validateNtkExponent(p, "dynamic-ntk"); };
    m.build = [](const ParamSet& p) {
        const auto rb = ropeBase(p);
        auto f = plainRotary(rb);
        const double s = p.real("factor");
        const double L0 = p.real("original-max-position-embeddings");
        const double seq = p.real("seq-len");
        const double d = rb.rotaryDim;
        double effective = 1.0;
        if (p.choice("dynamic-formula") == "hf") {
            const double l = std::max(seq, L0);
            effective = s * l / L0 - (s - 1.0);
        } else {
            effective = std::max(1.0, seq / L0);
        }
        const double basePrime = rb.base * std::pow(effective, d / (d - 2.0));
        f.invFreq = defaultInvFreq(basePrime, rb.rotaryDim);
        f.scale = effective;
        f.nominalScale = s;
        f.scaled = true;
        f.originalLength = p.real("original-max-position-embeddings");
        f.extras["base_prime"] = basePrime;
        f.extras["effective_scale"] = effective;
        return makeRotaryEncoding(std::move(f));
    };
    return m;
}

} // namespace posenc::methods
