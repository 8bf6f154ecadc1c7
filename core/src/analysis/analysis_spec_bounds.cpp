// SPDX-License-Identifier: GPL-3.0-or-later
// `bounds` declared once (analysis_spec.h): options, result fields, the run.
#include "analysis_specs_p.h"

#include "posenc/analysis/bounds.h"
#include "posenc/errors.h"
#include "posenc/param_builders.h"

#include <limits>

namespace posenc::analysis {

namespace {

constexpr const char* kDefinition =
    "inf{b > 1 : sum_i cos(m b^(-2i/d)) >= 0 for all integer m in [0, context_length]} (Men et al. "
    "Eq. 11, literal infimum; feasible bases do not form an interval): verified on every m at the "
    "reported base, every base below proven infeasible except inside forced steps of 1e-6 relative; "
    "same code as posenc compute base-bound";

AnalysisOutput run(const Encoding* encoding, const ParamSet& p, const RunContext&)
{
    const RotaryFrequencies* f = encoding->rotary();
    if (!f)
        throw InvalidInput("method", "bounds apply to rotary methods; this encoding is " + toString(encoding->kind()));
    BoundsOptions o;
    const double target = f->originalLength > 0 ? f->targetContext() : 4096.0;
    o.contextLength = p.has("context-length") ? p.real("context-length") : target;
    o.trainLength = p.real("train-length");
    o.pretrainBase = p.real("pretrain-base");
    o.computeBaseLowerBound = p.choice("base-bound") == "yes";
    o.lThetaSearchLimit = p.integer("search-limit");
    const BoundsResult r = computeBounds(*encoding, o);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    AnalysisOutput out;
    out.scalars = {{"critical_dim", r.criticalDim ? *r.criticalDim : nan},
                   {"extrapolation_bound", r.extrapolationBound.value_or(nan)},
                   {"l_theta", r.lTheta ? static_cast<double>(*r.lTheta) : nan},
                   {"base_lower_bound", r.baseLowerBound.value_or(nan)},
                   {"pairs_kept", static_cast<double>(r.pairsKept)},
                   {"pairs_ramped", static_cast<double>(r.pairsRamped)},
                   {"pairs_interpolated", static_cast<double>(r.pairsInterpolated)},
                   {"largest_wavelength", r.largestWavelength},
                   {"original_context", r.originalContext},
                   {"context_length", r.targetContext},
                   {"train_length", r.trainLength},
                   {"pretrain_base", r.pretrainBase},
                   {"l_theta_search_limit", static_cast<double>(r.lThetaSearchLimit)}};
    out.labels = {{"base_lower_bound_definition", kDefinition}};
    return out;
}

} // namespace

AnalysisSpec boundsSpec()
{
    const BoundsOptions defaults;
    AnalysisSpec s;
    s.id = "bounds";
    s.summary = "Rotary context bounds: critical dimension d_extra and T_extra (Liu et al.), L_theta and the base "
                "lower bound (Men et al.), pairs kept/ramped/interpolated, largest wavelength.";
    s.options = {
        optional(realParam("context-length", 0, 1.0, 1e15, {}, "target context L (default: factor x L0, or 4096)")),
        realParam("train-length", defaults.trainLength, 0.0, 1e15, {}, "T_train for d_extra (0: L0, or L)"),
        realParam("pretrain-base", defaults.pretrainBase, 0.0, 1e300, {},
                  "pre-training base for d_extra (0: the method's base)"),
        choiceParam("base-bound", defaults.computeBaseLowerBound ? "yes" : "no", {"yes", "no"},
                    "the exact base lower bound (see compute base-bound; seconds at 1M)"),
        intParam("search-limit", static_cast<double>(defaults.lThetaSearchLimit), 1, 17179869184.0, {},
                 "L_theta is searched below this distance"),
    };
    const auto number = [](std::string name, std::string meaning) {
        return ResultColumn{std::move(name), std::move(meaning), true, ResultShape::Number};
    };
    s.columns = {
        number("critical_dim", "d_extra = 2 ceil((d/2) log_b(T_train/2pi)) (Liu et al. 2023); unset: none"),
        number("extrapolation_bound", "T_extra = 2 pi b^(d_extra/d) (positions); unset with d_extra"),
        number("l_theta", "first distance with B(Delta) < 0, minus 1 (Men et al. Eq. 10); unset: none below the "
                          "search limit"),
        number("base_lower_bound", "smallest base b with B >= 0 on [0, L] (Men et al. Eq. 11); unset: not computed"),
        number("pairs_kept", "pairs whose frequency is the original theta"),
        number("pairs_ramped", "pairs strictly between kept and interpolated"),
        number("pairs_interpolated", "pairs at theta / s (or the lowest band)"),
        number("largest_wavelength", "2 pi / min theta' (positions)"),
        number("original_context", "L0 of the method (0: none)"),
        number("context_length", "the target context L used"),
        number("train_length", "T_train used for d_extra"),
        number("pretrain_base", "b0 used for d_extra"),
        number("l_theta_search_limit", "L_theta is searched below this distance"),
        {"base_lower_bound_definition", "the definition of base_lower_bound", true, ResultShape::Text},
    };
    s.run = &run;
    return s;
}

} // namespace posenc::analysis
