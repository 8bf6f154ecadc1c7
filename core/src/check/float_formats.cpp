// SPDX-License-Identifier: GPL-3.0-or-later
// Rounding to the storage formats engines use (float32, float16, bfloat16) and detecting a table's format.
#include "posenc/check.h"

#include <cmath>
#include <cstdint>
#include <cstring>
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
    return enumName(kFloatFormatNames, f);
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

namespace {

/// `v` is a float32 value: is it exactly a bfloat16 (the low 16 bits of its binary32 are zero)?
bool isBf16(float v)
{
    std::uint32_t bits = 0;
    std::memcpy(&bits, &v, 4);
    return (bits & 0xFFFFu) == 0;
}

/// `v` is a float32 value: is it exactly a float16 (normal: exponent in [-14, 15] and the low 13 significand
/// bits zero; subnormal: a multiple of 2^-24; zero)?
bool isF16(float v)
{
    const float a = std::abs(v);
    if (a == 0.0f)
        return true;
    if (!(a <= 65504.0f))
        return false;
    if (a < 0x1p-14f) {
        const float k = a * 0x1p24f;
        return k == std::floor(k);
    }
    std::uint32_t bits = 0;
    std::memcpy(&bits, &a, 4);
    return (bits & 0x1FFFu) == 0;
}

} // namespace

FloatFormat detectFormat(const std::vector<double>& values)
{
    bool bf16 = true, f16 = true;
    for (double v : values) {
        const float x = static_cast<float>(v);
        if (static_cast<double>(x) != v)
            return FloatFormat::F64;
        bf16 = bf16 && isBf16(x);
        f16 = f16 && isF16(x);
    }
    return bf16 ? FloatFormat::BF16 : f16 ? FloatFormat::F16 : FloatFormat::F32;
}

} // namespace posenc
