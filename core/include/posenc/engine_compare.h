// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file engine_compare.h
/// Where the engines disagree for one rotary method instance: the instance built by every engine (engine.h) in
/// one arithmetic, and each engine against Hugging Face's build: per pair the relative difference of inv_freq and
/// the largest |Δcos|, |Δsin| over a set of positions, the attention-factor ratio, and where cos/sin differ most.
/// The one computation behind `posenc inspect CONFIG --engines all` and `posenc render engines` (the Engines
/// view).

#include "posenc/encoding.h"
#include "posenc/engine.h"
#include "posenc/params.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace posenc {

/// One engine against HF (same method instance, same arithmetic).
struct EngineDisagreement {
    /// (θ_E,i − θ_HF,i) / θ_HF,i per pair (signed; NaN where θ_HF,i = 0).
    std::vector<double> invFreqRelative;
    /// Per pair, max over the compared positions m of max(|cos_E − cos_HF|, |sin_E − sin_HF|) at (m, pair); cos
    /// and sin include each engine's attention factor.
    std::vector<double> cosSinMax;
    std::size_t invFreqPair = 0;       ///< the pair with the largest |invFreqRelative|
    double invFreqMaxRelative = 0;     ///< that |relative difference|
    double attentionRatio = 1;         ///< a_E / a_HF
    double cosSinMaxDifference = 0;    ///< the largest entry of cosSinMax
    std::int64_t cosSinPosition = 0;   ///< where it is (the first such position)
    std::size_t cosSinPair = 0;
};

/// A method instance as one engine builds it.
struct EngineBuild {
    Engine engine = Engine::Hf;
    std::shared_ptr<const Encoding> encoding; ///< null when the engine cannot express the instance
    std::string cannotExpress;                 ///< why (the engine's InvalidInput message), else empty
    std::optional<EngineDisagreement> againstHf; ///< for every engine but HF, when both were built
};

struct EngineComparison {
    Arithmetic arithmetic = Arithmetic::F64;
    std::vector<std::int64_t> positions; ///< the positions cos/sin were compared at (ascending)
    std::vector<EngineBuild> engines;    ///< in engines() order: HF first
};

/// The positions compared in a context of `length` positions: 2049 evenly spaced over 0 .. length−1 (both ends
/// included) and the powers of two below `length`, ascending without repeats. Throws InvalidInput for length < 1.
std::vector<std::int64_t> engineComparisonPositions(double length);

/// Builds `params` of method `methodId` (a rotary method with the `engine` parameter) with every engine in
/// `arithmetic` (the instance's own engine and arithmetic are replaced), and compares each with HF at
/// engineComparisonPositions(length). Throws InvalidInput when the method has no engine parameter; an engine that
/// cannot build the instance (HF included, e.g. --arithmetic engine of xPos) is recorded with the reason
/// (EngineBuild::cannotExpress), not thrown, and then has no comparison.
EngineComparison compareEngines(const std::string& methodId, const ParamSet& params, Arithmetic arithmetic,
                                double length);

} // namespace posenc
