// SPDX-License-Identifier: GPL-3.0-or-later
// llama.cpp / ggml: what llama.cpp passes to ggml_rope_ext for a method instance, and what the ggml CPU kernel
// computes with it. Facts from ggml d99724f2b141 (src/ggml-cpu/ops.cpp, src/ggml.c) and llama.cpp
// src/llama-context.cpp (see engine_table.cpp for each rule's source); their code is not copied, the formulas
// are restated.
#include "engines_internal.h"

#include "../methods/method_common.h"
#include "posenc/errors.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc::engine_detail {

namespace {

/// YaRN's g(s, m) = 0.1 m ln s + 1 (s > 1), in llama.cpp's float arithmetic (llama-context.cpp get_mscale).
float mscaleF(float scale, float m) { return scale <= 1.0f ? 1.0f : (0.1f * m * std::log(scale) + 1.0f); }

/// Llama 3.1's per-pair factors as the GGUF converter writes them into rope_freqs.weight: 1 (short wavelengths),
/// factor (long ones), 1 / ((1 - smooth)/factor + smooth) between; the kernel divides theta by them.
std::vector<double> llama3FreqFactors(const RotaryFrequencies& hf, const ParamSet& p)
{
    const double s = p.real("factor");
    const double L0 = p.real("original-max-position-embeddings");
    const double low = p.real("alpha");
    const double high = p.real("beta");
    std::vector<double> ff(hf.baseInvFreq.size());
    for (std::size_t i = 0; i < ff.size(); ++i) {
        const double wavelen = 2.0 * std::numbers::pi / hf.baseInvFreq[i];
        if (wavelen < L0 / high)
            ff[i] = 1.0;
        else if (wavelen > L0 / low)
            ff[i] = s;
        else {
            const double smooth = (L0 / wavelen - low) / (high - low);
            ff[i] = 1.0 / ((1.0 - smooth) / s + smooth);
        }
    }
    return ff;
}

} // namespace

GgmlRope ggmlRopeFor(const std::string& id, const ParamSet& p, const RotaryFrequencies& hf,
                     std::vector<std::string>& notes)
{
    GgmlRope g;
    g.nDims = hf.rotaryDim;
    g.mode = hf.pairing == Pairing::Half ? 2 : 0; // NEOX for rotate_half, NORMAL for adjacent pairs
    g.freqBase = hf.base;
    g.nCtxOrig = static_cast<int>(hf.originalLength > 0 ? hf.originalLength : 0);
    if (id == "rope") {
        return g;
    }
    if (id == "pi") {
        const double s = p.real("factor");
        g.freqScale = 1.0 / s;
        g.freqScaleF = 1.0f / static_cast<float>(s);
        return g;
    }
    if (id == "yarn") {
        const double s = p.real("factor");
        g.freqScale = 1.0 / s;
        g.freqScaleF = 1.0f / static_cast<float>(s);
        g.extFactor = 1.0;
        g.betaFast = p.real("beta");
        g.betaSlow = p.real("alpha");
        g.nCtxOrig = static_cast<int>(p.real("original-max-position-embeddings"));
        const double ms = p.real("mscale");
        const double msAll = p.real("mscale-all-dim");
        // The context: yarn_log_mul (written only by the DeepSeek2-family converters, as 0.1 mscale_all_dim and
        // divided by 0.1 on load) selects g(s, mscale')/g(s, mscale_all_dim) with mscale' = mscale_all_dim for
        // DeepSeek2 (when != 1) and 1 otherwise; else g(s, 1). Then 1/(1 + 0.1 ln s) cancels the kernel's factor.
        const float factorF = 1.0f / g.freqScaleF;
        double attn = 0;
        float attnF = 0;
        if (msAll != 0.0) {
            const float logMulF = static_cast<float>(0.1 * msAll) / 0.1f;
            const float msF = logMulF != 1.0f ? logMulF : 1.0f;
            attnF = mscaleF(factorF, msF) / mscaleF(factorF, logMulF);
            attn = 1.0; // g(s, msAll)/g(s, msAll), or g(s, 1)/g(s, 1)
            if (ms != 0.0 && ms != msAll)
                notes.push_back("llama.cpp reads no mscale (" + formatNumber(ms) +
                                "): its DeepSeek2 context takes mscale = mscale_all_dim, so the rotated channels are "
                                "not scaled (HF: g(s, mscale)/g(s, mscale_all_dim) = " +
                                formatNumber(hf.attentionFactor) + ")");
        } else {
            attnF = mscaleF(factorF, 1.0f);
            attn = methods::yarnMscale(s);
        }
        attnF *= 1.0f / (1.0f + 0.1f * std::log(factorF));
        attn /= 1.0 + 0.1 * std::log(s);
        g.attnFactor = attn;
        g.attnFactorF = attnF;
        if (p.has("attention-factor"))
            notes.push_back("llama.cpp's context overwrites yarn_attn_factor for YaRN, so the explicit attention "
                            "factor " + formatNumber(p.real("attention-factor")) +
                            " is not used (only rope.scaling.attn_factor multiplies on top; taken as 1)");
        if (!p.flag("truncate"))
            notes.push_back("ggml_rope_yarn_corr_dims always floors/ceils the ramp bounds: HF's truncate = false "
                            "is not expressible");
        if (p.choice("ramp") == "paper")
            notes.push_back("ggml's ramp is linear in the pair index (rope_yarn_ramp); --ramp paper is not "
                            "expressible and the index ramp is used");
        return g;
    }
    if (id == "llama3") {
        g.freqFactors = llama3FreqFactors(hf, p);
        notes.push_back("Llama 3 scaling reaches ggml as the rope_freqs.weight tensor the converter writes "
                        "(theta divided per pair); the scaling type is none, so freq_scale = 1");
        return g;
    }
    if (id == "longrope") {
        const double L0 = p.real("original-max-position-embeddings");
        const bool useLong = servedLength(p) > L0;
        const auto& list = p.list(useLong ? "long-factor" : "short-factor");
        g.freqFactors = list.empty() ? std::vector<double>(hf.pairs(), 1.0) : list;
        g.attnFactor = hf.attentionFactor;
        g.attnFactorF = static_cast<float>(hf.attentionFactor);
        notes.push_back(std::string("llama.cpp picks rope_factors_") + (useLong ? "long" : "short") +
                        " by the context size n_ctx_per_seq = " + formatNumber(servedLength(p)) +
                        (useLong ? " > " : " <= ") + "L0 for every position, not by the current length; the "
                        "magnitude is the converter's rope.scaling.attn_factor (taken as HF's attention factor)");
        return g;
    }
    throw InvalidInput("engine", "--engine llama.cpp cannot express method " + id);
}

void ggmlCorrDims(const GgmlRope& g, float dims[2])
{
    // ggml.c ggml_rope_yarn_corr_dim / ggml_rope_yarn_corr_dims, in the same float operations.
    const auto corrDim = [&](float nRot) {
        return static_cast<float>(g.nDims) *
               std::log(static_cast<float>(g.nCtxOrig) / (nRot * 2 * static_cast<float>(std::numbers::pi))) /
               (2 * std::log(static_cast<float>(g.freqBase)));
    };
    const float start = std::floor(corrDim(static_cast<float>(g.betaFast)));
    const float end = std::ceil(corrDim(static_cast<float>(g.betaSlow)));
    dims[0] = std::max(0.0f, start);
    dims[1] = std::min(static_cast<float>(g.nDims - 1), end);
}

void ggmlCacheRow(const GgmlRope& g, const float corr[2], std::int64_t pos, float* cosOut, float* sinOut,
                  float* angleOut)
{
    const float thetaScale = std::pow(static_cast<float>(g.freqBase), -2.0f / static_cast<float>(g.nDims));
    const float extFactor = static_cast<float>(g.extFactor);
    float theta = static_cast<float>(pos);
    for (int i0 = 0; i0 < g.nDims; i0 += 2) {
        const float ff = g.freqFactors.empty() ? 1.0f : static_cast<float>(g.freqFactors[i0 / 2]);
        const float thetaExtrap = theta / ff;
        const float thetaInterp = g.freqScaleF * thetaExtrap;
        float th = thetaInterp;
        float mscale = g.attnFactorF;
        if (extFactor != 0.0f) {
            const float y = (static_cast<float>(i0 / 2) - corr[0]) / std::max(0.001f, corr[1] - corr[0]);
            const float rampMix = (1 - std::min(1.0f, std::max(0.0f, y))) * extFactor;
            // ggml's default x86 build (AVX2 + FMA, also with GGML_NATIVE=OFF) compiles with -mfma: GCC fuses
            // the first product of a*b + c*d and 1 + 0.1*x into one rounding, and so does this emulation.
            th = std::fma(thetaInterp, 1 - rampMix, thetaExtrap * rampMix);
            mscale *= std::fma(0.1f, std::log(1.0f / g.freqScaleF), 1.0f);
        }
        cosOut[i0 / 2] = std::cos(th) * mscale;
        sinOut[i0 / 2] = std::sin(th) * mscale;
        if (angleOut)
            angleOut[i0 / 2] = th;
        theta *= thetaScale;
    }
}

RotaryFrequencies ggmlFrequencies64(const GgmlRope& g, const RotaryFrequencies& hf)
{
    RotaryFrequencies f = hf;
    const std::size_t P = hf.pairs();
    double low = 0, high = 0;
    if (g.extFactor != 0.0) {
        const auto corrDim = [&](double nRot) {
            return g.nDims * std::log(g.nCtxOrig / (nRot * 2 * std::numbers::pi)) / (2 * std::log(g.freqBase));
        };
        low = std::max(0.0, std::floor(corrDim(g.betaFast)));
        high = std::min(static_cast<double>(g.nDims - 1), std::ceil(corrDim(g.betaSlow)));
    }
    std::vector<double> mix(P, 0.0);
    for (std::size_t i = 0; i < P; ++i) {
        const double theta = std::pow(g.freqBase, -2.0 * static_cast<double>(i) / g.nDims);
        const double extrap = theta / (g.freqFactors.empty() ? 1.0 : g.freqFactors[i]);
        const double interp = g.freqScale * extrap;
        double th = interp;
        if (g.extFactor != 0.0) {
            const double y = (static_cast<double>(i) - low) / std::max(0.001, high - low);
            mix[i] = (1.0 - std::clamp(y, 0.0, 1.0)) * g.extFactor;
            th = interp * (1.0 - mix[i]) + extrap * mix[i];
        }
        f.baseInvFreq[i] = theta;
        f.invFreq[i] = th;
    }
    const double kernelMscale = g.extFactor != 0.0 ? 1.0 + 0.1 * std::log(1.0 / g.freqScale) : 1.0;
    f.attentionFactor = g.attnFactor * kernelMscale;
    if (g.extFactor != 0.0) {
        f.ramp = mix;
        f.extras["corr_low"] = low;
        f.extras["corr_high"] = high;
    }
    f.extras["ggml_mode"] = g.mode;
    f.extras["freq_scale"] = g.freqScale;
    f.extras["ext_factor"] = g.extFactor;
    f.extras["attn_factor_passed"] = g.attnFactor;
    f.extras["kernel_mscale"] = kernelMscale;
    return f;
}

} // namespace posenc::engine_detail
