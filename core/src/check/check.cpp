// SPDX-License-Identifier: GPL-3.0-or-later
// checkTable: align a user's table with the reference, compare, and diagnose a mismatch from the hypotheses.
#include "check_model.h"
#include "hypotheses.h"
#include "check_query_scale.h"

#include "posenc/errors.h"
#include "posenc/registry.h"
#include "posenc/rope_apply.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace posenc {

namespace {

using check::Model;
using check::Score;
using check::TableView;

std::string num(double x)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3g", x);
    return buf;
}

Phrase lit(const std::string& s)
{
    return Phrase::literal(s);
}

Phrase lit(std::size_t n)
{
    return Phrase::literal(std::to_string(n));
}

Phrase lit(std::int64_t n)
{
    return Phrase::literal(std::to_string(n));
}

Phrase shapePhrase(const Matrix& t)
{
    return {"check.shape", {}, {lit(t.rows), lit(t.cols)}};
}

std::string shape(const Matrix& t)
{
    return english(shapePhrase(t));
}

/// The layout of the reference for a table of `cols` columns, or nullopt when none fits.
std::optional<CheckLayout> referenceLayout(const CheckRequest& r, const RotaryFrequencies& f, std::size_t cols,
                                           const std::string& engine)
{
    const std::size_t n = f.pairs();
    const CheckLayout fromPairing = f.pairing == Pairing::Half ? CheckLayout::Half : CheckLayout::Interleaved;
    if (r.quantity == CheckQuantity::Rotated) {
        const CheckLayout l = r.layout.value_or(fromPairing);
        if (l != CheckLayout::Half && l != CheckLayout::Interleaved)
            throw InvalidInput("layout", "--layout " + toString(l) +
                                             ": a rotated vector's layout is its pairing, half or interleaved");
        return cols == static_cast<std::size_t>(f.headDim) ? std::optional(l) : std::nullopt;
    }
    if (r.quantity == CheckQuantity::InvFreq)
        return cols == n ? std::optional(CheckLayout::Pairs) : std::nullopt;
    if (r.layout == CheckLayout::CosSin && r.quantity == CheckQuantity::Angle)
        throw InvalidInput("layout", "--layout cos-sin holds cos and sin; it does not apply to --quantity angle");
    if (r.layout && *r.layout != CheckLayout::Pairs && cols == n && n != 2 * n)
        throw InvalidInput("layout", "--layout " + toString(*r.layout) + " has 2 columns per pair (" +
                                         std::to_string(2 * n) + "); the table has " + std::to_string(cols) +
                                         " columns, one per pair (use --layout pairs)");
    if (r.layout == CheckLayout::Pairs)
        return cols == n ? std::optional(CheckLayout::Pairs) : std::nullopt;
    if (cols == n)
        return CheckLayout::Pairs;
    // vLLM keeps one cos_sin_cache [max_position, rotary_dim] = cat(cos, sin) (rotary_embedding/base.py
    // _compute_cos_sin_cache): its two-column-per-pair table is that cache unless --layout says otherwise
    if (cols == 2 * n)
        return r.layout.value_or(engine == "vllm" && r.quantity != CheckQuantity::Angle ? CheckLayout::CosSin
                                                                                        : fromPairing);
    return std::nullopt;
}

Phrase alignmentPhrase(const Matrix& t, const CheckRequest& r, CheckLayout l, const RotaryFrequencies& f)
{
    if (r.quantity == CheckQuantity::InvFreq)
        return {"check.align.inv-freq", {}, {shapePhrase(t), lit(f.pairs())}};
    const Phrase rows =
        r.positions.empty()
            ? Phrase{"check.align.positions",
                     {},
                     {lit(r.firstPosition), lit(r.firstPosition + static_cast<std::int64_t>(t.rows) - 1)}}
            : Phrase{"check.align.listed",
                     {},
                     {lit(r.positions.size()), lit(r.positions.front()), lit(r.positions.back())}};
    if (r.quantity == CheckQuantity::Rotated)
        return {
            "check.align.rotated",
            {},
            {shapePhrase(t), rows,
             Phrase::of(l == CheckLayout::Half ? "check.variant.pairing.half" : "check.variant.pairing.interleaved"),
             lit(static_cast<std::size_t>(f.rotaryDim)), lit(static_cast<std::size_t>(f.headDim))}};
    switch (l) {
    case CheckLayout::Pairs:
        return {"check.align.pairs", {}, {shapePhrase(t), rows}};
    case CheckLayout::Half:
        return {"check.align.half", {}, {shapePhrase(t), rows, lit(f.pairs())}};
    case CheckLayout::Interleaved:
        return {"check.align.interleaved", {}, {shapePhrase(t), rows}};
    case CheckLayout::CosSin:
        return {"check.align.cos-sin", {}, {shapePhrase(t), rows, lit(f.pairs())}};
    }
    return {"check.align.pairs", {}, {shapePhrase(t), rows}};
}

/// Up to `limit` rows spread over the table, first and last included.
std::vector<std::size_t> sampleRows(std::size_t rows, std::size_t limit)
{
    std::vector<std::size_t> out;
    if (rows <= limit) {
        out.resize(rows);
        for (std::size_t i = 0; i < rows; ++i)
            out[i] = i;
        return out;
    }
    // the first rows densely (small positions show offsets and scales), the rest evenly
    const std::size_t dense = limit / 4;
    for (std::size_t i = 0; i < dense; ++i)
        out.push_back(i);
    const std::size_t rest = limit - dense;
    for (std::size_t k = 0; k < rest; ++k)
        out.push_back(dense + (rows - 1 - dense) * k / (rest - 1));
    return out;
}

Phrase where(const CheckRequest& r, const TableView& v, const Score& s, std::size_t pairs, CheckLayout l,
             std::size_t rowIndexBase)
{
    if (r.quantity == CheckQuantity::InvFreq)
        return {"check.where.pair", {}, {lit(s.worstColumn)}};
    const std::int64_t pos = v.positionOf(rowIndexBase);
    if (r.quantity == CheckQuantity::Rotated)
        return {"check.where.position", {}, {lit(pos), lit(s.worstColumn)}};
    return {"check.where.position-pair",
            {},
            {lit(pos), lit(s.worstColumn), lit(check::pairOfColumn(l, s.worstColumn, pairs))}};
}

} // namespace

CheckResult checkTable(const Matrix& table, const CheckRequest& r)
{
    if (r.quantity == CheckQuantity::QueryScale)
        return check::checkQueryScale(table, r);
    if (!r.method)
        throw InvalidInput("method", "check needs a method (--method or --config)");
    const auto encoding = Registry::build(*r.method, r.params);
    const RotaryFrequencies* f = encoding->rotary();
    if (!f)
        throw InvalidInput("method", "check compares rotary tables (inv_freq, cos, sin, angle, rotated); method " +
                                         r.method->info.id + " is " + toString(r.method->info.kind));
    if (table.rows == 0 || table.cols == 0)
        throw InvalidInput("input", "the table is empty");
    if (r.firstPosition < 0)
        throw InvalidInput("positions",
                           "--positions: the first position must be >= 0, got " + std::to_string(r.firstPosition));
    Matrix flat;
    const Matrix* t = &table;
    if (r.quantity == CheckQuantity::InvFreq) {
        if (table.rows != 1 && table.cols != 1)
            throw InvalidInput("input",
                               "--quantity inv_freq needs a vector (1 x N or N x 1); the table is " + shape(table));
        flat.rows = 1;
        flat.cols = table.data.size();
        flat.data = table.data;
        t = &flat;
    } else if (!r.positions.empty()) {
        if (r.positions.size() != table.rows)
            throw InvalidInput("positions", "--positions lists " + std::to_string(r.positions.size()) +
                                                " positions; the table has " + std::to_string(table.rows) + " rows");
        for (std::size_t k = 0; k < r.positions.size(); ++k)
            if (r.positions[k] < 0 || (k > 0 && r.positions[k] <= r.positions[k - 1]))
                throw InvalidInput("positions", "--positions: the listed positions must be >= 0 and increasing; " +
                                                    std::to_string(r.positions[k]) + " is not");
    } else if (r.count && static_cast<std::size_t>(*r.count) != table.rows) {
        throw InvalidInput("positions", "--positions names " + std::to_string(*r.count) + " positions; the table has " +
                                            std::to_string(table.rows) + " rows");
    }
    TableView view;
    view.table = t;
    view.quantity = r.quantity;
    view.firstPosition = r.firstPosition;
    if (!r.positions.empty() && r.quantity != CheckQuantity::InvFreq)
        view.positions = &r.positions;
    view.storage = detectFormat(t->data);
    view.tolerance = r.tolerance;
    if (r.quantity == CheckQuantity::Rotated) {
        view.probe = r.probe.empty() ? defaultProbe(f->headDim) : r.probe;
        if (view.probe.size() != static_cast<std::size_t>(f->headDim))
            throw InvalidInput("probe", "--probe has " + std::to_string(view.probe.size()) + " entries; head_dim is " +
                                            std::to_string(f->headDim));
        if (t->cols != view.probe.size())
            throw InvalidInput("input", "a rotated table has head_dim = " + std::to_string(f->headDim) +
                                            " columns; this one is " + shape(*t));
    }

    CheckResult result;
    result.storage = view.storage;
    result.toleranceText = check::toleranceText(view);
    // the engine is a parameter of every rotary method (engine.h engineParams; that header's Arithmetic is not
    // check.h's)
    const std::string engine = r.params.has("engine") ? r.params.choice("engine") : std::string("hf");
    const std::string label = !r.referenceLabel.empty() ? r.referenceLabel
                              : engine == "hf"          ? r.method->info.id
                                                        : r.method->info.id + " (" + engine + ")";
    const std::optional<CheckLayout> layout = referenceLayout(r, *f, t->cols, engine);
    Model ref = check::referenceModel(*f, r, layout.value_or(CheckLayout::Half));
    check::setMropeStreams(*encoding, r.params, ref);
    Score refScore;
    if (layout) {
        result.layout = *layout;
        result.alignmentPhrase = alignmentPhrase(*t, r, *layout, *f);
        result.alignment = english(result.alignmentPhrase);
        refScore = check::score(view, ref, {}, true);
        result.maxAbsError = refScore.maxAbs;
        result.normalized = refScore.normalized;
        result.worstColumn = refScore.worstColumn;
        result.worstPosition = view.positionOf(refScore.worstRow);
        result.worstPair = r.quantity == CheckQuantity::InvFreq || r.quantity == CheckQuantity::Rotated
                               ? refScore.worstColumn
                               : check::pairOfColumn(*layout, refScore.worstColumn, f->pairs());
        const std::size_t n = f->pairs();
        result.errorPerPair.assign(n, 0.0);
        for (std::size_t c = 0; c < refScore.perColumn.size(); ++c) {
            std::size_t i = check::pairOfColumn(*layout, c, n);
            if (r.quantity == CheckQuantity::Rotated)
                i = *layout == CheckLayout::Interleaved ? c / 2 : (c < n ? c : c - n);
            if (i < n)
                result.errorPerPair[i] = std::max(result.errorPerPair[i], refScore.perColumn[c]);
        }
        result.errorPerPosition = std::move(refScore.perRow);
        result.match = refScore.normalized <= 1.0;
        if (result.match)
            return result;
    } else {
        result.alignmentPhrase = {"check.align.no-layout",
                                  {},
                                  {shapePhrase(*t), lit(label), lit(f->pairs()),
                                   lit(static_cast<std::size_t>(f->rotaryDim)),
                                   lit(static_cast<std::size_t>(f->headDim))}};
        result.alignment = english(result.alignmentPhrase);
        result.normalized = std::numeric_limits<double>::infinity();
        result.maxAbsError = std::numeric_limits<double>::infinity();
    }

    // Diagnose: score every hypothesis whose shape fits on a sample of rows, confirm the best on all rows.
    auto all = check::hypotheses(r, *f, ref, *t);
    const auto rows = r.quantity == CheckQuantity::InvFreq ? std::vector<std::size_t>{} : sampleRows(t->rows, 1024);
    struct Scored {
        const check::Hypothesis* h;
        Score s;
    };
    std::vector<Scored> scored;
    for (auto& h : all) {
        if (h.model.columns(r.quantity) != t->cols && r.quantity != CheckQuantity::InvFreq &&
            r.quantity != CheckQuantity::Rotated) {
            // a hypothesis with another number of pairs (rotary-dim): read the table in the layout its shape has
            const std::size_t n = h.model.invFreq.size();
            if (t->cols == n)
                h.model.layout = CheckLayout::Pairs;
            else if (t->cols == 2 * n && h.model.layout == CheckLayout::Pairs)
                h.model.layout = f->pairing == Pairing::Half ? CheckLayout::Half : CheckLayout::Interleaved;
        }
        if (h.model.columns(r.quantity) != t->cols)
            continue;
        scored.push_back({&h, check::score(view, h.model, rows, false)});
    }
    if (!layout && scored.empty())
        throw InvalidInput(
            "input",
            "--input: the " + shape(*t) + " table fits no layout of " + label + ": " + "expected " +
                std::to_string(f->pairs()) + " columns (one per pair)" +
                (r.quantity == CheckQuantity::InvFreq ? std::string()
                                                      : " or " + std::to_string(2 * f->pairs()) + " (two per pair)") +
                (r.quantity == CheckQuantity::Rotated ? " — a rotated table has head_dim columns" : std::string()));
    const auto better = [](const Scored& a, const Scored& b) {
        const bool ea = a.s.normalized <= 1.0, eb = b.s.normalized <= 1.0;
        if (ea != eb)
            return ea;
        if (ea) {
            const std::size_t ra = check::kindRank(a.h->kind), rb = check::kindRank(b.h->kind);
            if (ra != rb)
                return ra < rb;
        }
        return a.s.normalized < b.s.normalized;
    };
    std::stable_sort(scored.begin(), scored.end(), better);
    // confirm the explaining ones on every row (the sample may miss a row where they fail)
    if (!rows.empty())
        for (std::size_t k = 0; k < scored.size() && scored[k].s.normalized <= 1.0; ++k) {
            // the first that still explains every row ends the confirmation; those before it did not
            scored[k].s = check::score(view, scored[k].h->model, {}, false);
            if (scored[k].s.normalized <= 1.0)
                break;
        }
    std::stable_sort(scored.begin(), scored.end(), better);
    for (const auto& sc : scored)
        result.tested.push_back({sc.h->kind, sc.h->variant, sc.s.maxAbs, sc.s.normalized});

    const Phrase refText = layout ? Phrase{"check.ref.off",
                                           {},
                                           {lit(label), lit(num(result.maxAbsError)), lit(num(result.normalized)),
                                            where(r, view, refScore, f->pairs(), *layout, refScore.worstRow)}}
                                  : Phrase{"check.ref.no-layout", {}, {lit(label)}};
    std::vector<std::string> seen;
    std::size_t explaining = 0;
    for (const auto& sc : scored)
        if (sc.s.normalized <= 1.0 && std::find(seen.begin(), seen.end(), sc.h->kind) == seen.end()) {
            seen.push_back(sc.h->kind);
            ++explaining;
        }
    const double strength = layout ? 1.0 - 1.0 / (1.0 + result.normalized) : 0.9;
    seen.clear();
    if (explaining == 0) {
        const Phrase closest = scored.empty()
                                   ? Phrase{"check.closest.none", {}, {}}
                                   : Phrase{"check.closest",
                                            {},
                                            {scored.front().h->variantPhrase, lit(scored.front().h->kind),
                                             lit(num(scored.front().s.maxAbs)), lit(num(scored.front().s.normalized))}};
        Diagnosis d;
        d.kind = "unknown";
        d.evidencePhrase = {"check.evidence.unknown", {}, {closest, refText}};
        d.evidence = english(d.evidencePhrase);
        d.confidence = 0.5;
        result.diagnosis.push_back(std::move(d));
    }
    for (const auto& sc : scored) {
        if (std::find(seen.begin(), seen.end(), sc.h->kind) != seen.end())
            continue;
        const bool explains = sc.s.normalized <= 1.0;
        if (!explains && (result.diagnosis.size() >= 4 || sc.s.normalized >= result.normalized))
            break;
        seen.push_back(sc.h->kind);
        Diagnosis d;
        d.kind = sc.h->kind;
        d.producedByPhrases = sc.h->producedBy;
        for (const Phrase& who : d.producedByPhrases)
            d.producedBy.push_back(english(who));
        if (explains) {
            d.evidencePhrase = {
                "check.evidence.matches",
                {},
                {sc.h->variantPhrase, lit(num(sc.s.maxAbs)), shapePhrase(*t), lit(num(sc.s.normalized)), refText}};
            d.confidence = strength / double(explaining);
        } else {
            d.evidencePhrase = {
                "check.evidence.closer", {}, {sc.h->variantPhrase, lit(num(sc.s.maxAbs)), lit(num(sc.s.normalized))}};
            d.confidence = 0.3 * (1.0 - sc.s.normalized / result.normalized);
        }
        d.evidence = english(d.evidencePhrase);
        result.diagnosis.push_back(std::move(d));
    }
    return result;
}

CheckResult checkTableSlices(const Matrix& stacked, const std::vector<std::size_t>& leading, const CheckRequest& r)
{
    std::vector<std::size_t> dims; // leading dimensions of size > 1 (the others are squeezed)
    std::size_t slices = 1;
    for (std::size_t d : leading) {
        if (d == 0)
            throw InvalidInput("input", "the tensor has a leading dimension of size 0");
        if (d > 1)
            dims.push_back(d);
        slices *= d;
    }
    if (slices == 1)
        return checkTable(stacked, r);
    if (stacked.rows % slices != 0)
        throw InvalidInput("input", "the tensor's " + std::to_string(stacked.rows) + " rows do not divide into " +
                                        std::to_string(slices) + " slices");
    Matrix one;
    one.rows = stacked.rows / slices;
    one.cols = stacked.cols;
    // the tensor's shape, d0 x ... x rows x cols, nested so that each "x" is worded (and translated) as a shape's
    Phrase tensorShape = shapePhrase(one);
    for (std::size_t j = leading.size(); j-- > 0;)
        tensorShape = Phrase{"check.shape", {}, {lit(leading[j]), tensorShape}};
    CheckResult result;
    for (std::size_t k = 0; k < slices; ++k) {
        const auto begin = stacked.data.begin() + static_cast<std::ptrdiff_t>(k * one.rows * one.cols);
        one.data.assign(begin, begin + static_cast<std::ptrdiff_t>(one.rows * one.cols));
        result = checkTable(one, r);
        std::vector<std::size_t> index(dims.size());
        for (std::size_t j = dims.size(), rest = k; j-- > 0;) {
            index[j] = rest % dims[j];
            rest /= dims[j];
        }
        result.slices = slices;
        result.slice = index;
        std::string at;
        for (std::size_t j = 0; j < index.size(); ++j)
            at += (j ? ", " : "") + std::to_string(index[j]);
        result.alignmentPhrase =
            result.match
                ? Phrase{"check.align.all-slices", {}, {lit(slices), tensorShape, result.alignmentPhrase}}
                : Phrase{"check.align.failed-slice", {}, {lit(at), lit(slices), tensorShape, result.alignmentPhrase}};
        result.alignment = english(result.alignmentPhrase);
        if (!result.match)
            return result;
    }
    return result;
}

} // namespace posenc
