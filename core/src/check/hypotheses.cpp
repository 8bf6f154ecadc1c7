// SPDX-License-Identifier: GPL-3.0-or-later
// Hypotheses: registry variants of the reference parameters, and changes of layout, attention factor,
// positions and arithmetic. Each names the real-world bug it stands for (vocabulary.cpp).
#include "hypotheses.h"

#include "engine_tables.h"

#include "posenc/errors.h"
#include "posenc/mrope.h"
#include "posenc/registry.h"

#include <algorithm>
#include <cmath>
#include <optional>

namespace posenc::check {

namespace {

/// 0.1 m ln s + 1 for s > 1 (YaRN get_mscale; HF _compute_yarn_parameters).
double mscale(double s, double m)
{
    return s <= 1.0 ? 1.0 : 0.1 * m * std::log(s) + 1.0;
}

bool sameModel(const Model& a, const Model& b)
{
    return a.invFreq == b.invFreq && a.streams == b.streams && a.attention == b.attention &&
           a.positionScale == b.positionScale && a.positionOffset == b.positionOffset && a.layout == b.layout &&
           a.headDim == b.headDim && a.arithmetic.positions == b.arithmetic.positions &&
           a.arithmetic.theta == b.arithmetic.theta && a.arithmetic.product == b.arithmetic.product;
}

/// The same model up to float64 rounding of the frequencies and the attention factor (an engine's formula
/// written another way: base^(-2i/d)/e against 1/(e base^(2i/d))).
bool closeModel(const Model& a, const Model& b)
{
    const auto close = [](double x, double y) { return std::abs(x - y) <= 1e-12 * std::max(std::abs(x), std::abs(y)); };
    if (a.invFreq.size() != b.invFreq.size() || !close(a.attention, b.attention))
        return false;
    for (std::size_t i = 0; i < a.invFreq.size(); ++i)
        if (!close(a.invFreq[i], b.invFreq[i]))
            return false;
    Model c = b;
    c.invFreq = a.invFreq;
    c.attention = a.attention;
    return sameModel(a, c);
}

Phrase layoutPhrase(CheckLayout l)
{
    switch (l) {
    case CheckLayout::Pairs:
        return Phrase::of("check.variant.layout.pairs");
    case CheckLayout::Half:
        return Phrase::of("check.variant.layout.half");
    case CheckLayout::Interleaved:
        return Phrase::of("check.variant.layout.interleaved");
    case CheckLayout::CosSin:
        return Phrase::of("check.variant.layout.cos-sin");
    }
    return Phrase::literal("?");
}

Phrase num(double v)
{
    return Phrase::literal(formatNumber(v));
}

/// A nice value near x (two significant digits) when x is within 1e-3 of it, else x.
double niceValue(double x)
{
    if (!(x > 0.0) || !std::isfinite(x))
        return x;
    const double p = std::pow(10.0, std::floor(std::log10(x)) - 1.0);
    const double r = std::round(x / p) * p;
    return std::abs(r - x) <= 1e-3 * x ? r : x;
}

class Builder {
public:
    Builder(const CheckRequest& r, const Model& ref) : m_r(r), m_ref(ref) {}

    void add(std::string kind, Phrase variant, Model m)
    {
        if (sameModel(m, m_ref))
            return;
        for (const auto& h : m_out)
            if (sameModel(h.model, m))
                return; // an earlier (higher-precedence or same) hypothesis already covers it
        std::string text = english(variant);
        m_out.push_back({std::move(kind), std::move(text), std::move(variant), std::move(m), {}});
    }

    /// A table an engine computes for the reference's configuration: attributed to an earlier hypothesis with the
    /// same model (the generic kind stays, the engine is named), else a hypothesis of the engine's own kind.
    void engine(const std::string& kind, const Phrase& variant, const Model& m, const Phrase& who)
    {
        if (closeModel(m, m_ref))
            return;
        for (auto& h : m_out)
            if (closeModel(h.model, m)) {
                h.producedBy.push_back(who);
                return;
            }
        m_out.push_back({kind, english(variant), variant, m, {who}});
    }

    /// The reference method with one parameter changed, if the registry accepts the value.
    void param(const std::string& kind, const std::string& name, const ParamValue& value)
    {
        const MethodDef& def = *m_r.method;
        if (!def.findParam(name))
            return;
        ParamSet p = m_r.params;
        p.set(name, value);
        try {
            const auto enc = Registry::build(def, p);
            if (const RotaryFrequencies* g = enc->rotary())
                add(kind,
                    Phrase{"check.variant.param",
                           {},
                           {Phrase::literal(def.info.id), Phrase::literal(name), Phrase::literal(formatValue(value))}},
                    fromFreqs(*g));
        } catch (const InvalidInput&) {
            // the registry refuses this variant: not a hypothesis
        }
    }

    Model fromFreqs(const RotaryFrequencies& g) const
    {
        Model m = m_ref;
        m.invFreq = g.invFreq;
        m.attention = g.attentionFactor;
        m.headDim = g.headDim;
        return m;
    }

    std::vector<Hypothesis> take() { return std::move(m_out); }

private:
    const CheckRequest& m_r;
    const Model& m_ref;
    std::vector<Hypothesis> m_out;
};

} // namespace

std::size_t kindRank(const std::string& kind)
{
    const auto& kinds = diagnosisKinds();
    for (std::size_t i = 0; i < kinds.size(); ++i)
        if (kinds[i].id == kind)
            return i;
    return kinds.size();
}

Model referenceModel(const RotaryFrequencies& f, const CheckRequest& request, CheckLayout layout)
{
    Model m;
    m.invFreq = f.invFreq;
    m.attention = f.attentionFactor;
    m.arithmetic = request.arithmetic;
    m.layout = layout;
    m.headDim = f.headDim;
    return m;
}

void setMropeStreams(const Encoding& encoding, const ParamSet& p, Model& model)
{
    const std::vector<int>* streams = mrope::pairStreamsOf(encoding);
    if (!streams)
        return;
    model.streams = *streams;
    mrope::PositionOptions o; // the method's parameters (methods/mrope.cpp positionOptions)
    o.rule = mrope::parsePositionRule(p.choice("position-rule"));
    o.spatialMergeSize = static_cast<int>(p.integer("spatial-merge-size"));
    o.tokensPerSecond = p.real("tokens-per-second");
    o.temporalPatchSize = static_cast<int>(p.integer("temporal-patch-size"));
    model.ids = std::make_shared<const mrope::PositionIds>(
        mrope::positionIds(mrope::parseLayout(p.has("token-layout") ? p.choice("token-layout") : std::string()), o));
}

namespace {

/// M-RoPE: the sections laid out the other way (chunked <-> interleaved: Qwen2-VL's vs Qwen3-VL's), and the
/// sections permuted.
void mropeHypotheses(Builder& b, const CheckRequest& r, const Model& ref)
{
    if (ref.streams.empty() || !r.params.has("mrope-section"))
        return;
    const bool inter = r.method->info.id == "mrope-interleaved";
    const mrope::SectionLayout own = inter ? mrope::SectionLayout::Interleaved : mrope::SectionLayout::Chunked;
    const mrope::SectionLayout other = inter ? mrope::SectionLayout::Chunked : mrope::SectionLayout::Interleaved;
    std::vector<int> sections;
    for (double v : r.params.list("mrope-section"))
        sections.push_back(static_cast<int>(v));
    const auto text = [](const std::vector<int>& s) {
        std::string t;
        for (int v : s)
            t += (t.empty() ? "" : ",") + std::to_string(v);
        return "[" + t + "]";
    };
    const auto add = [&](const std::string& kind, const std::vector<int>& s, mrope::SectionLayout l) {
        try {
            Model m = ref;
            m.streams = mrope::pairStreams(s, ref.invFreq.size(), l);
            const Phrase name = Phrase::of(l == mrope::SectionLayout::Interleaved ? "check.variant.mrope.interleaved"
                                                                                  : "check.variant.mrope.chunked");
            b.add(kind, Phrase::of("check.variant.mrope", {Phrase::literal(text(s)), name}), m);
        } catch (const InvalidInput&) {
            // these sections do not fit that layout: not a hypothesis
        }
    };
    add("mrope-layout", sections, other);
    std::vector<int> perm = sections;
    std::sort(perm.begin(), perm.end());
    do {
        if (perm != sections) {
            add("mrope-section", perm, own);
            add("mrope-layout", perm, other);
        }
    } while (std::next_permutation(perm.begin(), perm.end()));
}

/// The engines' tables (engine_tables.h), each attributed to an equal hypothesis or added under the engine's kind.
void engineHypotheses(Builder& b, const CheckRequest& r, const Model& ref)
{
    const std::string own = r.params.has("engine") ? r.params.choice("engine") : std::string("hf");
    for (const auto& t : engineTables(*r.method, r.params, own)) {
        Model m = ref;
        m.invFreq = t.invFreq;
        m.attention = t.attention;
        b.engine(t.kind, t.variant, m, t.who);
    }
}

} // namespace

std::vector<Hypothesis> hypotheses(const CheckRequest& r, const RotaryFrequencies& f, const Model& ref,
                                   const Matrix& table)
{
    Builder b(r, ref);
    mropeHypotheses(b, r, ref);
    const MethodDef& def = *r.method;
    const ParamSet& p = r.params;
    const CheckQuantity q = r.quantity;
    const std::string id = def.info.id;
    const double s = f.nominalScale;
    const bool positional = q != CheckQuantity::InvFreq;

    if (q == CheckQuantity::Cos || q == CheckQuantity::Sin || q == CheckQuantity::Angle) {
        if (ref.layout != CheckLayout::Pairs)
            for (CheckLayout l : {CheckLayout::Half, CheckLayout::Interleaved, CheckLayout::CosSin}) {
                if (l == CheckLayout::CosSin && q == CheckQuantity::Angle)
                    continue;
                Model m = ref;
                m.layout = l;
                b.add("layout", layoutPhrase(l), m);
            }
    }
    if (q == CheckQuantity::Rotated) {
        Model m = ref;
        m.layout = ref.layout == CheckLayout::Half ? CheckLayout::Interleaved : CheckLayout::Half;
        b.add("pairing",
              Phrase::of(m.layout == CheckLayout::Half ? "check.variant.pairing.half"
                                                       : "check.variant.pairing.interleaved"),
              m);
    }
    // rotary-dim: exponent over head_dim for the rotated pairs, or a different number of rotated channels
    if (f.rotaryDim < f.headDim) {
        Model m = ref;
        for (std::size_t i = 0; i < m.invFreq.size(); ++i)
            m.invFreq[i] *= std::pow(f.base, -2.0 * double(i) / f.headDim) / f.baseInvFreq[i];
        b.add("rotary-dim", Phrase::of("check.variant.rotary-dim", {num(f.headDim), num(f.rotaryDim)}), m);
    }
    for (double partial : {1.0, 0.5, 0.25})
        b.param("rotary-dim", "partial-rotary-factor", partial);
    if (f.scaled && def.findParam("base")) {
        ParamSet plain = Registry::defaults(Registry::instance().find("rope"));
        for (const char* name : {"head-dim", "base", "partial-rotary-factor", "pairing"})
            if (p.has(name))
                plain.set(name, p.get(name));
        try {
            const auto enc = Registry::build(Registry::instance().find("rope"), plain);
            Model m = b.fromFreqs(*enc->rotary());
            b.add("scaling-missing", Phrase::of("check.variant.scaling-missing", {num(f.base)}), m);
        } catch (const InvalidInput&) {
        }
    }
    if (def.findParam("factor") && s != 1.0 && s > 0.0)
        b.param("factor-inverted", "factor", 1.0 / s);
    if (def.findParam("truncate"))
        b.param("truncate", "truncate", !p.flag("truncate"));
    if (def.findParam("ramp"))
        b.param("ramp-convention", "ramp", std::string(p.choice("ramp") == "index" ? "paper" : "index"));
    if (id == "dynamic-ntk" && def.findParam("seq-len")) {
        const double L0 = p.real("original-max-position-embeddings");
        const double current =
            r.positions.empty() ? double(r.firstPosition) + double(table.rows) : double(r.positions.back()) + 1.0;
        for (double v : {L0, L0 * s, current, L0 * 2.0, L0 * s * 2.0})
            if (v >= 1.0)
                b.param("dynamic-static", "seq-len", std::floor(v));
    }
    if (def.findParam("factor-set")) {
        b.param("longrope-switch", "factor-set", std::string("short"));
        b.param("longrope-switch", "factor-set", std::string("long"));
    }
    if (const ParamSpec* l0 = def.findParam("original-max-position-embeddings")) {
        (void)l0;
        const double L0 = p.real("original-max-position-embeddings");
        std::vector<double> lengths = {L0 * s, L0 / s, 2048, 4096, 8192, 16384, 32768, 65536, 131072};
        for (double v : lengths)
            if (v >= 1.0 && v == std::floor(v))
                b.param("original-length", "original-max-position-embeddings", v);
    }
    if (def.findParam("base")) {
        std::vector<double> bases = {10000, 500000, 1000000, 100000, 5000000, 50000, 1000};
        if (q == CheckQuantity::InvFreq && table.data.size() >= 2 && table.data[1] > 0.0)
            bases.insert(bases.begin(), niceValue(std::pow(table.data[0] / table.data[1], f.rotaryDim / 2.0)));
        for (double v : bases)
            if (std::isfinite(v) && v > 1.0)
                b.param("base", "base", v);
    }
    if (positional && f.attentionFactor != 1.0) {
        const double a = f.attentionFactor;
        Model m = ref;
        m.attention = 1.0;
        b.add("attention-factor-missing", Phrase::of("check.variant.attention-missing", {num(a)}), m);
        m.attention = a * a;
        b.add("attention-factor-squared", Phrase::of("check.variant.attention-squared", {num(a * a)}), m);
    }
    if (positional && s > 1.0 && f.scaled) {
        const double a = f.attentionFactor;
        Model m = ref;
        if (def.findParam("mscale")) {
            const double ms = p.real("mscale"), msAll = p.real("mscale-all-dim");
            const std::vector<std::pair<double, const char*>> rules = {
                {mscale(s, 1.0), "check.variant.mscale.default"},
                {mscale(s, ms) / mscale(s, msAll), "check.variant.mscale.ratio"},
                {mscale(s, ms), "check.variant.mscale.deepseek"}};
            for (const auto& [value, rule] : rules) {
                if (std::abs(value - a) <= 1e-12 * a)
                    continue;
                m.attention = value;
                b.add("attention-factor-ratio",
                      Phrase::of("check.variant.attention-rule", {num(value), Phrase::of(rule)}), m);
            }
        }
        m.attention = a * mscale(s, 1.0);
        b.add("attention-factor-double", Phrase::of("check.variant.attention-double", {num(m.attention)}), m);
    }
    if (positional) {
        std::vector<double> scales = {0.5, 2.0};
        if (s > 1.0)
            scales.insert(scales.begin(), {1.0 / s, s});
        for (double k : scales) {
            Model m = ref;
            m.positionScale = k;
            b.add("positions-scaled", Phrase::of("check.variant.positions-scaled", {num(k)}), m);
        }
        for (double off : {1.0, -1.0}) {
            Model m = ref;
            m.positionOffset = off;
            b.add("position-offset",
                  Phrase::of("check.variant.position-offset", {Phrase::literal(off > 0 ? "+1" : "-1")}), m);
        }
    }
    for (FloatFormat fmt : {FloatFormat::BF16, FloatFormat::F16, FloatFormat::F32}) {
        if (positional) {
            Model m = ref;
            m.arithmetic.positions = fmt;
            b.add("precision", Phrase::of("check.variant.precision.positions", {Phrase::literal(toString(fmt))}), m);
            m = ref;
            m.arithmetic.product = fmt;
            b.add("precision", Phrase::of("check.variant.precision.angle", {Phrase::literal(toString(fmt))}), m);
        }
        Model m = ref;
        m.arithmetic.theta = fmt;
        b.add("precision", Phrase::of("check.variant.precision.inv-freq", {Phrase::literal(toString(fmt))}), m);
        if (positional) {
            m.arithmetic.positions = m.arithmetic.product = fmt;
            b.add("precision", Phrase::of("check.variant.precision.all", {Phrase::literal(toString(fmt))}), m);
        }
    }
    if (id == "ntk-aware" && s > 1.0 && f.rotaryDim > 2) {
        // vLLM's NTKScalingRotaryEmbedding._compute_inv_freq (vllm/model_executor/layers/rotary_embedding/
        // ntk_scaling_rope.py, lines 32-37 at 03587f553db4, mixed_b unset): the inv_freq of base*s, then divided
        // by s^(2/rotary_dim)
        Model m = ref;
        const double d = f.rotaryDim;
        for (std::size_t i = 0; i < m.invFreq.size(); ++i)
            m.invFreq[i] = std::pow(f.base * s, -2.0 * double(i) / d) / std::pow(s, 2.0 / d);
        b.add("ntk-variant", Phrase::of("check.variant.ntk-vllm", {num(f.base * s), num(std::pow(s, 2.0 / d))}), m);
        // the same base without the division (base*s, the NTK rule as often written)
        for (std::size_t i = 0; i < m.invFreq.size(); ++i)
            m.invFreq[i] = std::pow(f.base * s, -2.0 * double(i) / d);
        b.add("ntk-variant", Phrase::of("check.variant.ntk-base-s", {num(f.base * s)}), m);
    }
    if (def.findParam("factor") && f.scaled && s > 1.0 && id != "ntk-aware" && id != "pi" && f.rotaryDim > 2) {
        const double basePrime = f.base * std::pow(s, double(f.rotaryDim) / (f.rotaryDim - 2));
        Model m = ref;
        for (std::size_t i = 0; i < m.invFreq.size(); ++i)
            m.invFreq[i] = std::pow(basePrime, -2.0 * double(i) / f.rotaryDim) / s;
        for (double a : {f.attentionFactor, 1.0, mscale(s, 1.0)}) {
            m.attention = a;
            b.add("blog-yarn", Phrase::of("check.variant.blog-yarn", {num(basePrime), num(s), num(a)}), m);
        }
    }
    engineHypotheses(b, r, ref);
    return b.take();
}

} // namespace posenc::check
