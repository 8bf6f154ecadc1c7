// SPDX-License-Identifier: GPL-3.0-or-later
// `base-bound` declared once (analysis_spec.h): options, result fields, the run. A formula of d and the lengths:
// it uses no encoding (AnalysisSpec::usesEncoding false).
#include "analysis_specs_p.h"

#include "posenc/analysis/base_bound.h"
#include "posenc/errors.h"
#include "posenc/param_builders.h"

#include <cmath>
#include <limits>
#include <map>

namespace posenc::analysis {

namespace {

/// Published base lower bounds for d = 128 (theory.md §2): Men et al. Table 2 and Su's reproduction on
/// kexue.fm/archives/10122. Keys: context length (1k = 1024).
struct Published {
    double paper;
    double su;
};
const std::map<std::int64_t, Published>& published()
{
    static const std::map<std::int64_t, Published> rows = {
        {1024, {4.3e3, 4.3e3}},   {2048, {1.6e4, 1.2e4}},   {4096, {2.7e4, 2.7e4}},   {8192, {8.4e4, 8.4e4}},
        {16384, {3.1e5, 2.3e5}},  {32768, {6.4e5, 6.3e5}},  {65536, {2.1e6, 2.1e6}},  {131072, {7.8e6, 4.9e6}},
        {262144, {3.6e7, 2.4e7}}, {524288, {6.4e7, 5.8e7}}, {1048576, {5.1e8, 6.5e7}}};
    return rows;
}

/// x rounded to two significant figures (how both sources print their values).
double twoFigures(double x)
{
    if (!(x > 0))
        return x;
    const double scale = std::pow(10.0, std::floor(std::log10(x)) - 1);
    return std::round(x / scale) * scale;
}

void checkGiven(const ParamSet& given)
{
    if (!given.has("lengths"))
        throw InvalidInput("lengths", "--lengths L1,L2,... is required (context lengths, e.g. 1024,4096,32768)");
}

AnalysisOutput run(const Encoding*, const ParamSet& p, const RunContext& context)
{
    const int d = static_cast<int>(p.integer("head-dim"));
    if (d % 2 != 0)
        throw InvalidInput("head-dim", "--head-dim " + std::to_string(d) + " must be even");
    const std::vector<std::int64_t> lengths = integerList(p, "lengths");
    const std::vector<std::optional<double>> bounds = baseLowerBounds(d, lengths, context.progress);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    std::vector<double> length, value, paper, su;
    std::vector<std::string> paperNote, suNote;
    for (std::size_t k = 0; k < lengths.size(); ++k) {
        length.push_back(static_cast<double>(lengths[k]));
        value.push_back(bounds[k].value_or(nan));
        const auto it = d == 128 ? published().find(lengths[k]) : published().end();
        const bool has = it != published().end();
        paper.push_back(has ? it->second.paper : nan);
        su.push_back(has ? it->second.su : nan);
        const auto note = [&](double pub) -> std::string {
            if (!has || !bounds[k])
                return "";
            return twoFigures(*bounds[k]) == pub ? "agrees (2 s.f.)" : "differs";
        };
        paperNote.push_back(note(has ? it->second.paper : nan));
        suNote.push_back(note(has ? it->second.su : nan));
    }
    AnalysisOutput out;
    out.scalars = {{"head_dim", static_cast<double>(d)}};
    out.columns = {{"length", std::move(length)},
                   {"base_lower_bound", std::move(value)},
                   {"paper_table2", std::move(paper)},
                   {"su_kexue_fm", std::move(su)}};
    out.textColumns = {{"paper_vs_computed", std::move(paperNote)}, {"su_vs_computed", std::move(suNote)}};
    out.labels = {{"definition",
                   "base_lower_bound = inf{b > 1 : sum_{i=0}^{d/2-1} cos(m b^(-2i/d)) >= 0 for every integer m in "
                   "[0, length]} (Men et al. Eq. 11, the literal infimum): the reported base passes that check on "
                   "every m; every base below it is proven to fail except inside forced steps of 1e-6 (relative)"}};
    return out;
}

} // namespace

AnalysisSpec baseBoundSpec()
{
    AnalysisSpec s;
    s.id = "base-bound";
    s.summary = "Men et al.'s lower bound on the RoPE base (Eq. 11, literal infimum) for each context length, beside "
                "the published rows (paper Table 2, Su's kexue.fm reproduction). Cost: a certified walk upward in "
                "the base; each step evaluates remembered violating distances (O(d) each), then windows of 256 "
                "distances above the most recent ones, and only when none fails scans distances from L downwards "
                "in doubling blocks (O(L d) at worst, a few % of L typically); lengths are processed in increasing "
                "order, each starting from the previous answer. Measured (bench/bench_base_bound.cpp, d 128, "
                "2 cores): between linear and quadratic in L; the curve 1K...1M takes about 5 s.";
    s.options = {
        intParam("head-dim", 128, 2, 65536, {}, "rotary dimension d (even)"),
        optional(listParam("lengths", 1, 4294967296.0, "context lengths L (comma-separated integers)")),
    };
    s.columns = {
        {"head_dim", "the rotary dimension d", true, ResultShape::Number},
        {"length", "context length L"},
        {"base_lower_bound", "inf of the bases b with sum_i cos(m b^(-2i/d)) >= 0 on [0, L]; NaN: none up to 1e15"},
        {"paper_table2", "Men et al. Table 2 (d = 128 only); NaN: no published row"},
        {"paper_vs_computed", "\"agrees (2 s.f.)\" or \"differs\" (none: no published row)", true,
         ResultShape::TextArray},
        {"su_kexue_fm", "Su, kexue.fm/archives/10122 (d = 128 only); NaN: no published row"},
        {"su_vs_computed", "\"agrees (2 s.f.)\" or \"differs\" (none: no published row)", true, ResultShape::TextArray},
        {"definition", "the definition of base_lower_bound", true, ResultShape::Text},
    };
    s.run = &run;
    s.checkGiven = &checkGiven;
    s.usesEncoding = false;
    return s;
}

} // namespace posenc::analysis
