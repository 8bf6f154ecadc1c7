// SPDX-License-Identifier: GPL-3.0-or-later
// posenc/io/inspect.h: the report document of `posenc inspect` (JSON in the CLI, a dict in Python).
#include "posenc/analysis/bounds.h"
#include "posenc/engine.h"
#include "posenc/engine_compare.h"
#include "posenc/io/inspect.h"
#include "posenc/mrope.h"
#include "posenc/registry.h"

namespace posenc::io {

namespace {

void writeLayers(DocumentWriter& w, const HfConfig& config)
{
    w.key("layers").beginArray();
    for (const auto& L : config.layers) {
        w.beginObject();
        w.field("index", L.index);
        w.field("layer_type", L.layerType);
        w.field("attention", enumName(kAttentionKindNames, L.attention));
        w.key("window");
        L.window ? (void)w.value(static_cast<long long>(*L.window)) : (void)w.null();
        w.field("rope",
                L.encoding < 0 ? std::string("none") : config.encodings[static_cast<std::size_t>(L.encoding)].id());
        w.endObject();
    }
    w.endArray();
    w.key("nope_temperature");
    if (const auto& t = config.nopeTemperature) {
        w.beginObject();
        w.field("attn_temperature_tuning", t->enabled);
        w.field("floor_scale", t->floorScale);
        w.field("attn_scale", t->attnScale);
        w.field("rule", "llama4-nope: query x (log1p(floor((pos + 1) / floor_scale)) * attn_scale + 1)");
        w.endObject();
    } else {
        w.null();
    }
    w.key("dual_chunk_attention"); // Qwen2.5-1M: vLLM's and SGLang's position remap (dual_chunk.h)
    if (const auto& d = config.dualChunk) {
        w.beginObject();
        w.field("chunk_size", static_cast<long long>(d->chunkSize));
        w.field("local_size", static_cast<long long>(d->localSize));
        w.field("original_max_position_embeddings", static_cast<long long>(d->originalMaxPositionEmbeddings));
        w.field("chunk_length", static_cast<long long>(dual_chunk::chunkLength(*d)));
        w.field("rule", "keys at p mod c, c = chunk_size - local_size; queries at p mod c (intra chunk), min(p mod c "
                        "+ c, chunk_size) (successive chunk), min(2c - 1, chunk_size) (earlier chunks): relative "
                        "distances never exceed chunk_size (vLLM, SGLang; transformers ignores the key)");
        w.endObject();
    } else {
        w.null();
    }
}

void writeGguf(DocumentWriter& w, const GgufInspection& g)
{
    w.field("source", std::string("gguf"));
    w.field("arch", g.summary.arch);
    w.field("gguf_version", static_cast<long long>(g.summary.version));
    w.field("llama_cpp_rope_type", g.summary.pairing);
    w.field("tensor_count", static_cast<long long>(g.summary.tensorCount));
    w.field("kv_count", static_cast<long long>(g.summary.kvCount));
    w.key("gguf_keys_used").array(g.summary.keysUsed);
    w.key("gguf_keys_ignored").array(g.summary.keysIgnored);
    if (!g.againstPath)
        return;
    w.key("against").beginObject();
    w.field("config", *g.againstPath);
    int mismatches = 0;
    for (const auto& d : g.drift)
        mismatches += d.mismatch ? 1 : 0;
    w.field("mismatches", mismatches);
    w.key("differences").beginArray();
    for (const auto& d : g.drift) {
        w.beginObject();
        w.field("scope", d.scope);
        w.field("what", d.what);
        w.field("gguf", d.gguf);
        w.field("hf", d.hf);
        w.field("mismatch", d.mismatch);
        w.field("message", d.message);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

void writeEngines(DocumentWriter& w, const HfConfig& config, const std::string& arithmetic)
{
    w.key("engines").beginArray();
    for (const auto& e : config.encodings) {
        const EngineComparison cmp = compareEnginesOf(e, arithmetic);
        w.beginObject();
        w.field("name", e.name);
        w.field("arithmetic", arithmetic);
        w.key("per_engine").beginArray();
        for (const auto& r : cmp.engines) {
            w.beginObject();
            w.field("engine", toString(r.engine));
            if (!r.encoding) {
                w.field("cannot_express", r.cannotExpress);
            } else {
                const RotaryFrequencies* f = r.encoding->rotary();
                w.key("inv_freq").array(f->invFreq);
                w.field("attention_factor", f->attentionFactor);
                w.key("notes").array(engineNotes(*r.encoding));
                if (r.againstHf) {
                    const EngineDisagreement& d = *r.againstHf;
                    w.key("against_hf").beginObject();
                    w.field("inv_freq_max_relative_difference", d.invFreqMaxRelative);
                    w.field("inv_freq_pair", static_cast<long long>(d.invFreqPair));
                    w.field("attention_factor_ratio", d.attentionRatio);
                    w.field("cos_sin_max_difference", d.cosSinMaxDifference);
                    w.field("cos_sin_position", static_cast<long long>(d.cosSinPosition));
                    w.field("cos_sin_pair", static_cast<long long>(d.cosSinPair));
                    w.field("positions_compared", static_cast<long long>(cmp.positions.size()));
                    w.endObject();
                }
            }
            w.endObject();
        }
        w.endArray();
        w.endObject();
    }
    w.endArray();
}

void writeEncoding(DocumentWriter& w, const HfEncoding& e, bool exactBaseBound)
{
    const auto b = inspectBounds(e, exactBaseBound);
    const RotaryFrequencies* f = e.encoding->rotary();
    w.beginObject();
    w.field("id", e.id());
    w.field("name", e.name);
    w.field("scope", e.scope);
    w.field("layer_type", e.layerType);
    w.key("attention_window");
    e.window ? (void)w.value(static_cast<long long>(*e.window)) : (void)w.null();
    w.field("rope_type", e.ropeType);
    w.field("method", e.method);
    w.key("params").beginObject();
    for (const auto& spec : Registry::instance().find(e.method).info.params)
        w.key(spec.name).value(e.params.get(spec.name));
    w.endObject();
    w.field("head_dim", e.headDim);
    w.field("rotary_dim", e.rotaryDim);
    w.field("pairing", toString(f->pairing));
    w.key("inv_freq").array(e.invFreq);
    if (const auto* streams = mrope::pairStreamsOf(*e.encoding)) {
        std::vector<double> stream(streams->begin(), streams->end());
        w.key("mrope_section").array(e.params.list("mrope-section"));
        w.key("pair_stream").array(stream); // 0 = t, 1 = h, 2 = w
    }
    w.key("wavelength").array(wavelengths(e.invFreq));
    w.field("attention_factor", e.attentionFactor);
    w.field("softmax_scale_multiplier", f->softmaxScaleMultiplier);
    w.key("query_temperature"); // Ministral 3 / Mistral 4 (attention_scale.h rule llama4-scaling-beta)
    if (e.llama4ScalingBeta) {
        w.beginObject();
        w.field("rule", "llama4-scaling-beta");
        w.field("beta", *e.llama4ScalingBeta);
        w.field("original_max_position_embeddings", e.llama4ScalingLength);
        w.field("formula", "query x (1 + beta ln(1 + floor(pos / L0))), keys unscaled");
        w.endObject();
    } else {
        w.null();
    }
    w.key("max_position_embeddings");
    e.maxPositionEmbeddings ? (void)w.value(static_cast<long long>(*e.maxPositionEmbeddings)) : (void)w.null();
    w.field("pairs_kept", b.pairsKept);
    w.field("pairs_ramped", b.pairsRamped);
    w.field("pairs_interpolated", b.pairsInterpolated);
    w.optionalField("critical_dim", b.criticalDim);
    w.optionalField("extrapolation_bound", b.extrapolationBound);
    w.key("l_theta");
    b.lTheta ? (void)w.value(static_cast<long long>(*b.lTheta)) : (void)w.null();
    w.field("bounds_context_length", b.targetContext);
    if (exactBaseBound) // asked for (--base-bound); null: no base up to 1e15
        w.optionalField("base_lower_bound", b.baseLowerBound);
    w.optionalField("rope_theta_meets_base_bound", baseMeetsBound(e, b));
    w.endObject();
}

} // namespace

void writeInspectReport(DocumentWriter& w, const InspectReport& r)
{
    const HfConfig& config = r.config;
    w.beginObject();
    w.field("model", config.modelName);
    if (r.gguf)
        writeGguf(w, *r.gguf);
    w.field("hf_era", toString(config.era));
    w.optionalField("seq_len", r.seqLen);
    w.key("encodings").beginArray();
    for (const auto& e : config.encodings)
        writeEncoding(w, e, r.baseBound);
    w.endArray();
    writeLayers(w, config);
    w.key("warnings").array(config.warnings);
    w.key("notes").array(config.notes);
    if (r.enginesAll) // --engines all: each engine's frequencies and where they disagree
        writeEngines(w, config, *r.enginesAll);
    w.endObject();
}

} // namespace posenc::io
