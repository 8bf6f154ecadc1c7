// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

#include "posenc/engine.h"
#include "posenc/errors.h"

#include <cmath>

namespace posenc::methods {

MethodDef longropeMethod()
{
    MethodDef m;
    m.info.id = "longrope";
    m.info.displayName = "LongRoPE";
    m.info.summary = "Searched per-pair rescale factors: theta'_i = theta_i / ext_i, ext = long factors when "
                     "seq-len > L0, else short factors.";
    m.info.kind = MethodKind::Rotary;
    m.info.citation = "Ding et al., LongRoPE, arXiv:2402.13753; Phi-3; HF _compute_longrope_parameters";
    m.info.aliases = {"su"};
    auto factor = factorParam(32.0);
    factor.help += " Sets the default attention factor sqrt(1 + ln s / ln L0).";
    auto seqLen = intParam("seq-len", 131072, 0, 1e12, "positions",
                           "Current sequence length: long factors are used iff seq-len > L0 (current HF).");
    seqLen.scale = ScaleHint::Log;
    auto shortF = listParam("short-factor", 0.0, 1e6,
                            "Per-pair rescale factors for short contexts (d_rot/2 entries, each > 0). Empty = all 1.");
    shortF.minInclusive = false;
    shortF.emptyMeaning = "all 1";
    auto longF = listParam("long-factor", 0.0, 1e6,
                           "Per-pair rescale factors for long contexts (d_rot/2 entries, each > 0). Empty = all 1.");
    longF.minInclusive = false;
    longF.emptyMeaning = "all 1";
    auto attention = realParam("attention-factor", 0.0, 0.0, 1e3, "",
                               "Explicit attention factor (multiplies cos and sin). Unset: sqrt(1 + ln s / ln L0) "
                               "for s > 1, else 1.");
    attention.optional = true;
    attention.defaultValue = std::monostate{};
    auto factorSet = choiceParam("factor-set", "auto", {"auto", "short", "long"},
                                 "Which list rescales: auto = long iff seq-len > L0 (current HF); short/long force "
                                 "one (older HF releases chose differently, see --hf-era).");
    m.info.params = withRopeParams(
        {factor, originalLengthParam(4096), seqLen, shortF, longF, attention, factorSet, maxModelLenParam()});
    m.validate = [](const ParamSet& p) {
        const std::size_t pairs = static_cast<std::size_t>((rotaryDim(p) + 1) / 2);
        for (const char* name : {"short-factor", "long-factor"}) {
            const auto& l = p.list(name);
            if (!l.empty() && l.size() != pairs)
                throw InvalidInput(name, std::string("--") + name + " has " + std::to_string(l.size()) +
                                             " entries; it needs d_rot/2 = " + std::to_string(pairs) +
                                             " (one per rotary pair), or none for all 1");
        }
        if (p.real("original-max-position-embeddings") <= 1.0 && p.real("factor") > 1.0 && !p.has("attention-factor"))
            throw InvalidInput("original-max-position-embeddings",
                               "--original-max-position-embeddings must exceed 1 for the default attention factor "
                               "sqrt(1 + ln s / ln L0)");
    };
    m.build = [](const ParamSet& p) {
        const auto rb = ropeBase(p);
        auto f = plainRotary(rb);
        const double s = p.real("factor");
        const double L0 = p.real("original-max-position-embeddings");
        const std::string& set = p.choice("factor-set");
        const bool useLong = set == "auto" ? p.real("seq-len") > L0 : set == "long";
        const auto& ext = p.list(useLong ? "long-factor" : "short-factor");
        for (std::size_t i = 0; i < f.invFreq.size(); ++i) {
            const double e = ext.empty() ? 1.0 : ext[i];
            f.invFreq[i] = 1.0 / (e * std::pow(rb.base, 2.0 * static_cast<double>(i) / rb.rotaryDim));
        }
        f.scale = s;
        f.nominalScale = s;
        f.scaled = true;
        f.originalLength = p.real("original-max-position-embeddings");
        if (p.has("attention-factor"))
            f.attentionFactor = p.real("attention-factor");
        else
            f.attentionFactor = s <= 1.0 ? 1.0 : std::sqrt(1.0 + std::log(s) / std::log(L0));
        f.extras["uses_long_factor"] = useLong ? 1.0 : 0.0;
        return makeRotaryEncoding(std::move(f));
    };
    return m;
}

} // namespace posenc::methods
