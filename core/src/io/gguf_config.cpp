// SPDX-License-Identifier: GPL-3.0-or-later
// The rope metadata of a GGUF file → registry methods, with the file's own values. Key names: llama.cpp
// src/llama-arch.cpp `LLM_KV_NAMES` (revision 00395eb285); defaults as llama.cpp's loader takes them
// (src/llama-model.cpp `llama_model::load_hparams`, revision 00342301d0): freq_base 10000, n_rot = head size,
// a missing scaling type is "linear" with factor 1 (plain RoPE), freq_scale = 1 / rope.scaling.factor (else
// 1 / rope.scale_linear), original_context_length defaults to context_length, YaRN beta_fast 32 / beta_slow 1.
// Tensors: rope_freqs.weight (Llama 3: θ_i divided by factor i) and rope_factors_long/short.weight (Phi-3).
#include "posenc/errors.h"
#include "posenc/io/gguf.h"
#include "posenc/registry.h"

#include "diagnostics.h"
#include "table_internal.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace posenc::io {

namespace {

class Meta {
public:
    Meta(std::span<const std::byte> bytes, const GgufFile& f, const std::string& origin)
        : m_bytes(bytes), m_file(f), m_origin(origin)
    {
    }

    [[noreturn]] void fail(const std::string& key, const std::string& why) const
    {
        const GgufKv* kv = m_file.find(key);
        throw InvalidInput(key, m_origin + ": " + key + (kv ? " (byte " + std::to_string(kv->offset) + ")" : "") + " " +
                                    why);
    }

    bool has(const std::string& key) const { return m_file.find(key) != nullptr; }
    bool hasTensor(const std::string& name) const { return m_file.tensor(name) != nullptr; }

    std::optional<double> number(const std::string& key)
    {
        const GgufKv* kv = m_file.find(key);
        if (!kv)
            return std::nullopt;
        m_used.insert(key);
        if (const auto* i = std::get_if<std::int64_t>(&kv->value))
            return static_cast<double>(*i);
        if (const auto* u = std::get_if<std::uint64_t>(&kv->value))
            return static_cast<double>(*u);
        if (const auto* d = std::get_if<double>(&kv->value)) {
            if (!std::isfinite(*d))
                fail(key, "is " + formatNumber(*d) + "; a finite number is needed");
            return *d;
        }
        if (const auto* a = std::get_if<GgufArray>(&kv->value)) {
            // per-layer values (e.g. head_count): all layers must agree for one encoding
            const auto v = ggufNumbers(m_bytes, *a, m_origin);
            if (v.empty())
                fail(key, "is an empty array; a number is needed");
            if (std::any_of(v.begin(), v.end(), [&](double x) { return x != v.front(); }))
                m_diag.note(Phrase::of("gguf.per-layer", {detail::lit(key), detail::num(v.front())}));
            return v.front();
        }
        fail(key, "is a " + toString(kv->type) + "; a number is needed");
    }

    std::optional<std::string> string(const std::string& key)
    {
        const GgufKv* kv = m_file.find(key);
        if (!kv)
            return std::nullopt;
        m_used.insert(key);
        if (const auto* s = std::get_if<std::string>(&kv->value))
            return *s;
        fail(key, "is a " + toString(kv->type) + "; a string is needed");
    }

    std::optional<std::vector<double>> list(const std::string& key)
    {
        const GgufKv* kv = m_file.find(key);
        if (!kv)
            return std::nullopt;
        m_used.insert(key);
        if (const auto* a = std::get_if<GgufArray>(&kv->value))
            return ggufNumbers(m_bytes, *a, m_origin);
        fail(key, "is a " + toString(kv->type) + "; an array of numbers is needed");
    }

    /// A rope tensor's values (at most `pairs` of them, else InvalidInput).
    std::optional<std::vector<double>> tensor(const std::string& name, std::size_t pairs)
    {
        const GgufTensor* t = m_file.tensor(name);
        if (!t)
            return std::nullopt;
        m_used.insert(name);
        auto v = ggufTensorValues(m_bytes, m_file, *t, m_origin, 1 << 16);
        if (v.size() != pairs)
            throw InvalidInput(name, m_origin + ": GGUF tensor \"" + name + "\" has " + std::to_string(v.size()) +
                                         " entries; it needs n_rot/2 = " + std::to_string(pairs));
        for (std::size_t i = 0; i < v.size(); ++i)
            if (!(v[i] > 0.0))
                throw InvalidInput(name, m_origin + ": GGUF tensor \"" + name + "\" entry " + std::to_string(i) +
                                             " is " + formatNumber(v[i]) + "; frequency factors must be > 0");
        return v;
    }

    const std::set<std::string>& used() const { return m_used; }
    detail::Diagnostics& diag() { return m_diag; }

private:
    std::span<const std::byte> m_bytes;
    const GgufFile& m_file;
    std::string m_origin;
    std::set<std::string> m_used;
    detail::Diagnostics m_diag;
};

long long positiveInt(Meta& m, const std::string& key, double v)
{
    if (!(v >= 1.0) || v != std::floor(v) || v > 1e9)
        m.fail(key, "is " + formatNumber(v) + "; a positive integer is needed");
    return static_cast<long long>(v);
}

struct Scope {
    std::string layer; ///< "" or "sliding_attention"
    long long headDim = 0;
    long long nRot = 0;
    double base = 10000.0;
    bool scaled = true; ///< applies the file's scaling (the SWA scope does not)
};

} // namespace

HfConfig ggufConfig(std::span<const std::byte> bytes, const GgufFile& file, const HfConfigOptions& options,
                    GgufSummary* summary)
{
    const std::string& origin = options.origin;
    Meta m(bytes, file, origin);
    const auto arch = m.string("general.architecture");
    if (!arch)
        throw InvalidInput("general.architecture", origin + ": general.architecture is missing; every GGUF model "
                                                            "names its architecture");
    const std::string p = *arch + ".";
    const std::string pairing = llamaCppRopeType(*arch);
    HfConfig out;
    out.era = options.era;
    out.modelType = *arch;
    out.modelName = m.string("general.name").value_or(*arch);

    long long headDim = 0;
    if (const auto k = m.number(p + "attention.key_length")) {
        headDim = positiveInt(m, p + "attention.key_length", *k);
    } else {
        const auto embd = m.number(p + "embedding_length");
        const auto heads = m.number(p + "attention.head_count");
        if (embd && heads) {
            headDim =
                positiveInt(m, p + "embedding_length", *embd) / positiveInt(m, p + "attention.head_count", *heads);
            if (headDim == 0)
                m.fail(p + "attention.head_count", "exceeds " + p + "embedding_length: the head size would be 0");
        }
    }
    const auto nRotValue = m.number(p + "rope.dimension_count");
    if (!nRotValue && headDim == 0) {
        const bool learned = file.tensor("position_embd.weight") != nullptr;
        throw InvalidInput("config", origin + ": " + *arch + " has no rope metadata (" + p +
                                         "rope.dimension_count) and no head size" +
                                         (pairing == "none" ? " (llama.cpp: no RoPE for this architecture)" : "") +
                                         (learned ? "; its learned position table is position_embd.weight: use "
                                                    "--input " +
                                                        origin + ":position_embd.weight"
                                                  : ""));
    }
    const long long nRot = nRotValue ? positiveInt(m, p + "rope.dimension_count", *nRotValue) : headDim;
    if (headDim == 0)
        headDim = nRot;
    if (nRot > headDim)
        m.fail(p + "rope.dimension_count",
               "(" + std::to_string(nRot) + ") exceeds the head size " + std::to_string(headDim));
    if (nRot % 2 != 0)
        m.fail(p + "rope.dimension_count", "is " + std::to_string(nRot) + "; rotary channels come in pairs");
    const auto ctxValue = m.number(p + "context_length");
    const std::optional<long long> ctx =
        ctxValue ? std::optional<long long>(positiveInt(m, p + "context_length", *ctxValue)) : std::nullopt;

    std::vector<Scope> scopes;
    Scope main;
    main.headDim = headDim;
    main.nRot = nRot;
    if (const auto b = m.number(p + "rope.freq_base"))
        main.base = *b;
    else
        m.diag().note(Phrase::of("gguf.base-default", {detail::lit(p + "rope.freq_base")}));
    scopes.push_back(main);
    if (m.has(p + "rope.freq_base_swa") || m.has(p + "rope.dimension_count_swa")) {
        Scope swa = main;
        swa.layer = "sliding_attention";
        swa.scaled = false;
        if (const auto b = m.number(p + "rope.freq_base_swa"))
            swa.base = *b;
        if (const auto k = m.number(p + "attention.key_length_swa"))
            swa.headDim = positiveInt(m, p + "attention.key_length_swa", *k);
        if (const auto n = m.number(p + "rope.dimension_count_swa"))
            swa.nRot = positiveInt(m, p + "rope.dimension_count_swa", *n);
        if (swa.nRot > swa.headDim || swa.nRot % 2 != 0)
            m.fail(p + "rope.dimension_count_swa", "(" + std::to_string(swa.nRot) +
                                                       ") must be even and at most the head size " +
                                                       std::to_string(swa.headDim));
        scopes.front().layer = "full_attention";
        scopes.push_back(swa);
        m.diag().note(Phrase::of("gguf.swa"));
    }

    // scaling: llama.cpp reads a missing type as "linear"; factor 0 or absent means 1
    std::string type = m.string(p + "rope.scaling.type").value_or("linear");
    if (type != "none" && type != "linear" && type != "yarn" && type != "longrope")
        m.fail(p + "rope.scaling.type", "is \"" + type + "\"; llama.cpp knows none, linear, yarn, longrope");
    double factor = 1.0;
    if (const auto f = m.number(p + "rope.scaling.factor"); f && *f != 0.0)
        factor = *f;
    else if (const auto s = m.number(p + "rope.scale_linear"); s && *s != 0.0)
        factor = *s;
    if (!(factor > 0.0))
        m.fail(p + "rope.scaling.factor", "is " + formatNumber(factor) + "; it must be > 0 (freq_scale = 1/factor)");
    if (type == "linear" && factor == 1.0)
        type = "none";
    const auto originalValue = m.number(p + "rope.scaling.original_context_length");
    const std::optional<long long> original =
        originalValue
            ? std::optional<long long>(positiveInt(m, p + "rope.scaling.original_context_length", *originalValue))
            : ctx;
    const auto attnFactor = m.number(p + "rope.scaling.attn_factor");
    if (const auto sections = m.list(p + "rope.dimension_sections")) {
        std::string s;
        for (double x : *sections)
            s += (s.empty() ? "" : ", ") + formatNumber(x);
        m.diag().note(Phrase::of("gguf.sections", {detail::lit(p + "rope.dimension_sections"), detail::lit(s)}));
    }

    const std::size_t pairs = static_cast<std::size_t>(nRot / 2);
    const auto freqs = m.tensor("rope_freqs.weight", pairs);
    // Phi-3's converter writes rope_factors_long/short.weight and rope.scaling.attn_factor but no scaling type
    // (convert_hf_to_gguf.py Phi3MiniModel); llama.cpp applies them whatever the type: get_rope_factors
    // (src/llama-model.cpp) returns rope_freqs if present, else rope_long when n_ctx_seq > n_ctx_orig_yarn, else
    // rope_short, and the context multiplies the kernel's magnitude by rope_attn_factor (src/llama-context.cpp,
    // `cparams.yarn_attn_factor *= hparams.rope_attn_factor`). Issue 38: both were left out here.
    const bool phiFactors =
        type == "none" && !freqs && m.hasTensor("rope_factors_long.weight") && m.hasTensor("rope_factors_short.weight");
    if (phiFactors)
        m.diag().note(Phrase::of("gguf.phi-factors", {detail::lit(p + "rope.scaling.type"),
                                                      detail::lit(p + "rope.scaling.original_context_length"),
                                                      detail::lit(p + "rope.scaling.attn_factor")}));
    for (const auto& s : scopes) {
        std::string method = "rope", ropeType = s.scaled ? (phiFactors ? "longrope" : type) : "none";
        ParamSet params;
        if (s.scaled && type == "linear") {
            method = "pi";
        } else if (s.scaled && type == "yarn") {
            method = "yarn";
        } else if (s.scaled && (type == "longrope" || phiFactors)) {
            method = "longrope";
        } else if (s.scaled && freqs) {
            method = "longrope"; // θ_i / f_i for every position: LongRoPE's rescaling with one factor list
        }
        const MethodDef& def = Registry::instance().find(method);
        params = Registry::defaults(def);
        const bool exact =
            static_cast<long long>(static_cast<double>(s.headDim) *
                                   (static_cast<double>(s.nRot) / static_cast<double>(s.headDim))) == s.nRot;
        params.set("head-dim", static_cast<double>(exact ? s.headDim : s.nRot));
        params.set("partial-rotary-factor", exact ? static_cast<double>(s.nRot) / static_cast<double>(s.headDim) : 1.0);
        if (!(s.base > 1.0))
            m.fail(p + (s.layer == "sliding_attention" ? "rope.freq_base_swa" : "rope.freq_base"),
                   "is " + formatNumber(s.base) + "; it must be > 1");
        params.set("base", s.base);
        params.set("pairing", std::string(pairing == "norm" ? "interleaved" : "half"));
        const std::string scopeKey = p + "rope.scaling.type";
        if (method == "pi") {
            params.set("factor", factor);
        } else if (method == "yarn") {
            if (!original)
                m.fail(p + "rope.scaling.original_context_length",
                       "is missing, and so is " + p + "context_length: YaRN needs the original length");
            params.set("factor", factor);
            params.set("original-max-position-embeddings", static_cast<double>(*original));
            params.set("beta", m.number(p + "rope.scaling.yarn_beta_fast").value_or(32.0));
            params.set("alpha", m.number(p + "rope.scaling.yarn_beta_slow").value_or(1.0));
            params.set("truncate", true); // ggml_rope_yarn_corr_dims floors/ceils always
            if (const auto mul = m.number(p + "rope.scaling.yarn_log_multiplier"); mul && *mul != 0.0) {
                // DeepSeek2's converter writes 0.1 * mscale_all_dim (llama.cpp PR #17945)
                params.set("mscale", *mul / 0.1);
                params.set("mscale-all-dim", *mul / 0.1);
                // llm_build_deepseek2 (src/models/deepseek2.cpp) multiplies kq_scale by mscale^2; the softmax
                // multiplier is the graph's, not the rope's: other architectures' graphs are not assumed to.
                params.set("softmax-mscale", *arch == "deepseek2");
                m.diag().note(Phrase::of("gguf.log-multiplier", {detail::lit(p + "rope.scaling.yarn_log_multiplier"),
                                                                 detail::num(*mul), detail::num(*mul / 0.1)}));
            }
            if (attnFactor)
                params.set("attention-factor", *attnFactor);
            if (const auto ext = m.number(p + "rope.scaling.yarn_ext_factor"); ext && *ext >= 0.0 && *ext != 1.0)
                m.diag().note(Phrase::of("gguf.ext-factor",
                                         {detail::lit(p + "rope.scaling.yarn_ext_factor"), detail::num(*ext)}));
            if (const auto ya = m.number(p + "rope.scaling.yarn_attn_factor"); ya && *ya != 1.0)
                m.diag().note(Phrase::of("gguf.yarn-attn-factor",
                                         {detail::lit(p + "rope.scaling.yarn_attn_factor"), detail::num(*ya)}));
        } else if (method == "longrope") {
            std::vector<double> longF, shortF;
            double s0 = 1.0, L0 = static_cast<double>(original.value_or(ctx.value_or(4096)));
            if (type == "longrope" || phiFactors) {
                const auto l = m.tensor("rope_factors_long.weight", pairs);
                const auto sh = m.tensor("rope_factors_short.weight", pairs);
                if (!l || !sh)
                    throw InvalidInput(scopeKey, origin + ": " + scopeKey + " is longrope but the tensor " +
                                                     (!l ? "rope_factors_long.weight" : "rope_factors_short.weight") +
                                                     " is missing");
                longF = *l;
                shortF = *sh;
                s0 = m.has(p + "rope.scaling.factor") && factor != 1.0 ? factor
                     : ctx && original                                 ? static_cast<double>(*ctx) / L0
                                                                       : 1.0;
                if (attnFactor)
                    params.set("attention-factor", *attnFactor);
                const bool useLong = options.seqLen && *options.seqLen > L0;
                params.set("factor-set", std::string(useLong ? "long" : "short"));
            } else {
                longF = shortF = *freqs;
                params.set("factor-set", std::string("long"));
                m.diag().note(Phrase::of("gguf.freqs-llama3"));
            }
            params.set("factor", s0);
            params.set("original-max-position-embeddings", L0);
            params.set("seq-len", options.seqLen.value_or(0.0));
            params.set("long-factor", longF);
            params.set("short-factor", shortF);
        }
        if (s.scaled && freqs && method != "longrope")
            m.diag().note(Phrase::of("gguf.freqs-unapplied", {detail::lit(type)}));
        HfEncoding enc;
        enc.name = out.modelName + (scopes.size() > 1 ? " (" + s.layer + ")" : "");
        enc.scope = s.layer;
        enc.ropeType = ropeType;
        enc.method = method;
        try {
            Registry::validate(def, params);
        } catch (const InvalidInput& e) {
            throw e.located(e.param(), origin + ": " + p + "rope (" + ropeType + ")", method);
        }
        for (const auto& w : Registry::warnings(def, params))
            m.diag().warn(Phrase::of("config.where", {detail::lit(p + "rope"), w.phrase}));
        enc.params = params;
        enc.encoding = def.build(enc.params);
        enc.invFreq = enc.encoding->rotary()->invFreq;
        enc.headDim = static_cast<int>(s.headDim);
        enc.rotaryDim = static_cast<int>(s.nRot);
        enc.attentionFactor = enc.encoding->rotary()->attentionFactor;
        if (ctx)
            enc.maxPositionEmbeddings = *ctx;
        out.encodings.push_back(std::move(enc));
    }
    if (pairing.empty())
        m.diag().note(Phrase::of("gguf.arch-unknown", {detail::lit(*arch)}));
    else if (pairing == "norm")
        m.diag().note(Phrase::of("gguf.norm-pairing", {detail::lit(*arch)}));
    out.warnings = std::move(m.diag().warnings);
    out.warningPhrases = std::move(m.diag().warningPhrases);
    out.notes = std::move(m.diag().notes);
    out.notePhrases = std::move(m.diag().notePhrases);
    if (summary) {
        summary->arch = *arch;
        summary->pairing = pairing.empty() ? "unknown" : pairing;
        summary->version = file.version;
        summary->tensorCount = file.tensors.size();
        summary->kvCount = file.kvs.size();
        summary->keysUsed.assign(m.used().begin(), m.used().end());
        summary->keysIgnored.clear();
        for (const auto& kv : file.kvs)
            if (kv.key.rfind(p + "rope.", 0) == 0 && !m.used().count(kv.key))
                summary->keysIgnored.push_back(kv.key);
        for (const char* t : {"rope_freqs.weight", "rope_factors_long.weight", "rope_factors_short.weight"})
            if (file.tensor(t) && !m.used().count(t))
                summary->keysIgnored.emplace_back(t);
    }
    return out;
}

HfConfig loadGgufConfig(const std::string& path, HfConfigOptions options, GgufSummary* summary)
{
    if (options.origin.empty() || options.origin == "config")
        options.origin = path;
    const detail::MappedFile mapped(path, std::uint64_t(1) << 50);
    const GgufFile f = parseGguf(mapped.bytes(), options.origin, "config");
    return ggufConfig(mapped.bytes(), f, options, summary);
}

} // namespace posenc::io
