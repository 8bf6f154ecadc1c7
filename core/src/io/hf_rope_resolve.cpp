// SPDX-License-Identifier: GPL-3.0-or-later
// transformers `modeling_rope_utils.py`, rope type by rope type, era by era (conventions.md, "Hugging Face
// history"). Each era's rule is written out where it differs, so that the table in the docs can be read here.
#include "hf_rope_resolve.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <algorithm>

namespace posenc::io::detail {

namespace {

bool atLeast(HfEra era, HfEra first)
{
    return static_cast<int>(era) >= static_cast<int>(first);
}

std::string eraName(HfEra era)
{
    return "HF era " + toString(era);
}

Phrase eraPhrase(HfEra era)
{
    return Phrase::of("config.era-name", {lit(toString(era))});
}

class Resolver {
public:
    Resolver(const RopeInputs& in, HfEra era, std::optional<double> seqLen, Diagnostics& diag)
        : m_in(in), m_era(era), m_seqLen(seqLen), m_diag(diag)
    {
    }

    RopeResolution run()
    {
        RopeResolution r;
        r.ropeType = ropeType();
        const std::string& t = r.ropeType;
        // HF's rope types are the methods' ids or aliases (rope: "default", pi: "linear", dynamic-ntk: "dynamic").
        const MethodDef& def = Registry::instance().find(t);
        r.method = def.info.id;
        m_params = Registry::defaults(def);
        m_type = t;
        common();
        if (t == "linear")
            m_params.set("factor", required("factor"));
        else if (t == "dynamic")
            dynamic();
        else if (t == "yarn")
            yarn();
        else if (t == "llama3")
            llama3();
        else if (t == "longrope")
            longrope();
        else if (t == "proportional")
            m_params.set("factor", factorOr(1.0));
        r.params = std::move(m_params);
        r.hfDim = t == "proportional" ? static_cast<int>(m_in.headDim)
                                      : static_cast<int>(static_cast<double>(m_in.headDim) * m_in.partial);
        if (m_in.rope)
            for (const auto& key : m_in.rope->unusedKeys())
                m_diag.note(
                    Phrase::of("config.key-unread-for-type", {lit(m_in.rope->keyPath(key)), lit(t), eraPhrase(m_era)}));
        return r;
    }

private:
    std::string ropeType()
    {
        if (!m_in.forcedType.empty())
            return m_in.forcedType;
        if (!m_in.rope)
            return "default";
        JsonObjectReader& d = *m_in.rope;
        auto type = d.string("rope_type");
        const auto legacy = d.string("type");
        if (!type)
            type = legacy; // HF's standardisation: the legacy `type` key stands for `rope_type`
        if (!type) {
            if (atLeast(m_era, HfEra::V5dev))
                return "default";
            d.fail("rope_type", "is missing (nor is there a legacy \"type\"); " + eraName(m_era) + " needs one");
        }
        std::string t = *type;
        if (t == "su") {
            m_diag.note(Phrase::of("config.su-alias", {lit(d.keyPath("type"))}));
            t = "longrope";
        } else if (t == "mrope") {
            m_diag.note(Phrase::of("config.mrope-type", {lit(d.keyPath("type"))}));
            t = "default";
        }
        static const std::vector<std::string> known{"default",  "linear", "dynamic",     "yarn",
                                                    "longrope", "llama3", "proportional"};
        if (std::find(known.begin(), known.end(), t) == known.end())
            d.fail(type == legacy ? "type" : "rope_type",
                   "\"" + t +
                       "\" is not a rope type HF knows (default, linear, dynamic, yarn, longrope, llama3, "
                       "proportional)");
        if (t == "proportional" && m_era != HfEra::V5)
            d.fail("rope_type", "\"proportional\" is unknown to " + eraName(m_era) + " (added in v5)");
        return t;
    }

    void common()
    {
        double base = 10000.0;
        if (m_in.base)
            base = *m_in.base;
        else
            m_diag.note(Phrase::of("config.theta-default"));
        if (base <= 1.0)
            throw InvalidInput("rope_theta", "rope_theta must be > 1, got " + formatNumber(base));
        if (m_in.oddDerivedHeadDim && m_type != "proportional") {
            // HF computes with an odd head_dim (arange(0, dim, 2) / dim); the registry's head-dim is even, so
            // the same rotary channels are written as head-dim 2h with partial_rotary_factor p/2:
            // int(2h * p/2) = int(h * p) exactly (halving and doubling are exact in binary).
            m_params.set("head-dim", static_cast<double>(2 * m_in.headDim));
            m_params.set("partial-rotary-factor", m_in.partial / 2.0);
            m_diag.warn(Phrase::of("config.odd-head-dim",
                                   {num(static_cast<double>(m_in.headDim)),
                                    num(2.0 * static_cast<double>(m_in.headDim)), num(m_in.partial / 2.0)}));
        } else {
            m_params.set("head-dim", static_cast<double>(m_in.headDim));
            m_params.set("partial-rotary-factor", m_in.partial);
        }
        m_params.set("base", base);
        m_params.set("pairing", std::string(m_in.interleaved ? "interleaved" : "half"));
    }

    double required(const std::string& key)
    {
        const auto x = m_in.rope ? m_in.rope->number(key) : std::nullopt;
        if (!x) {
            const std::string where = m_in.rope ? m_in.rope->keyPath(key) : "rope_scaling." + key;
            throw InvalidInput(where, where + " is missing; HF has no default for it");
        }
        return *x;
    }

    double factorOr(double fallback)
    {
        const auto x = m_in.rope ? m_in.rope->number("factor") : std::nullopt;
        return x ? *x : fallback;
    }

    double maxPos()
    {
        if (!m_in.maxPos)
            throw InvalidInput(m_in.maxPosKey,
                               m_in.maxPosKey + " is missing; " + eraName(m_era) + " needs it for this rope type");
        return *m_in.maxPos;
    }

    void dynamic()
    {
        m_params.set("factor", required("factor"));
        // HF: l = max(seq_len, max_position_embeddings); no seq_len yet → base unchanged
        m_params.set("original-max-position-embeddings", maxPos());
        m_params.set("seq-len", m_seqLen.value_or(0.0));
        m_params.set("dynamic-formula", std::string("hf"));
    }

    void yarn()
    {
        JsonObjectReader& d = *m_in.rope;
        // every era's _compute_yarn_parameters multiplies ceil(dim/2) frequencies by a ramp of dim // 2 entries:
        // a RuntimeError for an odd dim (run: tests/data/make_hf_transformers_cases.py, odd_head_dim_yarn)
        if (const long long dim = static_cast<long long>(static_cast<double>(m_in.headDim) * m_in.partial);
            dim % 2 != 0)
            throw InvalidInput("head_dim", "yarn with an odd rotary dimension " + std::to_string(dim) + " (head_dim " +
                                               std::to_string(m_in.headDim) + "): HF cannot load it (its ramp has " +
                                               std::to_string(dim / 2) + " entries for " +
                                               std::to_string((dim + 1) / 2) + " frequencies)");
        const auto explicitFactor = d.number("factor");
        const auto dictOriginal = d.positiveInt("original_max_position_embeddings");
        double factor = 0, L0 = 0;
        const auto needMax = [&] { return maxPos(); };
        const auto needFactor = [&] {
            if (!explicitFactor)
                d.fail("factor", "is missing; " + eraName(m_era) + " has no default for yarn");
            return *explicitFactor;
        };
        switch (m_era) {
        case HfEra::Y2024:
        case HfEra::Y2025a:
            if (dictOriginal)
                m_diag.note(Phrase::of("config.original-unread", {lit(d.keyPath("original_max_position_embeddings")),
                                                                  eraPhrase(m_era), lit(m_in.maxPosKey)}));
            L0 = needMax();
            factor = needFactor();
            break;
        case HfEra::Y2025b:
        case HfEra::V5dev:
            if (dictOriginal) {
                L0 = static_cast<double>(*dictOriginal);
                factor = needMax() / L0;
                if (explicitFactor && *explicitFactor != factor)
                    m_diag.note(
                        Phrase::of("config.factor-replaced", {eraPhrase(m_era), lit(d.keyPath("factor")),
                                                              num(*explicitFactor), lit(m_in.maxPosKey), num(factor)}));
            } else {
                L0 = needMax();
                factor = needFactor();
            }
            break;
        case HfEra::Y2025c:
            L0 = dictOriginal ? static_cast<double>(*dictOriginal) : needMax();
            factor = needFactor();
            break;
        case HfEra::V5:
            L0 = v5Original(d, dictOriginal ? std::optional<double>(static_cast<double>(*dictOriginal)) : std::nullopt);
            if (explicitFactor) {
                factor = *explicitFactor;
            } else {
                factor = needMax() / L0;
                m_diag.note(Phrase::of("config.factor-absent-v5",
                                       {lit(d.keyPath("factor")), lit(m_in.maxPosKey), num(factor)}));
            }
            break;
        }
        m_params.set("factor", factor);
        m_params.set("original-max-position-embeddings", L0);
        // HF: `beta_fast or 32`, `beta_slow or 1` (0 counts as unset)
        const auto betaFast = d.number("beta_fast");
        const auto betaSlow = d.number("beta_slow");
        m_params.set("beta", betaFast && *betaFast != 0.0 ? *betaFast : 32.0);
        m_params.set("alpha", betaSlow && *betaSlow != 0.0 ? *betaSlow : 1.0);
        if (const auto a = d.number("attention_factor"))
            m_params.set("attention-factor", *a);
        if (atLeast(m_era, HfEra::Y2025b)) {
            m_params.set("mscale", d.number("mscale").value_or(0.0));
            m_params.set("mscale-all-dim", d.number("mscale_all_dim").value_or(0.0));
            m_params.set("softmax-mscale", m_in.softmaxMscale);
            m_params.set("truncate", d.boolean("truncate").value_or(true));
        }
    }

    void llama3()
    {
        m_params.set("factor", required("factor"));
        m_params.set("alpha", required("low_freq_factor"));
        m_params.set("beta", required("high_freq_factor"));
        const double L0 = m_era == HfEra::V5
                              ? v5Original(*m_in.rope, m_in.rope->number("original_max_position_embeddings"))
                              : required("original_max_position_embeddings");
        if (L0 <= 0 || L0 != static_cast<double>(static_cast<long long>(L0)))
            m_in.rope->fail("original_max_position_embeddings", "must be a positive integer, got " + formatNumber(L0));
        m_params.set("original-max-position-embeddings", L0);
    }

    /// v5's `standardize_rope_params` (modeling_rope_utils.py at decba1d2ea, RotaryEmbeddingConfigMixin), run
    /// again by each rope function once the config's attributes are set: for llama3/yarn/longrope in a flat
    /// dict, a top-level original_max_position_embeddings replaces the dict's; else the dict's, else
    /// max_position_embeddings (setdefault). Per-layer dicts: the dict's, else max_position_embeddings.
    double v5Original(JsonObjectReader& d, std::optional<double> dictOriginal)
    {
        const std::string key = d.keyPath("original_max_position_embeddings");
        if (m_in.topOriginal && !m_in.perLayer) {
            if (dictOriginal && *dictOriginal != *m_in.topOriginal)
                m_diag.note(Phrase::of("config.original-replaced",
                                       {eraPhrase(m_era), lit(key), num(*dictOriginal), num(*m_in.topOriginal)}));
            return *m_in.topOriginal;
        }
        if (dictOriginal)
            return *dictOriginal;
        if (!m_in.maxPos)
            throw InvalidInput(m_in.maxPosKey, key + " is missing, and so is " + m_in.maxPosKey + ", which " +
                                                   eraName(m_era) + " uses in its place");
        m_diag.note(
            Phrase::of("config.original-absent", {lit(key), eraPhrase(m_era), lit(m_in.maxPosKey), num(maxPos())}));
        return maxPos();
    }

    void longrope()
    {
        JsonObjectReader& d = *m_in.rope;
        const auto shortF = d.numberList("short_factor");
        const auto longF = d.numberList("long_factor");
        if (!shortF)
            d.fail("short_factor", "is missing; longrope needs short_factor and long_factor");
        if (!longF)
            d.fail("long_factor", "is missing; longrope needs short_factor and long_factor");
        const auto explicitFactor = d.number("factor");
        const auto dictOriginal = d.positiveInt("original_max_position_embeddings");
        double s = 1, L0 = 0;
        bool useLong = false;
        const auto needFactor = [&] {
            if (!explicitFactor)
                d.fail("factor", "is missing and there is no top-level original_max_position_embeddings; " +
                                     eraName(m_era) + " has no default");
            return *explicitFactor;
        };
        const auto ignoredFactor = [&] {
            if (explicitFactor)
                m_diag.note(Phrase::of("config.factor-ignored",
                                       {eraPhrase(m_era), lit(d.keyPath("factor")), lit(m_in.maxPosKey)}));
        };
        if (m_era == HfEra::V5) {
            L0 = v5Original(d, dictOriginal ? std::optional<double>(static_cast<double>(*dictOriginal)) : std::nullopt);
            s = explicitFactor ? *explicitFactor : maxPos() / L0;
            useLong = m_seqLen && *m_seqLen > L0;
        } else if (m_in.topOriginal) {
            L0 = *m_in.topOriginal;
            s = maxPos() / L0;
            ignoredFactor();
            if (m_era == HfEra::Y2024) {
                useLong = !m_seqLen || *m_seqLen >= L0;
                if (!useLong)
                    s = 1.0; // 2024: below the original length the short factors and no attention scaling
            } else {
                useLong = m_seqLen && *m_seqLen > L0;
            }
        } else {
            L0 = maxPos();
            s = needFactor();
            useLong = m_era == HfEra::Y2024 || (m_seqLen && *m_seqLen > L0);
        }
        m_params.set("factor", s);
        m_params.set("original-max-position-embeddings", L0);
        m_params.set("seq-len", m_seqLen.value_or(0.0));
        m_params.set("factor-set", std::string(useLong ? "long" : "short"));
        m_params.set("short-factor", *shortF);
        m_params.set("long-factor", *longF);
        if (const auto a = d.number("attention_factor"))
            m_params.set("attention-factor", *a);
    }

    const RopeInputs& m_in;
    HfEra m_era;
    std::optional<double> m_seqLen;
    Diagnostics& m_diag;
    ParamSet m_params;
    std::string m_type;
};

} // namespace

RopeResolution resolveRope(const RopeInputs& in, HfEra era, std::optional<double> seqLen, Diagnostics& diag)
{
    return Resolver(in, era, seqLen, diag).run();
}

Phrase num(double v)
{
    return Phrase::literal(formatNumber(v));
}

} // namespace posenc::io::detail
