// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc check --quantity query-scale`: a per-position query multiplier (Ministral 3's llama_4_scaling_beta,
// Llama 4's NoPE temperature, Qwen's log-n) against its attention-scale rule, and the known wrong forms as
// hypotheses. The rule's values come from attention_scale.cpp (scaleValue), the one place that evaluates them.
#include "check_query_scale.h"

#include "posenc/errors.h"
#include "posenc/io/hf_config.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>

namespace posenc {

using analysis::ScaleParams;
using analysis::ScaleRule;

namespace {

Phrase lit(const std::string& s)
{
    return Phrase::literal(s);
}

Phrase lit(std::int64_t n)
{
    return Phrase::literal(std::to_string(n));
}

std::string num(double x)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", x);
    return buf;
}

/// A hypothesis: the value an implementation computes for the query at position `pos`.
struct Variant {
    std::string kind;
    Phrase phrase;
    std::function<double(std::int64_t)> value;
    std::vector<Phrase> producedBy;
};

double ruleAt(const QueryScaleReference& ref, std::int64_t pos)
{
    // attention_scale.h evaluates the per-position rules at length n = pos + 1 (the query at position n - 1)
    return analysis::scaleValue(ref.rule, static_cast<double>(pos) + 1.0, ref.params);
}

std::string ruleLabel(const QueryScaleReference& ref)
{
    const ScaleParams& p = ref.params;
    switch (ref.rule) {
    case ScaleRule::Llama4ScalingBeta:
        return "llama4-scaling-beta (beta " + formatNumber(p.attnScale) + ", L0 " + formatNumber(p.originalLength) +
               ")";
    case ScaleRule::Llama4Nope:
        return "llama4-nope (floor_scale " + formatNumber(p.floorScale) + ", attn_scale " + formatNumber(p.attnScale) +
               ")";
    case ScaleRule::QwenLogN:
        return "qwen-log-n (L0 " + formatNumber(p.originalLength) + ")";
    default:
        return analysis::attentionScaleRules()[static_cast<std::size_t>(ref.rule)].name;
    }
}

Phrase producedBy(const std::string& engine, const std::string& revision, const std::string& what)
{
    return Phrase::of("check.produced-by", {lit(engine), Phrase::of("engine.note", {lit(revision)}),
                                            Phrase::of("engine.note", {lit(what)})});
}

/// The known wrong forms of `ref` (check_query_scale.h lists them; README and check.html describe them).
std::vector<Variant> variants(const QueryScaleReference& ref)
{
    std::vector<Variant> out;
    out.push_back({"query-scale-squared",
                   Phrase::of("check.variant.query-scale.squared"),
                   [&ref](std::int64_t pos) {
                       const double v = ruleAt(ref, pos);
                       return v * v;
                   },
                   {}});
    // The position one off: Ministral 3 divides pos, Llama 4's NoPE temperature and Qwen's log-n use pos + 1.
    const bool usesPos = ref.rule == ScaleRule::Llama4ScalingBeta;
    Variant shift{"query-scale-off-by-one",
                  Phrase::of(usesPos ? "check.variant.query-scale.plus-one" : "check.variant.query-scale.minus-one"),
                  [&ref, usesPos](std::int64_t pos) {
                      const double n = static_cast<double>(pos) + (usesPos ? 2.0 : 0.0);
                      return analysis::scaleValue(ref.rule, n, ref.params);
                  },
                  {}};
    if (usesPos) // llama.cpp's attention temperature was Llama 4's (pos + 1) for every architecture until #18025
        shift.producedBy.push_back(producedBy(
            "llama.cpp", "ggml-org/llama.cpp 434f71a5b4d1, before PR #18025",
            "src/llama-graph.cpp:70-83 llm_graph_input_attn_temp::set_input fills log(floor((pos + 1.0f) / "
            "n_attn_temp_floor_scale) + 1) * f_attn_temp_scale + 1 for every architecture that builds the input; "
            "mistral3 builds it when the GGUF has attention.temperature_scale (src/models/mistral3.cpp:19-23 @ "
            "1df2e90860ff, floor scale n_ctx_orig_yarn) and multiplies Q only. PR #18025 (graph: add "
            "f_attn_temp_offset) replaced the 1 added to pos by an offset (default 0; llama4 sets 1)"));
    out.push_back(std::move(shift));
    out.push_back(
        {"query-scale-missing", Phrase::of("check.variant.query-scale.missing"), [](std::int64_t) { return 1.0; }, {}});
    if (ref.rule == ScaleRule::Llama4ScalingBeta && ref.maxPositionEmbeddings &&
        *ref.maxPositionEmbeddings != ref.params.originalLength && *ref.maxPositionEmbeddings > 0) {
        QueryScaleReference wrong = ref;
        wrong.params.originalLength = *ref.maxPositionEmbeddings;
        out.push_back({"query-scale-wrong-length",
                       Phrase::of("check.variant.query-scale.length", {lit(formatNumber(*ref.maxPositionEmbeddings)),
                                                                       lit(formatNumber(ref.params.originalLength))}),
                       [wrong](std::int64_t pos) { return ruleAt(wrong, pos); },
                       {}});
    }
    return out;
}

struct RowScore {
    double maxAbs = 0.0;
    double normalized = 0.0;
    std::size_t worstRow = 0;
    std::vector<double> perRow;
};

} // namespace

analysis::ScaleRule parseQueryScaleRule(const std::string& name)
{
    for (const ScaleRule r : {ScaleRule::Llama4ScalingBeta, ScaleRule::Llama4Nope, ScaleRule::QwenLogN})
        if (analysis::attentionScaleRules()[static_cast<std::size_t>(r)].name == name)
            return r;
    throw InvalidInput("rule", "--rule " + name +
                                   ": a query-scale table is checked against a per-position query rule: "
                                   "llama4-scaling-beta, llama4-nope or qwen-log-n");
}

std::vector<std::pair<std::string, std::string>> queryScaleParams(const QueryScaleReference& ref)
{
    const ScaleParams& p = ref.params;
    std::vector<std::pair<std::string, std::string>> out;
    switch (ref.rule) {
    case ScaleRule::Llama4ScalingBeta:
        out = {{"attn-scale", formatNumber(p.attnScale)}};
        if (ref.maxPositionEmbeddings)
            out.emplace_back("max-position-embeddings", formatNumber(*ref.maxPositionEmbeddings));
        out.emplace_back("original-max-position-embeddings", formatNumber(p.originalLength));
        break;
    case ScaleRule::Llama4Nope:
        out = {{"attn-scale", formatNumber(p.attnScale)}, {"floor-scale", formatNumber(p.floorScale)}};
        break;
    default:
        out = {{"original-max-position-embeddings", formatNumber(p.originalLength)}};
        break;
    }
    if (!ref.source.empty())
        out.emplace_back("source", ref.source);
    return out;
}

std::optional<QueryScaleReference> queryScaleOfConfig(const io::HfConfig& config, const io::HfEncoding& encoding)
{
    QueryScaleReference ref;
    if (encoding.llama4ScalingBeta) {
        ref.rule = ScaleRule::Llama4ScalingBeta;
        ref.params.attnScale = *encoding.llama4ScalingBeta;
        ref.params.originalLength = encoding.llama4ScalingLength;
        if (encoding.maxPositionEmbeddings)
            ref.maxPositionEmbeddings = static_cast<double>(*encoding.maxPositionEmbeddings);
        ref.source = config.modelType + " rope_parameters llama_4_scaling_beta";
        return ref;
    }
    if (config.nopeTemperature && config.nopeTemperature->enabled) {
        ref.rule = ScaleRule::Llama4Nope;
        ref.params.floorScale = config.nopeTemperature->floorScale;
        ref.params.attnScale = config.nopeTemperature->attnScale;
        ref.source = config.modelType + " attn_temperature_tuning (NoPE layers)";
        return ref;
    }
    return std::nullopt;
}

namespace check {

CheckResult checkQueryScale(const Matrix& table, const CheckRequest& r)
{
    if (!r.queryScale)
        throw InvalidInput("quantity", "--quantity query-scale needs its rule: a config with a query temperature "
                                       "(Ministral 3 / Mistral 4 llama_4_scaling_beta, Llama 4 NoPE layers) or "
                                       "--rule llama4-scaling-beta|llama4-nope|qwen-log-n");
    const QueryScaleReference& ref = *r.queryScale;
    analysis::validateScaleParams(ref.rule, ref.params);
    if (table.rows == 0 || table.cols == 0)
        throw InvalidInput("input", "the table is empty");
    if (table.rows != 1 && table.cols != 1)
        throw InvalidInput("input", "--quantity query-scale needs one value per position (N values or N x 1); the "
                                    "table is " +
                                        std::to_string(table.rows) + " x " + std::to_string(table.cols));
    const std::vector<double>& v = table.data;
    const std::size_t n = v.size();
    if (r.firstPosition < 0)
        throw InvalidInput("positions",
                           "--positions: the first position must be >= 0, got " + std::to_string(r.firstPosition));
    if (!r.positions.empty()) {
        if (r.positions.size() != n)
            throw InvalidInput("positions", "--positions lists " + std::to_string(r.positions.size()) +
                                                " positions; the table has " + std::to_string(n) + " values");
    } else if (r.count && static_cast<std::size_t>(*r.count) != n) {
        throw InvalidInput("positions", "--positions names " + std::to_string(*r.count) + " positions; the table has " +
                                            std::to_string(n) + " values");
    }
    for (std::size_t k = 0; k < n; ++k)
        if (!std::isfinite(v[k]))
            throw InvalidInput("input", "value " + std::to_string(k) + " of the table is not finite");
    const auto position = [&](std::size_t k) {
        return r.positions.empty() ? r.firstPosition + static_cast<std::int64_t>(k) : r.positions[k];
    };

    CheckResult result;
    result.layout = CheckLayout::Pairs;
    result.storage = detectFormat(v);
    // The rules are computed in float32 by HF (torch.log of a float32 floor), llama.cpp (float) and vLLM; a table
    // stored in float32 or coarser carries that rounding too. A float64 table is compared to a few ulp.
    const double rel = 2.0 * unitRoundoff(result.storage) + (result.storage == FloatFormat::F64
                                                                 ? 16.0 * unitRoundoff(FloatFormat::F64)
                                                                 : 4.0 * unitRoundoff(FloatFormat::F32));
    result.toleranceText = r.tolerance ? "absolute " + num(*r.tolerance) + " (--tolerance)"
                                       : "relative " + num(rel) + " of the value (2 u of " + toString(result.storage) +
                                             (result.storage == FloatFormat::F64 ? " + 16 u of float64)"
                                                                                 : " + 4 u of float32 arithmetic)");
    const auto score = [&](const std::function<double(std::int64_t)>& f) {
        RowScore s;
        s.perRow.resize(n);
        for (std::size_t k = 0; k < n; ++k) {
            const double want = f(position(k));
            const double err = std::fabs(v[k] - want);
            const double tol = r.tolerance ? *r.tolerance : rel * std::max(1.0, std::fabs(want));
            s.perRow[k] = err;
            if (err > s.maxAbs)
                s.maxAbs = err;
            if (err / tol > s.normalized) {
                s.normalized = err / tol;
                s.worstRow = k;
            }
        }
        return s;
    };

    const std::string label = ruleLabel(ref);
    const Phrase shape{
        "check.shape", {}, {lit(static_cast<std::int64_t>(table.rows)), lit(static_cast<std::int64_t>(table.cols))}};
    const Phrase rows =
        r.positions.empty()
            ? Phrase{"check.align.positions", {}, {lit(position(0)), lit(position(n - 1))}}
            : Phrase{"check.align.listed",
                     {},
                     {lit(static_cast<std::int64_t>(n)), lit(r.positions.front()), lit(r.positions.back())}};
    result.alignmentPhrase = {"check.align.query-scale", {}, {shape, rows, lit(label)}};
    result.alignment = english(result.alignmentPhrase);

    RowScore refScore = score([&ref](std::int64_t p) { return ruleAt(ref, p); });
    result.maxAbsError = refScore.maxAbs;
    result.normalized = refScore.normalized;
    result.worstPosition = position(refScore.worstRow);
    result.errorPerPosition = refScore.perRow;
    result.match = refScore.normalized <= 1.0;
    if (result.match)
        return result;

    const std::vector<Variant> all = variants(ref);
    struct Scored {
        const Variant* h;
        RowScore s;
        std::size_t rank;
    };
    std::vector<Scored> scored;
    for (const Variant& h : all)
        scored.push_back({&h, score(h.value), kindRank(h.kind)});
    std::stable_sort(scored.begin(), scored.end(), [](const Scored& a, const Scored& b) {
        const bool ea = a.s.normalized <= 1.0, eb = b.s.normalized <= 1.0;
        if (ea != eb)
            return ea;
        if (ea && a.rank != b.rank)
            return a.rank < b.rank;
        return a.s.normalized < b.s.normalized;
    });
    for (const auto& sc : scored)
        result.tested.push_back({sc.h->kind, english(sc.h->phrase), sc.s.maxAbs, sc.s.normalized});

    const Phrase where{"check.where.query-position", {}, {lit(result.worstPosition)}};
    const Phrase refText{
        "check.ref.off", {}, {lit(label), lit(num(result.maxAbsError)), lit(num(result.normalized)), where}};
    const std::size_t explaining = static_cast<std::size_t>(
        std::count_if(scored.begin(), scored.end(), [](const Scored& s) { return s.s.normalized <= 1.0; }));
    const double strength = 1.0 - 1.0 / (1.0 + result.normalized);
    if (explaining == 0) {
        Diagnosis d;
        d.kind = "unknown";
        d.evidencePhrase = {"check.evidence.unknown",
                            {},
                            {Phrase{"check.closest",
                                    {},
                                    {scored.front().h->phrase, lit(scored.front().h->kind),
                                     lit(num(scored.front().s.maxAbs)), lit(num(scored.front().s.normalized))}},
                             refText}};
        d.evidence = english(d.evidencePhrase);
        d.confidence = 0.5;
        result.diagnosis.push_back(std::move(d));
    }
    for (const auto& sc : scored) {
        const bool explains = sc.s.normalized <= 1.0;
        if (!explains && (result.diagnosis.size() >= 4 || sc.s.normalized >= result.normalized))
            break;
        Diagnosis d;
        d.kind = sc.h->kind;
        if (explains) { // an engine is named only for the table it computes
            d.producedByPhrases = sc.h->producedBy;
            for (const Phrase& who : d.producedByPhrases)
                d.producedBy.push_back(english(who));
            d.evidencePhrase = {"check.evidence.matches",
                                {},
                                {sc.h->phrase, lit(num(sc.s.maxAbs)), shape, lit(num(sc.s.normalized)), refText}};
            d.confidence = strength / double(explaining);
        } else {
            d.evidencePhrase = {
                "check.evidence.closer", {}, {sc.h->phrase, lit(num(sc.s.maxAbs)), lit(num(sc.s.normalized))}};
            d.confidence = 0.3 * (1.0 - sc.s.normalized / result.normalized);
        }
        d.evidence = english(d.evidencePhrase);
        result.diagnosis.push_back(std::move(d));
    }
    return result;
}

} // namespace check

} // namespace posenc
