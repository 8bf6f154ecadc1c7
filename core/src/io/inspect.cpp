// SPDX-License-Identifier: GPL-3.0-or-later
// posenc/io/inspect.h: reading the request, the bounds and the engines' versions of a config's encodings.
#include "posenc/io/inspect.h"

#include "posenc/analysis/base_bound.h"
#include "posenc/analysis/bounds.h"
#include "posenc/engine_compare.h"
#include "posenc/engine.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <limits>
#include <numbers>
#include <string_view>

namespace posenc::io {

namespace {

std::shared_ptr<const Encoding> rebuild(const HfEncoding& e, const std::string& engine, const std::string& arithmetic)
{
    const MethodDef& def = Registry::instance().find(e.method);
    ParamSet p = e.params;
    p.set("engine", engine);
    p.set("arithmetic", arithmetic);
    return Registry::build(def, p);
}

/// Positions compared: those of engineComparisonPositions for L = max_position_embeddings, else factor x L0,
/// else 4096.
double comparedLength(const HfEncoding& e)
{
    const RotaryFrequencies* f = e.encoding->rotary();
    return e.maxPositionEmbeddings ? static_cast<double>(*e.maxPositionEmbeddings)
           : f->originalLength > 0 ? f->targetContext()
                                   : 4096.0;
}

} // namespace

bool isGgufFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char magic[4] = {};
    return in.read(magic, 4) && std::string_view(magic, 4) == "GGUF";
}

InspectReport inspect(const InspectRequest& request)
{
    InspectReport r;
    HfConfigOptions options = request.options;
    options.origin = request.path;
    if (!request.text && isGgufFile(request.path)) {
        GgufInspection g;
        r.config = loadGgufConfig(request.path, options, &g.summary);
        if (request.against) {
            g.againstPath = *request.against;
            HfConfigOptions o = options;
            o.origin = *request.against;
            o.compareEras = false;
            g.drift = compareGgufWithHf(r.config, loadHfConfig(*request.against, o));
        }
        r.gguf = std::move(g);
    } else {
        if (request.against)
            throw InvalidInput("against", "--against compares a GGUF model with its config.json; " + request.path +
                                              " is not a GGUF file");
        r.config = request.text ? parseHfConfig(*request.text, options) : loadHfConfig(request.path, options);
    }
    r.baseBound = request.baseBound;
    if (request.enginesAll)
        r.enginesAll = request.arithmetic;
    else if (request.engine != "hf" || request.arithmetic != "f64")
        applyEngine(r.config, request.engine, request.arithmetic);
    r.seqLen = options.seqLen ? options.seqLen : r.config.preset ? r.config.preset->seqLen : std::nullopt;
    return r;
}

std::vector<double> wavelengths(const std::vector<double>& invFreq)
{
    std::vector<double> out(invFreq.size());
    for (std::size_t i = 0; i < out.size(); ++i) // a zero frequency (proportional) never turns: null in JSON
        out[i] = invFreq[i] == 0.0 ? std::numeric_limits<double>::infinity() : 2.0 * std::numbers::pi / invFreq[i];
    return out;
}

analysis::BoundsResult inspectBounds(const HfEncoding& e, bool exactBaseBound)
{
    analysis::BoundsOptions o;
    const RotaryFrequencies* f = e.encoding->rotary();
    o.contextLength = e.maxPositionEmbeddings ? static_cast<double>(*e.maxPositionEmbeddings)
                      : f->originalLength > 0 ? f->targetContext()
                                              : 4096.0;
    if (e.window) // every layer using it attends within a window: no distance beyond it (hf_layers.cpp)
        o.contextLength = std::min(o.contextLength, static_cast<double>(*e.window));
    // Men et al.'s base lower bound at this context: the certified walk of base_bound.h (about 0.3 s at 128K, 1.6 s
    // at 1M), on request; whether rope_theta meets it costs one walk (baseMeetsBound).
    o.computeBaseLowerBound = exactBaseBound;
    return analysis::computeBounds(*e.encoding, o);
}

std::optional<bool> baseMeetsBound(const HfEncoding& e, const analysis::BoundsResult& b)
{
    const RotaryFrequencies* f = e.encoding->rotary();
    if (!f || f->base <= 1.0 || b.targetContext > analysis::BoundsOptions{}.maxBaseBoundContext)
        return std::nullopt;
    return analysis::baseAdmissible(f->rotaryDim, f->base, static_cast<std::int64_t>(std::llround(b.targetContext)));
}

void applyEngine(HfConfig& config, const std::string& engine, const std::string& arithmetic)
{
    (void)parseEngine(engine);
    (void)parseArithmetic(arithmetic);
    for (auto& e : config.encodings) {
        e.encoding = rebuild(e, engine, arithmetic);
        const RotaryFrequencies* f = e.encoding->rotary();
        e.params.set("engine", engine);
        e.params.set("arithmetic", arithmetic);
        e.invFreq = f->invFreq;
        e.attentionFactor = f->attentionFactor;
        for (const auto& n : engineNotes(*e.encoding))
            config.notes.push_back(e.name + " (" + engine + "): " + n);
    }
}

EngineComparison compareEnginesOf(const HfEncoding& e, const std::string& arithmetic)
{
    return compareEngines(e.method, e.params, parseArithmetic(arithmetic), comparedLength(e));
}

} // namespace posenc::io
