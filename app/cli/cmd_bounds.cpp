// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute bounds`: context-length bounds and band counts of a rotary method (bounds.h).
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/bounds.h"
#include "posenc/errors.h"

#include <cmath>
#include <limits>

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    const std::string format = tableFormat(args);
    const auto choice = resolveMethod(args, self);
    const RotaryFrequencies* f = choice.encoding->rotary();
    if (!f)
        throw InvalidInput("method", "bounds apply to rotary methods; " + choice.def->info.id + " is " +
                                         toString(choice.def->info.kind));
    analysis::BoundsOptions o;
    const double target = f->originalLength > 0 ? f->originalLength * f->scale : 4096.0;
    o.contextLength = args.has("context-length") ? realOption(args, "context-length") : target;
    o.trainLength = realOption(args, "train-length");
    o.pretrainBase = realOption(args, "pretrain-base");
    o.computeBaseLowerBound = choiceOption(args, "base-bound") == "yes";
    o.lThetaSearchLimit = intOption(args, "search-limit");
    const auto r = analysis::computeBounds(*choice.encoding, o);
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const std::pair<const char*, double> rows[] = {{"critical_dim", r.criticalDim ? *r.criticalDim : nan},
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
    writeOutput(args, [&](std::ostream& out) {
        if (format == "csv") {
            out << "quantity,value\n";
            for (const auto& [name, value] : rows)
                out << name << ',' << (std::isfinite(value) ? io::JsonWriter::number(value) : "") << '\n';
            return;
        }
        io::JsonWriter w(out);
        beginAnalysisJson(w, choice, "bounds");
        for (const auto& [name, value] : rows)
            w.field(name, value); // unset values are written as null
        w.field("base_lower_bound_definition",
                "inf{b > 1 : sum_i cos(m b^(-2i/d)) >= 0 for all integer m in [0, context_length]} (Men et al. "
                "Eq. 11, literal infimum; feasible bases do not form an interval): verified on every m at the "
                "reported base, every base below proven infeasible except inside forced steps of 1e-6 relative; "
                "same code as posenc compute base-bound");
        w.endObject();
    });
    return 0;
}

} // namespace

Command boundsCommand()
{
    Command c{{"compute", "bounds"},
              "posenc compute bounds --method M [--PARAM VALUE ...] [--context-length L] [--train-length T]\n"
              "                      [--pretrain-base B] [--base-bound yes|no] [--format json|csv] [-o FILE]",
              "Rotary context bounds: critical dimension d_extra and T_extra (Liu et al.), L_theta and the base "
              "lower bound (Men et al.), pairs kept/ramped/interpolated, largest wavelength.",
              {realOpt("context-length", "target context L (default: factor x L0, or 4096)", std::nullopt, 1.0, 1e15),
               realOpt("train-length", "T_train for d_extra (0: L0, or L)", 0.0, 0.0, 1e15),
               realOpt("pretrain-base", "pre-training base for d_extra (0: the method's base)", 0.0, 0.0, 1e300),
               choiceOpt("base-bound", "the exact base lower bound (see compute base-bound; seconds at 1M)", "yes",
                         {"yes", "no"}),
               intOpt("search-limit", "L_theta is searched below this distance", 16777216.0, 1, 17179869184.0),
               tableFormatOption()},
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
