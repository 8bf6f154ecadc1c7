// SPDX-License-Identifier: GPL-3.0-or-later
// `decay` declared once (analysis_spec.h): options, result columns, the run.
#include "analysis_specs_p.h"

#include "posenc/analysis/decay.h"
#include "posenc/errors.h"
#include "posenc/param_builders.h"

namespace posenc::analysis {

namespace {

std::string curveName(DecayCurve c)
{
    return enumName(kDecayCurveNames, c);
}

void checkGiven(const ParamSet& given)
{
    if (given.has("max-distance") == given.has("distances"))
        throw InvalidInput("max-distance", "give exactly one of --max-distance N (distances 0..N-1) or "
                                           "--distances LIST");
}

AnalysisOutput run(const Encoding* encoding, const ParamSet& p, const RunContext& context)
{
    // Peak memory before the distances are allocated (as the CLI checks against --memory-budget): the
    // distances, up to 7 curves and one curve per bias head, against the run's budget.
    const double count = p.has("distances") ? static_cast<double>(p.list("distances").size()) : p.real("max-distance");
    const int heads = encoding->biasHeads();
    const double bytes = 8.0 * count * (8.0 + heads);
    if (bytes > static_cast<double>(context.memoryBudget))
        throw BudgetExceeded(heads > 1 ? "num-heads" : (p.has("distances") ? "distances" : "max-distance"),
                             formatNumber(count) + " distances x (8 curves + " + std::to_string(heads) +
                                 " bias heads) need " + formatNumber(bytes) + " bytes, above the memory budget of " +
                                 formatNumber(static_cast<double>(context.memoryBudget)) + " bytes");
    DecayOptions o = decayOptionsFrom(p);
    o.memoryBudget = context.memoryBudget;
    return decayOutput(computeDecay(*encoding, o, context.progress));
}

} // namespace

AnalysisOutput decayOutput(DecayResult r)
{
    AnalysisOutput out;
    out.columns.emplace_back("distance", std::move(r.distance));
    // Column names are the curve names of kDecayCurveNames (the spelling of `render decay --curve`).
    std::pair<std::string, std::optional<std::vector<double>>*> curves[] = {
        {curveName(DecayCurve::RoformerBound), &r.roformerBound},
        {curveName(DecayCurve::SimilarToken), &r.similarToken},
        {curveName(DecayCurve::AllOnes), &r.allOnesScore},
        {curveName(DecayCurve::RandomQk) + "-mean", &r.randomQkMean},
        {curveName(DecayCurve::RandomQk) + "-std", &r.randomQkStd},
        {curveName(DecayCurve::MeanCosine), &r.meanCosine}};
    for (auto& [name, curve] : curves)
        if (*curve)
            out.columns.emplace_back(name, std::move(**curve));
    out.perHead = std::move(r.biasPerHead);
    return out;
}

DecayOptions decayOptionsFrom(const ParamSet& p)
{
    DecayOptions o;
    o.distances = p.has("distances") ? p.list("distances") : integerDistances(p.integer("max-distance"));
    o.samples = static_cast<int>(p.integer("samples"));
    o.seed = static_cast<std::uint64_t>(p.integer("seed"));
    o.correlation = p.real("correlation");
    return o;
}

AnalysisSpec decaySpec()
{
    const DecayOptions defaults;
    AnalysisSpec s;
    s.id = "decay";
    s.summary = "Score against relative distance: RoFormer bound, similar-token B, all-ones score, seeded random "
                "q,k mean/std (rotary); PE dot products (sinusoidal); mean cosine (learned); bias per head.";
    s.options = {
        optional(intParam("max-distance", 0, 1, static_cast<double>(std::int64_t(1) << 31), {},
                          "distances 0 .. N-1 (for t5 this flag is the distance range, not the bucket parameter)")),
        optional(listParam("distances", 0, 1e15,
                           "explicit comma-separated distances (need not be integers for "
                           "rotary)")),
        intParam("samples", defaults.samples, 0, 1000000, {}, "random q,k draws for random-qk-mean/std (0 = off)"),
        intParam("seed", static_cast<double>(defaults.seed), 0, 9007199254740991.0, {}, "seed of the draws"),
        realParam("correlation", defaults.correlation, -1.0, 1.0, {}, "rho in k = rho q + sqrt(1-rho^2) noise"),
    };
    s.columns = {
        {"distance", "relative distance Delta (positions)"},
        {curveName(DecayCurve::RoformerBound), "rotary: (1/(d/2)) sum_j |S_j(Delta)|, RoFormer Fig. 2", false},
        {curveName(DecayCurve::SimilarToken), "rotary, sinusoidal: B(Delta) = sum_i cos(Delta theta'_i) (Men et al.)",
         false},
        {curveName(DecayCurve::AllOnes), "rotary: the score of q = k = 1, a^2 2 B(Delta) + (head_dim - d_rot)", false},
        {curveName(DecayCurve::RandomQk) + "-mean", "rotary with samples > 0: mean of q^T R_Delta k over the draws",
         false},
        {curveName(DecayCurve::RandomQk) + "-std", "rotary with samples > 0: standard deviation over the draws", false},
        {curveName(DecayCurve::MeanCosine), "learned: mean cosine similarity of PE_m and PE_(m+Delta)", false},
    };
    s.run = &run;
    s.checkGiven = &checkGiven;
    return s;
}

} // namespace posenc::analysis
