// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute decay`: attention-score decay against relative distance (decay.h). Flags, defaults, checks and
// columns are the core's declaration of the analysis (posenc/analysis/analysis_spec.h).
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/decay.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    const auto& spec = analysis::analysisSpec("decay");
    tableFormat(args);
    const ParamSet options = checkedAnalysisFlags(args, spec);
    const auto choice = resolveMethod(args, self);
    // Peak memory before anything is allocated: the distances, up to 7 curves and one curve per bias head.
    const std::string countFlag = args.has("distances") ? "distances" : "max-distance";
    const double count =
        args.has("distances") ? static_cast<double>(options.list("distances").size()) : options.real("max-distance");
    const int heads = choice.encoding->biasHeads();
    checkMemory(args, heads > 1 ? "num-heads" : countFlag, analysis::decayPeakBytes(count, heads),
                formatNumber(count) + " distances x (8 curves + " + std::to_string(heads) + " bias heads)");
    // The budget of the bias curves is the command's --memory-budget (DecayOptions::memoryBudget).
    analysis::DecayOptions o = analysis::decayOptionsFrom(options);
    o.memoryBudget = memoryBudgetOption(args);
    const auto r = [&] {
        TerminalProgress progress("decay");
        return analysis::computeDecay(*choice.encoding, o, [&](double f) { return progress(f); });
    }();
    analysis::AnalysisOutput out = analysis::decayOutput(r);
    std::vector<std::string> headNames;
    std::vector<NamedColumn> headColumns;
    for (std::size_t h = 0; h < out.perHead.size(); ++h)
        headNames.push_back(enumName(analysis::kDecayCurveNames, analysis::DecayCurve::Bias) + "-head-" +
                            std::to_string(h));
    for (std::size_t h = 0; h < out.perHead.size(); ++h)
        headColumns.emplace_back(headNames[h], &out.perHead[h]);
    writeAnalysisOutput(args, choice, spec, out, headColumns, [&](io::JsonWriter& w) {
        if (out.perHead.empty())
            return;
        w.key("bias_per_head").beginArray();
        for (const auto& curve : out.perHead)
            w.array(curve);
        w.endArray();
    });
    return 0;
}

} // namespace

Command decayCommand()
{
    const auto& spec = analysis::analysisSpec("decay");
    Command c{{"compute", "decay"},
              "posenc compute decay --method M [--PARAM VALUE ...] (--max-distance N | --distances LIST)\n"
              "                     [--samples K --seed S --correlation R] [--format json|csv] [-o FILE]",
              spec.summary,
              analysisCommandOptions(spec),
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
