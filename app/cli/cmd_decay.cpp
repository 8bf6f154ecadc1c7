// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute decay`: attention-score decay against relative distance (decay.h).
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/decay.h"
#include "posenc/errors.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    const std::string format = tableFormat(args);
    if (args.has("max-distance") == args.has("distances"))
        throw InvalidInput("max-distance", "give exactly one of --max-distance N (distances 0..N-1) or "
                                           "--distances LIST");
    const auto choice = resolveMethod(args, self);
    // Peak memory before anything is allocated: the distances, up to 7 curves and one curve per bias head.
    const std::string countFlag = args.has("distances") ? "distances" : "max-distance";
    const double count =
        args.has("distances") ? static_cast<double>(listOption(args, "distances").size()) : realOption(args, countFlag);
    const int heads = choice.encoding->biasHeads();
    checkMemory(args, heads > 1 ? "num-heads" : countFlag, 8.0 * count * (8.0 + heads),
                formatNumber(count) + " distances x (8 curves + " + std::to_string(heads) + " bias heads)");
    analysis::DecayOptions o;
    o.memoryBudget = memoryBudgetOption(args);
    o.distances = args.has("distances") ? listOption(args, "distances")
                                        : analysis::integerDistances(intOption(args, "max-distance"));
    o.samples = static_cast<int>(intOption(args, "samples"));
    o.seed = static_cast<std::uint64_t>(intOption(args, "seed"));
    o.correlation = realOption(args, "correlation");
    const auto r = [&] {
        TerminalProgress progress("decay");
        return analysis::computeDecay(*choice.encoding, o, [&](double f) { return progress(f); });
    }();

    // Column names are the curve names of analysis::kDecayCurveNames (the spelling of `render decay --curve`).
    using analysis::DecayCurve;
    const auto name = [](DecayCurve c) { return enumName(analysis::kDecayCurveNames, c); };
    const std::pair<std::string, const std::optional<std::vector<double>>*> curves[] = {
        {name(DecayCurve::RoformerBound), &r.roformerBound},   {name(DecayCurve::SimilarToken), &r.similarToken},
        {name(DecayCurve::AllOnes), &r.allOnesScore},          {name(DecayCurve::RandomQk) + "-mean", &r.randomQkMean},
        {name(DecayCurve::RandomQk) + "-std", &r.randomQkStd}, {name(DecayCurve::MeanCosine), &r.meanCosine}};
    std::vector<NamedColumn> cols{{"distance", &r.distance}};
    for (const auto& [curveName, curve] : curves)
        if (*curve)
            cols.emplace_back(curveName, &**curve);
    std::vector<std::string> headNames;
    for (std::size_t h = 0; h < r.biasPerHead.size(); ++h)
        headNames.push_back(name(DecayCurve::Bias) + "-head-" + std::to_string(h));
    writeOutput(args, [&](std::ostream& out) {
        if (format == "csv") {
            auto all = cols;
            for (std::size_t h = 0; h < r.biasPerHead.size(); ++h)
                all.emplace_back(headNames[h], &r.biasPerHead[h]);
            writeColumnsCsv(out, all);
            return;
        }
        io::JsonWriter w(out);
        beginAnalysisJson(w, choice, "decay");
        writeColumnsJson(w, cols);
        if (!r.biasPerHead.empty()) {
            w.key("bias_per_head").beginArray();
            for (const auto& curve : r.biasPerHead)
                w.array(curve);
            w.endArray();
        }
        w.endObject();
    });
    return 0;
}

} // namespace

Command decayCommand()
{
    Command c{
        {"compute", "decay"},
        "posenc compute decay --method M [--PARAM VALUE ...] (--max-distance N | --distances LIST)\n"
        "                     [--samples K --seed S --correlation R] [--format json|csv] [-o FILE]",
        "Score against relative distance: RoFormer bound, similar-token B, all-ones score, seeded random "
        "q,k mean/std (rotary); PE dot products (sinusoidal); mean cosine (learned); bias per head.",
        {intOpt("max-distance", "distances 0 .. N-1 (for t5 this flag is the distance range, not the bucket parameter)",
                std::nullopt, 1, std::int64_t(1) << 31),
         listOpt("distances", "explicit comma-separated distances (need not be integers for rotary)", 0, 1e15),
         intOpt("samples", "random q,k draws for random-qk-mean/std (0 = off)", 0, 0, 1000000),
         intOpt("seed", "seed of the draws", 0, 0, 9007199254740991.0),
         realOpt("correlation", "rho in k = rho q + sqrt(1-rho^2) noise", 0.9, -1.0, 1.0), tableFormatOption()},
        true,
        {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
