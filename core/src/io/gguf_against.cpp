// SPDX-License-Identifier: GPL-3.0-or-later
// Conversion drift: a GGUF file's encodings against the HF config.json it was converted from. Values in a GGUF
// file are mostly float32 (rope.freq_base, rope.scaling.factor, rope_freqs.weight), so numbers are compared to
// a relative 1e-6, above float32's rounding (6e-8) and far below any real drift.
#include "posenc/io/gguf.h"

#include "posenc/params.h"

#include <cmath>

namespace posenc::io {

namespace {

constexpr double kTolerance = 1e-6;

bool close(double a, double b)
{
    return std::abs(a - b) <= kTolerance * std::max(std::abs(a), std::abs(b));
}

std::optional<double> real(const HfEncoding& e, const std::string& name)
{
    if (!e.params.has(name))
        return std::nullopt;
    const auto& v = e.params.get(name);
    if (const auto* d = std::get_if<double>(&v))
        return *d;
    return std::nullopt;
}

std::string text(const HfEncoding& e, const std::string& name)
{
    return e.params.has(name) ? formatValue(e.params.get(name)) : "absent";
}

/// HF rope type → the scaling type a converter writes.
std::string expectedType(const std::string& hf)
{
    if (hf == "default" || hf == "llama3" || hf == "dynamic")
        return "none";
    return hf;
}

void compare(const HfEncoding& g, const HfEncoding& h, std::vector<GgufDrift>& out)
{
    const auto add = [&](std::string what, std::string gv, std::string hv, std::string msg, bool mismatch = true) {
        out.push_back({g.scope, std::move(what), std::move(gv), std::move(hv), std::move(msg), mismatch});
    };
    const bool hasFreqs = g.method == "longrope" && g.ropeType == "none";
    if (h.ropeType == "llama3" && !hasFreqs)
        add("rope_freqs", "absent", "llama3 factor " + text(h, "factor"),
            "the HF config scales with llama3 but the GGUF file has no rope_freqs.weight: the scaling is dropped");
    else if (expectedType(h.ropeType) != g.ropeType)
        add("rope_scaling.type", g.ropeType, h.ropeType,
            "scaling type differs: GGUF " + g.ropeType + ", HF " + h.ropeType +
                (h.ropeType == "dynamic" ? " (llama.cpp has no dynamic NTK)" : ""));
    if (const auto gb = real(g, "base"), hb = real(h, "base"); gb && hb && !close(*gb, *hb))
        add("rope_theta", formatNumber(*gb), formatNumber(*hb), "rope.freq_base differs from rope_theta");
    if (g.rotaryDim != h.rotaryDim)
        add("rotary_dim", std::to_string(g.rotaryDim), std::to_string(h.rotaryDim),
            "rope.dimension_count differs from HF's rotary channels (head_dim x partial_rotary_factor)");
    const bool bothScaled = g.ropeType == expectedType(h.ropeType) && g.ropeType != "none";
    if (const auto gf = real(g, "factor"), hf = real(h, "factor"); bothScaled && gf && hf && !close(*gf, *hf))
        add("factor", formatNumber(*gf), formatNumber(*hf),
            close(*gf * *hf, 1.0) ? "rope.scaling.factor is the reciprocal of HF's factor (freq_scale written as "
                                    "the factor?)"
                                  : "rope.scaling.factor differs from HF's factor");
    if (bothScaled)
        for (const char* name : {"original-max-position-embeddings", "beta", "alpha"})
            if (const auto gv = real(g, name), hv = real(h, name); gv && hv && !close(*gv, *hv))
                add(name, formatNumber(*gv), formatNumber(*hv), std::string(name) + " differs");
    if (!close(g.attentionFactor, h.attentionFactor))
        add("attention_factor", formatNumber(g.attentionFactor), formatNumber(h.attentionFactor),
            "the attention factor differs");
    if (g.maxPositionEmbeddings && h.maxPositionEmbeddings && *g.maxPositionEmbeddings != *h.maxPositionEmbeddings)
        add("context_length", std::to_string(*g.maxPositionEmbeddings), std::to_string(*h.maxPositionEmbeddings),
            "context_length differs from max_position_embeddings", false);
    const std::string gp = text(g, "pairing"), hp = text(h, "pairing");
    if (gp != hp)
        add("pairing", gp, hp,
            gp == "interleaved" && hp == "half"
                ? "llama.cpp pairs adjacent channels (NORM); equal to HF's half split when the converter permuted "
                  "Q/K, as it does for llama-family models"
                : "llama.cpp's pairing for this architecture differs from the HF config's",
            !(gp == "interleaved" && hp == "half"));
    const std::size_t n = std::min(g.invFreq.size(), h.invFreq.size());
    double worst = 0;
    std::size_t at = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const double d = std::abs(g.invFreq[i] - h.invFreq[i]) / std::max(std::abs(h.invFreq[i]), 1e-300);
        if (d > worst) {
            worst = d;
            at = i;
        }
    }
    if (worst > kTolerance)
        add("inv_freq", formatNumber(g.invFreq[at]), formatNumber(h.invFreq[at]),
            "inv_freq differs most at pair " + std::to_string(at) + " (relative " + formatNumber(worst) + ")");
}

} // namespace

std::vector<GgufDrift> compareGgufWithHf(const HfConfig& gguf, const HfConfig& hf)
{
    std::vector<GgufDrift> out;
    if (gguf.encodings.size() != hf.encodings.size())
        out.push_back({"", "encodings", std::to_string(gguf.encodings.size()), std::to_string(hf.encodings.size()),
                       "the files hold different numbers of encodings; the first of each are compared", true});
    if (gguf.encodings.empty() || hf.encodings.empty())
        return out;
    if (gguf.encodings.size() == hf.encodings.size()) {
        for (std::size_t i = 0; i < gguf.encodings.size(); ++i)
            compare(gguf.encodings[i], hf.encodings[i], out);
    } else {
        compare(gguf.encodings.front(), hf.encodings.front(), out);
    }
    return out;
}

} // namespace posenc::io
