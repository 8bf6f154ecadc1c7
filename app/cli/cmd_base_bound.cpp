// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute base-bound`: Men et al.'s lower bound on the RoPE base for many context lengths at once
// (base_bound.h), beside the published rows.
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/base_bound.h"
#include "posenc/errors.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <map>

namespace posenc::cli {

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

int run(const Args& args, const Command&)
{
    const std::string format = tableFormat(args);
    const int d = static_cast<int>(intOption(args, "head-dim"));
    if (d % 2 != 0)
        throw InvalidInput("head-dim", "--head-dim " + std::to_string(d) + " must be even");
    if (!args.has("lengths"))
        throw InvalidInput("lengths", "--lengths L1,L2,... is required (context lengths, e.g. 1024,4096,32768)");
    const std::vector<std::int64_t> lengths = intListOption(args, "lengths");

    std::vector<std::optional<double>> bounds;
    {
        TerminalProgress bar("base bound");
        bounds = analysis::baseLowerBounds(d, lengths, [&](double f) { return bar(f); });
    }
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
        paperNote.push_back(note(it == published().end() ? nan : it->second.paper));
        suNote.push_back(note(it == published().end() ? nan : it->second.su));
    }
    writeOutput(args, [&](std::ostream& out) {
        if (format == "csv") {
            out << "length,base_lower_bound,paper_table2,paper_vs_computed,su_kexue_fm,su_vs_computed\n";
            const auto num = [](double x) { return std::isfinite(x) ? io::JsonWriter::number(x) : std::string(); };
            for (std::size_t k = 0; k < lengths.size(); ++k)
                out << lengths[k] << ',' << num(value[k]) << ',' << num(paper[k]) << ',' << paperNote[k] << ','
                    << num(su[k]) << ',' << suNote[k] << '\n';
            return;
        }
        io::JsonWriter w(out);
        w.beginObject();
        w.field("head_dim", d);
        w.key("length").array(length);
        w.key("base_lower_bound").array(value); // no admissible base up to 1e15: null
        w.key("paper_table2").array(paper);     // Men et al. Table 2 (d = 128 only); null: no published row
        w.key("paper_vs_computed").beginArray();
        for (const auto& s : paperNote)
            s.empty() ? w.null() : w.value(s);
        w.endArray();
        w.key("su_kexue_fm").array(su); // Su, kexue.fm/archives/10122 (d = 128 only)
        w.key("su_vs_computed").beginArray();
        for (const auto& s : suNote)
            s.empty() ? w.null() : w.value(s);
        w.endArray();
        w.field("definition",
                "base_lower_bound = inf{b > 1 : sum_{i=0}^{d/2-1} cos(m b^(-2i/d)) >= 0 for every integer m in "
                "[0, length]} (Men et al. Eq. 11, the literal infimum): the reported base passes that check on "
                "every m; every base below it is proven to fail except inside forced steps of 1e-6 (relative)");
        w.endObject();
    });
    return 0;
}

} // namespace

Command baseBoundCommand()
{
    Command c{{"compute", "base-bound"},
              "posenc compute base-bound [--head-dim 128] --lengths 1024,2048,... [--format json|csv] [-o FILE]",
              "Men et al.'s lower bound on the RoPE base (Eq. 11, literal infimum) for each context length, beside "
              "the published rows (paper Table 2, Su's kexue.fm reproduction). Cost: a certified walk upward in "
              "the base; each step evaluates remembered violating distances (O(d) each), then windows of 256 "
              "distances above the most recent ones, and only when none fails scans distances from L downwards "
              "in doubling blocks (O(L d) at worst, a few % of L typically); lengths are processed in increasing "
              "order, each starting from the previous answer. Measured (bench/bench_base_bound.cpp, d 128, "
              "2 cores): between linear and quadratic in L; the curve 1K...1M takes about 5 s.",
              {intOpt("head-dim", "rotary dimension d (even)", 128, 2, 65536),
               listOpt("lengths", "context lengths L (comma-separated integers)", 1, 4294967296.0),
               tableFormatOption()},
              false,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
