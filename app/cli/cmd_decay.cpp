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
    analysis::DecayOptions o;
    o.distances = args.has("distances")
                      ? listOption(args, "distances")
                      : analysis::integerDistances(intOption(args, "max-distance", 0, 1, std::int64_t(1) << 31));
    o.samples = static_cast<int>(intOption(args, "samples", 0, 0, 1000000));
    o.seed = static_cast<std::uint64_t>(intOption(args, "seed", 0, 0, 9007199254740991LL));
    o.correlation = realOption(args, "correlation", 0.9, -1.0, 1.0);
    const auto choice = resolveMethod(args, self);
    const auto r = analysis::computeDecay(*choice.encoding, o);

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
    Command c{{"compute", "decay"},
              "posenc compute decay --method M [--PARAM VALUE ...] (--max-distance N | --distances LIST)\n"
              "                     [--samples K --seed S --correlation R] [--format json|csv] [-o FILE]",
              "Score against relative distance: RoFormer bound, similar-token B, all-ones score, seeded random "
              "q,k mean/std (rotary); PE dot products (sinusoidal); mean cosine (learned); bias per head.",
              {{"max-distance", "distances 0 .. N-1, N in [1, 2^31] (for t5 this flag is the distance range, "
                                "not the bucket parameter)"},
               {"distances", "explicit comma-separated distances (>= 0, need not be integers for rotary)"},
               {"samples", "random q,k draws for random-qk-mean/std, 0 .. 1000000 (default 0 = off)"},
               {"seed", "seed of the draws (default 0)"},
               {"correlation", "rho in k = rho q + sqrt(1-rho^2) noise, in [-1, 1] (default 0.9)"},
               {"format", "json (default) or csv"}},
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
