// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the engine files: the arguments ggml_rope_ext receives for a method instance (what llama.cpp's
// context and converter pass), and the float32 emulations.

#include "posenc/engine.h"

#include <cstdint>
#include <string>
#include <vector>

namespace posenc::engine_detail {

/// ggml_rope_ext's arguments (ggml.h) as llama.cpp passes them: exact values for the float64 semantics, and the
/// float32 values llama.cpp computes (freq_scale = 1.0f/factor, the context's attn_factor in float).
struct GgmlRope {
    int nDims = 0;    ///< n_dims (the rotary channels, even)
    int mode = 0;     ///< GGML_ROPE_TYPE_NORMAL 0 (adjacent pairs) or GGML_ROPE_TYPE_NEOX 2
    int nCtxOrig = 0; ///< n_ctx_orig (YaRN's L0)
    double freqBase = 10000.0;
    double freqScale = 1.0;  ///< 1/factor for linear and yarn scaling
    double extFactor = 0.0;  ///< 1 for yarn, 0 otherwise
    double attnFactor = 1.0; ///< what the context passes (after cancelling the kernel's mscale)
    double betaFast = 32.0;
    double betaSlow = 1.0;
    float freqScaleF = 1.0f; ///< the same in llama.cpp's float arithmetic
    float attnFactorF = 1.0f;
    std::vector<double> freqFactors; ///< rope_freqs / rope_factors_long|short (theta divided by them); empty = none
};

/// llama.cpp's arguments for a method instance, or throws InvalidInput("engine", reason).
GgmlRope ggmlRopeFor(const std::string& methodId, const ParamSet& p, const RotaryFrequencies& hf,
                     std::vector<std::string>& notes);
/// ggml_rope_yarn_corr_dims (ggml.c) in float, as the kernel computes them.
void ggmlCorrDims(const GgmlRope& g, float dims[2]);
/// The ggml CPU kernel in float32 (ops.cpp ggml_rope_cache_init/rope_yarn): cos and sin (times the magnitude)
/// of every pair at position `pos`, and the angle it took the cosine of.
void ggmlCacheRow(const GgmlRope& g, const float corr[2], std::int64_t pos, float* cos, float* sin, float* angle);
/// The kernel's frequencies and magnitude in float64 (the same formulas without float rounding).
RotaryFrequencies ggmlFrequencies64(const GgmlRope& g, const RotaryFrequencies& hf);

/// vLLM's frequencies for a method instance in float64, or throws InvalidInput("engine", reason).
RotaryFrequencies vllmFrequencies(const std::string& methodId, const ParamSet& p, const RotaryFrequencies& hf,
                                  std::vector<std::string>& notes);

/// SGLang's, MLX-LM's and ORT GenAI's frequencies for a method instance in float64 (sglang.cpp, mlx.cpp,
/// ort_genai.cpp), or throws InvalidInput("engine", reason); `divergences` gets the check diagnosis kinds of
/// where the engine departs from HF for this instance.
RotaryFrequencies sglangFrequencies(const std::string& methodId, const ParamSet& p, const RotaryFrequencies& hf,
                                    std::vector<std::string>& notes, std::vector<std::string>& divergences);
RotaryFrequencies mlxFrequencies(const std::string& methodId, const ParamSet& p, const RotaryFrequencies& hf,
                                 std::vector<std::string>& notes, std::vector<std::string>& divergences);
RotaryFrequencies ortGenaiFrequencies(const std::string& methodId, const ParamSet& p, const RotaryFrequencies& hf,
                                      std::vector<std::string>& notes, std::vector<std::string>& divergences);

/// MLX-LM's float32 inv_freq and the kernel's angle inputs (mlx_float.cpp): inv_freq as mx.fast.rope computes it
/// (1/freqs of rope_utils.py's float32 arrays, or exp(-j ln(base)/(d/2)) in float for nn.RoPE).
std::vector<float> mlxInvFreq(const std::string& methodId, const ParamSet& p, const RotaryFrequencies& f);

/// inv_freq in float32 as HF's (ROPE_INIT_FUNCTIONS) or vLLM's (_compute_inv_freq) PyTorch code computes it,
/// tensor operation by tensor operation (torch_float.cpp cites the lines; SGLang's classes compute as vLLM's,
/// ORT GenAI's builder as its own expressions); empty when the method's float32 steps
/// are not replayed (then the float64 value is rounded to float32).
std::vector<float> torchInvFreq(Engine engine, const std::string& methodId, const ParamSet& p,
                                const RotaryFrequencies& f);

/// rope and llama3: HF's frequencies as they are; pi: HF's with the positions divided by the factor
/// (LinearScalingRotaryEmbedding of vLLM's base.py and SGLang's base.py: t = arange(max_len) / s). True when `id`
/// is one of those (then `f` is HF's, with pi's position divisor).
bool sameAsHfOrDividedPositions(const std::string& id, const ParamSet& p, RotaryFrequencies& f);
/// A dynamic-NTK base computed once (vLLM's and SGLang's DynamicNTKScalingRotaryEmbedding): inv_freq of
/// `basePrime`, the effective scale, and both in extras (base_prime, effective_scale).
void setStaticNtkBase(RotaryFrequencies& f, double basePrime, double effective);
/// YaRN's index ramp with the bounds always floored and ceiled (vLLM's DeepseekScalingRotaryEmbedding, MLX-LM's
/// YarnRoPE): inv_freq blended from HF's base frequencies, the ramp and extras ramp_low/ramp_high; the bounds in
/// `low` and `high`.
void setRoundedYarnRamp(RotaryFrequencies& f, const RotaryFrequencies& hf, const ParamSet& p, double& low,
                        double& high);

/// `max-model-len` or its default factor x L0 (vLLM's derived max_model_len, llama.cpp's default n_ctx).
double servedLength(const ParamSet& p);

/// Tags an encoding with the engine it was built for (engineOf / engineNotes).
class EngineTag {
public:
    virtual ~EngineTag() = default;
    virtual Engine engine() const = 0;
    virtual const std::vector<std::string>& notes() const = 0;
};

} // namespace posenc::engine_detail
