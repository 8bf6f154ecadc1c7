// SPDX-License-Identifier: GPL-3.0-or-later
#include "relative_score.h"

#include <cmath>

namespace posenc::analysis::detail {

PhasorSet rotaryPhasors(const RotaryFrequencies& f)
{
    PhasorSet set;
    set.theta = f.invFreq;
    set.logDecay = f.logDecayPerPosition();
    return set;
}

void fillScores(const RelativeScoreModel& model, std::int64_t first, std::size_t count, double* out)
{
    switch (model.form) {
    case RelativeScoreModel::Form::Phasor:
        parallelSweepIntegers(model.phasors, first, count, [&](std::size_t k, const PhasorStepper& st) {
            out[k] = model.cosWeight * sumRe(st) + model.offset;
        });
        return;
    case RelativeScoreModel::Form::Bias: {
        const auto n = static_cast<std::int64_t>(count);
#pragma omp parallel for schedule(static)
        for (std::int64_t k = 0; k < n; ++k)
            out[k] = model.encoding->bias(model.head, first + k);
        return;
    }
    case RelativeScoreModel::Form::Zero:
        for (std::size_t k = 0; k < count; ++k)
            out[k] = 0.0;
        return;
    }
}

} // namespace posenc::analysis::detail
