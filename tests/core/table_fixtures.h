// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Test fixtures for the table readers: files built byte by byte here (independently of the readers), and the
// expected value of each stored element computed by rounding, not by decoding bits.

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace posenc::test {

/// A GPT-2-wpe-shaped deterministic table: smooth in the position (a helix-like set of frequencies) plus a
/// small per-cell term, magnitudes ~0.01..0.2 like GPT-2's wpe.
inline std::vector<double> gpt2LikeTable(std::size_t rows, std::size_t cols)
{
    std::vector<double> t(rows * cols);
    for (std::size_t r = 0; r < rows; ++r)
        for (std::size_t c = 0; c < cols; ++c) {
            const double w = std::pow(1.0e-3, static_cast<double>(c / 2) / static_cast<double>(cols));
            const double phase = static_cast<double>(r) * w + 0.1 * static_cast<double>(c);
            t[r * cols + c] = 0.12 * (c % 2 ? std::cos(phase) : std::sin(phase)) +
                              0.01 * std::sin(0.7 * static_cast<double>(r * cols + c));
        }
    return t;
}

/// x rounded to `bits` significant bits (round half to even), with quanta no smaller than 2^minExp (subnormals).
inline double roundToBits(double x, int bits, int minExp)
{
    if (x == 0)
        return 0;
    const int e = static_cast<int>(std::floor(std::log2(std::fabs(x))));
    const int quantumExp = std::max(e - (bits - 1), minExp);
    return std::nearbyint(std::ldexp(x, -quantumExp)) * std::ldexp(1.0, quantumExp);
}
inline double asHalf(double x)
{
    return roundToBits(x, 11, -24);
}
inline double asBfloat16(double x)
{
    return roundToBits(x, 8, -133);
}

/// Bits of x already representable as binary16 (normal or subnormal, finite).
inline std::uint16_t halfBits(double x)
{
    std::uint16_t sign = x < 0 ? 0x8000 : 0;
    x = std::fabs(x);
    if (x == 0)
        return sign;
    const int e = static_cast<int>(std::floor(std::log2(x)));
    if (e < -14) // subnormal: m * 2^-24
        return static_cast<std::uint16_t>(sign | static_cast<std::uint16_t>(std::ldexp(x, 24)));
    const auto mant = static_cast<std::uint16_t>(std::ldexp(x, 10 - e) - 1024);
    return static_cast<std::uint16_t>(sign | ((e + 15) << 10) | mant);
}
/// Bits of x already representable as bfloat16: the high half of its binary32 bits.
inline std::uint16_t bfloat16Bits(double x)
{
    return static_cast<std::uint16_t>(std::bit_cast<std::uint32_t>(static_cast<float>(x)) >> 16);
}

inline void putLittle(std::string& out, std::uint64_t v, int bytes)
{
    for (int i = 0; i < bytes; ++i)
        out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
inline void putBig(std::string& out, std::uint64_t v, int bytes)
{
    for (int i = bytes - 1; i >= 0; --i)
        out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}

/// A .npy file: magic, version, little-endian header length, the header dict padded with spaces to a multiple
/// of 64 bytes ending in '\n', then `payload`.
inline std::string npyFile(const std::string& dict, const std::string& payload, int major = 1)
{
    std::string out = "\x93NUMPY";
    out.push_back(static_cast<char>(major));
    out.push_back(0);
    const std::size_t prefix = out.size() + (major == 1 ? 2 : 4);
    std::string header = dict;
    while ((prefix + header.size() + 1) % 64 != 0)
        header.push_back(' ');
    header.push_back('\n');
    putLittle(out, header.size(), major == 1 ? 2 : 4);
    return out + header + payload;
}

/// A .safetensors file from a header JSON text and the data section.
inline std::string safetensorsFile(const std::string& header, const std::string& data)
{
    std::string out;
    putLittle(out, header.size(), 8);
    return out + header + data;
}

} // namespace posenc::test
