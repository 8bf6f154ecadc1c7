// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/check_report.h"

#include "posenc/io/tables.h"

#include <algorithm>
#include <cstdint>

namespace posenc {

CheckTableInput readCheckTable(const std::string& input, std::size_t memoryBudget)
{
    io::TableReadOptions ro;
    ro.memoryBudget = memoryBudget;
    std::vector<std::uint64_t> leading; // [batch, seq, dim] and [batch, heads, seq, dim] tensors, 1-D inv_freq
    ro.leadingDims = &leading;
    CheckTableInput out;
    out.table = io::readTableFile(io::parseTableSource(input), ro);
    out.leading.assign(leading.begin(), leading.end());
    return out;
}

CheckResult checkInput(const CheckTableInput& input, const CheckRequest& request)
{
    return checkTableSlices(input.table, input.leading, request);
}

std::vector<double> binnedMaximum(const std::vector<double>& v, std::size_t bins)
{
    if (v.size() <= bins)
        return v;
    std::vector<double> out(bins, 0.0);
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::size_t b = i * bins / v.size();
        out[b] = std::max(out[b], v[i]);
    }
    return out;
}

void writeCheckReport(io::DocumentWriter& w, const CheckResult& res, const CheckRequest& req,
                      const std::string& inputName)
{
    // Keys in alphabetical order, nested ones too (the order the CLI has always printed; a reader that only looks
    // at the first part of the text finds the diagnosis there).
    const auto count = [](std::size_t n) { return static_cast<long long>(n); };
    w.beginObject();
    w.field("alignment", res.alignment);
    w.key("diagnosis").beginArray();
    for (const auto& d : res.diagnosis) {
        w.beginObject();
        w.field("confidence", d.confidence);
        w.field("evidence", d.evidence);
        w.field("kind", d.kind);
        w.key("produced_by").array(d.producedBy);
        w.endObject();
    }
    w.endArray();
    w.key("error_per_pair").array(res.errorPerPair);
    const auto perPos = binnedMaximum(res.errorPerPosition, 1024);
    w.key("error_per_position").beginObject();
    w.field("bins", count(perPos.size()));
    w.field("first_position", static_cast<long long>(req.firstPosition));
    w.key("max_abs_error").array(perPos);
    w.field("positions", count(res.errorPerPosition.size()));
    w.endObject();
    w.field("input", inputName);
    w.field("layout", toString(res.layout));
    w.field("match", res.match);
    w.field("max_abs_error", res.maxAbsError); // not finite: null
    const bool queryScale = req.quantity == CheckQuantity::QueryScale && req.queryScale;
    // a query-scale table's reference is its rule (attention_scale.h), with the attention-scale analysis' option
    // names for its parameters
    w.field("method", queryScale ? analysis::attentionScaleRules()[static_cast<std::size_t>(req.queryScale->rule)].name
                      : req.method ? req.method->info.id
                                   : std::string());
    w.field("normalized_error", res.normalized);
    w.key("params").beginObject();
    if (queryScale) {
        for (const auto& [k, v] : queryScaleParams(*req.queryScale))
            w.field(k, v);
    } else {
        for (const auto& [k, v] : req.params.values())
            w.field(k, formatValue(v));
    }
    w.endObject();
    if (!req.positions.empty()) {
        w.key("positions").beginArray();
        for (const auto p : req.positions)
            w.value(static_cast<long long>(p));
        w.endArray();
    }
    w.field("quantity", toString(req.quantity));
    if (res.slices > 1) {
        w.key("slice").beginArray();
        for (const auto s : res.slice)
            w.value(count(s));
        w.endArray();
        w.field("slices", count(res.slices));
    }
    w.field("storage", toString(res.storage));
    w.key("tested").beginArray();
    for (const auto& t : res.tested) {
        w.beginObject();
        w.field("kind", t.kind);
        w.field("max_abs_error", t.maxAbsError);
        w.field("normalized_error", t.normalized);
        w.field("variant", t.variant);
        w.endObject();
    }
    w.endArray();
    w.field("tolerance", res.toleranceText);
    w.key("worst").beginObject();
    w.field("column", count(res.worstColumn));
    w.field("pair", count(res.worstPair));
    w.field("position", static_cast<long long>(res.worstPosition));
    w.endObject();
    w.endObject();
}

} // namespace posenc
