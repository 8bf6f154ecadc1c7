// SPDX-License-Identifier: GPL-3.0-or-later
// Precision of the rotary angle under float32 / bfloat16 / float16 rounding (precision.h).
#include "posenc/analysis/precision.h"

#include "posenc/errors.h"
#include "posenc/param_state.h"
#include "posenc/params.h"

#include <algorithm>
#include <cmath>
#include <set>

namespace posenc::analysis {

namespace {

int significandBits(FloatFormat f)
{
    switch (f) {
    case FloatFormat::F64:
        return 53;
    case FloatFormat::F32:
        return 24;
    case FloatFormat::F16:
        return 11;
    case FloatFormat::BF16:
        return 8;
    }
    return 53;
}

double angle(double m, double theta, PrecisionStage stage, FloatFormat f)
{
    const bool pos = stage == PrecisionStage::Positions || stage == PrecisionStage::All;
    const bool th = stage == PrecisionStage::Theta || stage == PrecisionStage::All;
    const bool prod = stage == PrecisionStage::Product || stage == PrecisionStage::All;
    const double mm = pos ? roundTo(m, f) : m;
    const double tt = th ? roundTo(theta, f) : theta;
    return prod ? roundTo(mm * tt, f) : mm * tt;
}

/// First m in [1, maxPos] with angle(m) == angle(m + 1), -1 if none. The product's spacing grows by binades:
/// the first binade of m theta whose spacing exceeds theta is where collisions start; scan from its start.
std::int64_t collisionAt(double theta, PrecisionStage stage, FloatFormat f, std::int64_t maxPos)
{
    if (stage == PrecisionStage::Theta || f == FloatFormat::F64)
        return -1;
    const auto same = [&](std::int64_t m) {
        return angle(double(m), theta, stage, f) == angle(double(m + 1), theta, stage, f);
    };
    std::int64_t start = 1;
    if (stage == PrecisionStage::Positions) {
        start = (std::int64_t(1) << significandBits(f)) - 2;
    } else {
        // spacing at x in [2^e, 2^(e+1)) is 2^(e - p + 1) > theta from e = floor(log2 theta) + p on
        const double e = std::floor(std::log2(theta)) + significandBits(f);
        start = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::floor(std::ldexp(1.0, int(e)) / theta)) - 2);
    }
    if (start > maxPos)
        return -1;
    const std::int64_t stop = std::min<std::int64_t>(maxPos, start + 4000000);
    for (std::int64_t m = start; m <= stop; ++m)
        if (same(m))
            return m;
    return -1;
}

} // namespace

std::string toString(PrecisionStage s)
{
    return enumName(kPrecisionStageNames, s);
}

PrecisionStage parsePrecisionStage(const std::string& name)
{
    for (PrecisionStage s :
         {PrecisionStage::Positions, PrecisionStage::Theta, PrecisionStage::Product, PrecisionStage::All})
        if (toString(s) == name)
            return s;
    throw InvalidInput("stage", "--stage " + name + ": not one of positions, theta, product, all");
}

PrecisionResult analyzePrecision(const RotaryFrequencies& f, const PrecisionRequest& r)
{
    if (r.maxPosition < 1 || r.maxPosition > kMaxLength)
        throw InvalidInput("max-position",
                           "--max-position " + std::to_string(r.maxPosition) + " must be in [1, 1099511627776]");
    if (r.samples < 2 || r.samples > 100000)
        throw InvalidInput("samples", "--samples " + std::to_string(r.samples) + " must be in [2, 100000]");
    if (r.formats.empty())
        throw InvalidInput("formats", "--formats: at least one format");
    PrecisionResult out;
    out.stage = r.stage;
    std::set<std::int64_t> grid;
    const double top = double(r.maxPosition);
    for (int k = 0; k < r.samples; ++k)
        grid.insert(static_cast<std::int64_t>(std::llround(std::pow(top, double(k) / (r.samples - 1)))));
    for (FloatFormat fmt : r.formats) {
        PrecisionCurve c;
        c.format = fmt;
        for (double th : f.invFreq) {
            const std::int64_t m = collisionAt(th, r.stage, fmt, r.maxPosition);
            c.collision.push_back(m);
            if (m >= 0 && (c.firstCollision < 0 || m < c.firstCollision))
                c.firstCollision = m;
        }
        for (std::int64_t m : c.collision)
            if (m >= 0)
                grid.insert(m);
        out.curves.push_back(std::move(c));
    }
    out.positions.assign(grid.begin(), grid.end());
    for (auto& c : out.curves) {
        c.maxError.assign(out.positions.size(), 0.0);
        c.pairError.assign(f.invFreq.size(), 0.0);
        for (std::size_t k = 0; k < out.positions.size(); ++k) {
            const double m = out.positions[k];
            for (std::size_t i = 0; i < f.invFreq.size(); ++i) {
                const double exact = m * f.invFreq[i];
                const double e = 2.0 * std::abs(std::sin(0.5 * (angle(m, f.invFreq[i], r.stage, c.format) - exact)));
                c.maxError[k] = std::max(c.maxError[k], e);
                c.pairError[i] = std::max(c.pairError[i], e);
            }
        }
    }
    return out;
}

} // namespace posenc::analysis
