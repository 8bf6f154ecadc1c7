// SPDX-License-Identifier: GPL-3.0-or-later
// The engines' tables for `posenc check` (engine_tables.h): each engine's build of the reference configuration
// where it departs from HF (applyEngine's divergences), named with the engine's pinned revision.
#include "engine_tables.h"

#include "posenc/engine.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <cmath>

namespace posenc::check {

std::vector<EngineTable> engineTables(const MethodDef& def, const ParamSet& params, const std::string& ownEngine)
{
    std::vector<EngineTable> out;
    if (!def.findParam("engine"))
        return out;
    ParamSet p = params;
    p.set("engine", std::string("hf"));
    p.set("arithmetic", std::string("f64"));
    std::shared_ptr<const Encoding> hf;
    try {
        hf = Registry::build(def, p);
    } catch (const InvalidInput&) {
        return out;
    }
    const RotaryFrequencies* h = hf->rotary();
    if (!h)
        return out;
    // `what` is one of the engine's notes (engine.h engineNotes): "engine.note" lets an interface word it as it
    // words the Engines view's notes.
    const auto variant = [](Engine e, const std::string& what) {
        return Phrase::of("check.variant.engine", {Phrase::literal(engineInfo(e).displayName),
                                                   Phrase::of("engine.note", {Phrase::literal(what)})});
    };
    const auto who = [](Engine e, const std::string& what) {
        const EngineInfo& info = engineInfo(e);
        return Phrase::of("check.produced-by",
                          {Phrase::literal(info.displayName), Phrase::of("engine.note", {Phrase::literal(info.pinned)}),
                           Phrase::of("engine.note", {Phrase::literal(what)})});
    };
    for (Engine e : {Engine::Sglang, Engine::Mlx, Engine::OrtGenai}) {
        if (toString(e) == ownEngine)
            continue;
        try {
            const EngineFrequencies ef = applyEngine(e, def.info.id, p, *h);
            if (ef.divergences.empty())
                continue;
            const std::string what = ef.notes.empty() ? ef.divergences.front() : ef.notes.front();
            out.push_back({ef.divergences.front(), variant(e, what), who(e, what), ef.frequencies.invFreq,
                           ef.frequencies.attentionFactor});
        } catch (const InvalidInput&) {
            // the engine cannot express this method: no table of its own
        }
    }
    if (def.info.id == "yarn" && ownEngine != "ort-genai") {
        const std::string what = "a rope block without the key beta_fast is exported as plain RoPE with magnitude 1 "
                                 "(builders/base.py:561)";
        out.push_back({"engine-yarn-no-beta-keys", variant(Engine::OrtGenai, what), who(Engine::OrtGenai, what),
                       h->baseInvFreq, 1.0});
    }
    if (ownEngine != "mlx" && (h->scaled || h->base != 10000.0) && h->rotaryDim > 0) {
        std::vector<double> plain(static_cast<std::size_t>(h->rotaryDim / 2));
        for (std::size_t i = 0; i < plain.size(); ++i)
            plain[i] = std::pow(10000.0, -2.0 * static_cast<double>(i) / h->rotaryDim);
        const std::string what = "model files that read rope_theta and rope_scaling only (models/llama.py:30-32) "
                                 "load a transformers-v5 rope_parameters config as plain RoPE with base 10000";
        out.push_back(
            {"engine-rope-parameters-unread", variant(Engine::Mlx, what), who(Engine::Mlx, what), plain, 1.0});
    }
    return out;
}

} // namespace posenc::check
