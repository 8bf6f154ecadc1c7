// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file precision.h
/// Precision of the rotary angle: the error of (cos, sin)(m theta_i) when the positions m, the frequencies
/// theta_i or the product m theta_i are held in float32, bfloat16 or float16 (everything else exact), against
/// the position; and, per pair, the first position whose neighbour is indistinguishable from it.
///
/// Error at position m: max over pairs of |e^{i phi'} - e^{i phi}| = 2 |sin((phi' - phi)/2)| (the distance of the
/// rounded (cos, sin) point from the exact one; 2 = opposite). Collisions: positions held in a format with p
/// significant bits stop being distinct at 2^p (bfloat16: 256 and 257 both round to 256); a product held in a
/// format collides for pair i at the first m with fl(m theta_i) = fl((m+1) theta_i), i.e. once the format's
/// spacing at m theta_i exceeds theta_i — low-frequency pairs first. Frequencies held in a format never make two
/// positions collide (the error grows linearly in m instead).

#include "posenc/names.h"
#include "posenc/check.h"
#include "posenc/encoding.h"

#include <cstdint>
#include <vector>

namespace posenc::analysis {

/// Which quantity is rounded.
enum class PrecisionStage { Positions, Theta, Product, All };
inline constexpr EnumName<PrecisionStage> kPrecisionStageNames[] = {{PrecisionStage::Positions, "positions"},
                                                                    {PrecisionStage::Theta, "theta"},
                                                                    {PrecisionStage::Product, "product"},
                                                                    {PrecisionStage::All, "all"}};
std::string toString(PrecisionStage s);                      ///< "positions", "theta", "product", "all"
PrecisionStage parsePrecisionStage(const std::string& name); ///< throws InvalidInput("stage", ...)

struct PrecisionRequest {
    std::int64_t maxPosition = 131072; ///< last position analysed (>= 1)
    int samples = 256;                 ///< positions on a log grid from 1 to maxPosition (plus the collisions)
    PrecisionStage stage = PrecisionStage::Positions;
    std::vector<FloatFormat> formats = {FloatFormat::F32, FloatFormat::BF16, FloatFormat::F16};
};

struct PrecisionCurve {
    FloatFormat format = FloatFormat::F32;
    std::vector<double> maxError;  ///< per sampled position: max over pairs
    std::vector<double> pairError; ///< per pair: max over the sampled positions
    /// Per pair: the first position m <= maxPosition with fl(m) == fl(m+1) in this stage, -1 if none.
    std::vector<std::int64_t> collision;
    std::int64_t firstCollision = -1; ///< min over pairs (-1 none)
};

struct PrecisionResult {
    PrecisionStage stage = PrecisionStage::Positions;
    std::vector<double> positions;      ///< sampled positions (ascending integers)
    std::vector<PrecisionCurve> curves; ///< one per requested format
};

/// Throws InvalidInput for maxPosition < 1 or > 2^40, samples outside [2, 100000], no formats.
PrecisionResult analyzePrecision(const RotaryFrequencies& f, const PrecisionRequest& request);

} // namespace posenc::analysis
