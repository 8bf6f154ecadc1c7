// SPDX-License-Identifier: GPL-3.0-or-later
// Rounding to the storage formats engines use (float32, float16, bfloat16) and detecting a table's format.
#include "posenc/check.h"

#include <cmath>
#include <limits>

namespace posenc {

namespace {

/// Round to nearest even with `bits` significant bits, minimum normal exponent `minExp` (subnormals below) and
/// largest finite value `maxFinite` (beyond it: infinity, as a cast does).
double roundSignificand(double x, int bits, int minExp, double maxFinite)
{
    if (x == 0.0 || !std::isfinite(x))
        return x;
    int e = 0;
    (void)std::frexp(x, &e); // x = f 2^e, f in [0.5, 1): the leading bit is worth 2^(e-1)
    const int lead = std::max(e - 1, minExp);
    const double quantum = std::ldexp(1.0, lead - (bits - 1));
    const double r = std::nearbyint(x / quantum) * quantum;
    if (std::abs(r) > maxFinite)
        return std::copysign(std::numeric_limits<double>::infinity(), x);
    return r;
}

} // namespace

std::string toString(FloatFormat f)
{
    switch (f) {
    case FloatFormat::F64:
        return "float64";
    case FloatFormat::F32:
        return "float32";
    case FloatFormat::F16:
        return "float16";
    case FloatFormat::BF16:
        return "bfloat16";
    }
    return "?";
}

double roundTo(double x, FloatFormat f)
{
    switch (f) {
    case FloatFormat::F64:
        return x;
    case FloatFormat::F32:
        return static_cast<double>(static_cast<float>(x));
    case FloatFormat::F16:
        return roundSignificand(x, 11, -14, 65504.0);
    case FloatFormat::BF16:
        return roundSignificand(x, 8, -126, 0x1.fep127);
    }
    return x;
}

double unitRoundoff(FloatFormat f)
{
    switch (f) {
    case FloatFormat::F64:
        return 0x1p-53;
    case FloatFormat::F32:
        return 0x1p-24;
    case FloatFormat::F16:
        return 0x1p-11;
    case FloatFormat::BF16:
        return 0x1p-8;
    }
    return 0x1p-53;
}

FloatFormat detectFormat(const std::vector<double>& values)
{
    for (double v : values)
        if (static_cast<double>(static_cast<float>(v)) != v)
            return FloatFormat::F64;
    for (FloatFormat f : {FloatFormat::BF16, FloatFormat::F16}) {
        bool all = true;
        for (double v : values)
            if (roundTo(v, f) != v) {
                all = false;
                break;
            }
        if (all)
            return f;
    }
    return FloatFormat::F32;
}

} // namespace posenc
