// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The score a query gives a key at relative distance D, per method kind (theory.md §6): shared by the decay,
// entropy and bounds code so that no analysis switches over method ids.

#include "phasor_sweep.h"

#include "posenc/encoding.h"
#include "posenc/errors.h"

#include <cstdint>
#include <string>

namespace posenc::analysis::detail {

/// Phasors of a rotary encoding: theta'_i, and for xPos the per-pair decay ln(zeta_i)/B.
PhasorSet rotaryPhasors(const RotaryFrequencies& f);

/// z(D) = cosWeight * sum_i w_i(D) cos(D theta_i) + offset (rotary, sinusoidal), bias(head, D) (ALiBi, T5) or 0.
struct RelativeScoreModel {
    enum class Form { Phasor, Bias, Zero };
    Form form = Form::Zero;
    PhasorSet phasors;
    double cosWeight = 1.0;
    double offset = 0.0;
    const Encoding* encoding = nullptr; ///< Bias form
    int head = 0;
    std::string description;            ///< e.g. "a^2 2 sum cos + (head_dim - d_rot)", for reports
};

/// Scores at integer distances first .. first+count-1 into out (parallel).
void fillScores(const RelativeScoreModel& model, std::int64_t first, std::size_t count, double* out);

/// Throws Cancelled when the callback asks to stop.
template <class Progress>
void report(const Progress& progress, double fraction)
{
    if (progress && !progress(fraction))
        throw Cancelled();
}

} // namespace posenc::analysis::detail
