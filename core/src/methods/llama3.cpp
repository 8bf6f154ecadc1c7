// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

#include <numbers>

namespace posenc::methods {

MethodDef llama3Method()
{
    MethodDef m;
    m.info.id = "llama3";
    m.info.displayName = "Llama 3 scaling";
    m.info.summary = "Keep wavelengths below L0/beta, stretch those above L0/alpha s times (frequency divided by s), "
                     "blend in between (linear in L0/lambda).";
    m.info.kind = MethodKind::Rotary;
    m.info.citation = "Meta Llama 3.1 apply_scaling; HF _compute_llama3_parameters";
    auto original = originalLengthParam(8192);
    m.info.params = withRopeParams(
        {factorParam(8.0), original, alphaParam(1.0, {"low-freq-factor"}), betaParam(4.0, {"high-freq-factor"})},
        500000.0);
    m.validate = validateRope; // low >= high freq factor: HF warns and computes (Registry::warnings)
    m.build = [](const ParamSet& p) {
        const auto rb = ropeBase(p);
        auto f = plainRotary(rb);
        const double s = p.real("factor");
        const double L0 = p.real("original-max-position-embeddings");
        const double low = p.real("alpha");
        const double high = p.real("beta");
        // HF: wavelen < L0/high -> keep; wavelen > L0/low -> theta/s; else smooth blend.
        const double lowFreqWavelen = L0 / low;
        const double highFreqWavelen = L0 / high;
        f.nominalScale = s;
        f.rampAlpha = low;
        f.rampBeta = high;
        std::vector<double> gamma(rb.theta.size());
        double kept = 0, smoothed = 0, divided = 0;
        for (std::size_t i = 0; i < rb.theta.size(); ++i) {
            const double wavelen = 2.0 * std::numbers::pi / rb.theta[i];
            // HF's order: the low-frequency test first, so swapped factors (low >= high) divide where both hold
            if (wavelen > lowFreqWavelen) {
                gamma[i] = 0.0;
                f.invFreq[i] = rb.theta[i] / s;
                ++divided;
            } else if (wavelen < highFreqWavelen) {
                gamma[i] = 1.0;
                f.invFreq[i] = rb.theta[i];
                ++kept;
            } else {
                const double smooth = (L0 / wavelen - low) / (high - low);
                gamma[i] = smooth;
                f.invFreq[i] = (1.0 - smooth) * rb.theta[i] / s + smooth * rb.theta[i];
                ++smoothed;
            }
        }
        f.ramp = std::move(gamma);
        f.scale = s;
        f.scaled = true;
        f.originalLength = p.real("original-max-position-embeddings");
        f.extras["low_freq_wavelen"] = lowFreqWavelen;
        f.extras["high_freq_wavelen"] = highFreqWavelen;
        f.extras["pairs_kept"] = kept;
        f.extras["pairs_smoothed"] = smoothed;
        f.extras["pairs_divided"] = divided;
        return makeRotaryEncoding(std::move(f));
    };
    return m;
}

} // namespace posenc::methods
