// SPDX-License-Identifier: GPL-3.0-or-later
// The engines as data: each engine's conventions, the revision read and the file each rule follows. The
// formulas live in llama_cpp.cpp and vllm.cpp; this file is the table the guide, `posenc inspect --engines all`
// and the explorer's Engine choice describe.
#include "engines_internal.h"

#include "../methods/method_common.h"
#include "posenc/errors.h"

namespace posenc {

namespace {

constexpr const char* kGgml = "ggml d99724f2b141 (2026-08-21, /work/.mirror/ggml-org+ggml)";
constexpr const char* kLlama = "llama.cpp src/llama-context.cpp, newest stored copy (the `yarn_ext_factor != 0` block, "
                               "llama.cpp PR #17945); the pinned 4c7103b96d72 predates that block";

constexpr const char* kSglang =
    "sgl-project/sglang python/sglang/srt/layers/rotary_embedding/ as stored in the file index (read_file): base.py "
    "0099dee6aa65, yarn.py and rope_variant.py 0b1fd02d56f0, factory.py 108c36c00829";
constexpr const char* kMlx = "ml-explore/mlx-lm d78bf58e217c (2026-08-22) mlx_lm/models/rope_utils.py; ml-explore/mlx "
                             "mlx/backend/cpu/rope.cpp 92175519729f";
constexpr const char* kOrt = "microsoft/onnxruntime-genai a0c04eb1313b (2026-08-22) src/python/py/models/builders/";

std::vector<EngineInfo> makeEngines()
{
    std::vector<EngineInfo> out;
    out.push_back({Engine::Hf,
                   "hf",
                   "HF",
                   "transformers as resolved by `posenc inspect` (--hf-era, default v5): modeling_rope_utils.py",
                   {{"frequencies", "ROPE_INIT_FUNCTIONS per rope_type, float64 here; float32 tensors as shipped",
                     "transformers src/transformers/modeling_rope_utils.py"},
                    {"pairing", "rotate_half: channel j with j + d_rot/2 (NEOX)", "models/llama/modeling_llama.py"},
                    {"dynamic NTK", "base recomputed for the current seq_len = max(seq_len, L0)",
                     "modeling_rope_utils.py _compute_dynamic_ntk_parameters"},
                    {"longrope", "long factors iff the current seq_len > L0", "_compute_longrope_parameters"}},
                   "transformers modeling_rope_utils.py, v5 era (HEAD 2026-08-19; older eras: inspect --hf-era)"});
    out.push_back(
        {Engine::LlamaCpp,
         "llama.cpp",
         "llama.cpp",
         std::string(kGgml) + "; " + kLlama,
         {{"theta", "theta_i by repeated float32 multiplication with theta_scale = powf(freq_base, -2/n_dims)",
           "ggml src/ggml-cpu/ops.cpp:5846-5860 ggml_rope_cache_init, :6014 @ d99724f2b141"},
          {"rope_freqs", "theta_extrap = theta / freq_factors[i] (Llama 3 rope_freqs, Phi-3 rope_factors_*)",
           "ggml src/ggml-cpu/ops.cpp:5851-5854 @ d99724f2b141"},
          {"freq_scale", "freq_scale = 1/factor for linear and yarn; 1 when the scaling type is none",
           "llama.cpp src/llama-context.cpp llama_context::llama_context (rope_freq_scale)"},
          {"ext_factor", "yarn_ext_factor -1 (unset) means 1 for YaRN, 0 otherwise",
           "llama.cpp src/llama-context.cpp (yarn_ext_factor < 0)"},
          {"ramp",
           "mix = (1 - clamp((i0/2 - low) / max(0.001, high - low), 0, 1)) * ext_factor; "
           "theta = theta_interp (1 - mix) + theta_extrap mix",
           "ggml src/ggml-cpu/ops.cpp:5822-5838 rope_yarn_ramp, rope_yarn @ d99724f2b141"},
          {"corr dims",
           "low = max(0, floor(corr_dim(beta_fast))), high = min(n_dims - 1, ceil(corr_dim(beta_slow))) "
           "always (HF's truncate = false is not expressible)",
           "ggml src/ggml.c:4371-4382 ggml_rope_yarn_corr_dims @ d99724f2b141"},
          {"kernel mscale", "with ext_factor != 0 the kernel multiplies by 1 + 0.1 ln(1/freq_scale) itself",
           "ggml src/ggml-cpu/ops.cpp:5840 @ d99724f2b141"},
          {"context mscale",
           "yarn_attn_factor = g(s, mscale)/g(s, yarn_log_mul) (DeepSeek2: mscale := "
           "mscale_all_dim when != 1; others mscale := 1) or g(s, 1), times 1/(1 + 0.1 ln s) to "
           "cancel the kernel's, times rope_attn_factor; an explicit attention_factor is not read",
           "llama.cpp src/llama-context.cpp (get_mscale, TAG_DEEPSEEK2_YARN_LOG_MUL_FIX, PR #17945)"},
          {"yarn_log_multiplier", "the converter writes 0.1 mscale_all_dim; the loader divides by 0.1",
           "llama.cpp src/models/deepseek2 load_arch_hparams (TAG_DEEPSEEK2_YARN_LOG_MUL_FIX)"},
          {"pairing",
           "GGML_ROPE_TYPE_NORMAL 0 = adjacent pairs (2i, 2i+1), NEOX 2 = (i, i + n_dims/2); llama-family "
           "GGUFs use NORMAL on Q/K rows the converter permuted (equal to HF's rotate_half)",
           "ggml src/ggml-cpu/ops.cpp:6073-6082 rotate_pairs per mode @ d99724f2b141"},
          {"longrope",
           "rope_factors_long iff n_ctx_per_seq > n_ctx_orig_yarn (the context size, not the current "
           "length); magnitude rope_attn_factor",
           "llama.cpp src/llama-model.cpp build_rope_factors"}},
         "ggml d99724f2b141 (2026-08-21), llama.cpp llama-context.cpp after PR #17945"});
    out.push_back(
        {Engine::Vllm,
         "vllm",
         "vLLM",
         "vllm-project/vllm vllm/model_executor/layers/rotary_embedding/ as stored: yarn_scaling_rope.py 0cd578480"
         "3d8, deepseek_scaling_rope.py 00d678e109f0, dynamic_ntk_scaling_rope.py (newest copy, "
         "max_trained_positions), "
         "phi3_long_rope_scaled_rope.py 17d618b0f944, llama3_rope.py 045d7575500e, linear_scaling_rope.py "
         "0f17ee061e41, "
         "ntk_scaling_rope.py 03587f553db4, common.py 002d181a55a0, __init__.py 07b12f1b16d5",
         {{"cache", "cos/sin cache computed once for every position up to max_model_len (float32)",
           "base.py RotaryEmbedding._compute_cos_sin_cache @ 04458da08417"},
          {"linear", "positions divided by the factor (t / s) before the product with unscaled inv_freq",
           "linear_scaling_rope.py _compute_cos_sin_cache @ 0f17ee061e41"},
          {"ntk", "rope_type ntk: inv_freq of base*s divided by s^(2/d_rot) (not HF's base*s^(d/(d-2)))",
           "ntk_scaling_rope.py _compute_inv_freq @ 03587f553db4"},
          {"dynamic NTK",
           "static: base*(s*max_model_len/L0 - (s-1))^(d/(d-2)) once for the whole serve; "
           "max_model_len <= L0 keeps the base (the fix of the negative-base bug, vLLM #52675)",
           "dynamic_ntk_scaling_rope.py _compute_cos_sin_cache (max_trained_positions)"},
          {"yarn",
           "attention_factor, else g(s, mscale)/g(s, mscale_all_dim) when both set, else 0.1 ln s + 1; "
           "truncate honoured (the 2026 realignment with HF, vLLM #56446)",
           "yarn_scaling_rope.py YaRNScalingRotaryEmbedding.__init__ @ 0cd5784803d8"},
          {"deepseek yarn",
           "DeepSeek models: mscale default 1, mscale_all_dim default 0: g(s, mscale)/g(s, "
           "mscale_all_dim) * attn_factor; explicit attention_factor and truncate not read",
           "deepseek_scaling_rope.py DeepseekScalingRotaryEmbedding.__init__ @ 00d678e109f0"},
          {"longrope",
           "long factors for every position whenever max_model_len > original_max_position_embeddings; "
           "mscale sqrt(1 + ln(max_pos/orig)/ln orig) or short_mscale/long_mscale (attention_factor not read)",
           "phi3_long_rope_scaled_rope.py __init__ @ 17d618b0f944"},
          {"llama3", "as HF (wavelength bands, smooth blend)", "llama3_rope.py _compute_inv_freq @ 045d7575500e"}},
         "vLLM rotary_embedding/ (base.py 04458da08417, yarn 0cd5784803d8, deepseek 00d678e109f0, phi3 "
         "17d618b0f944)"});
    out.push_back(
        {Engine::Sglang,
         "sglang",
         "SGLang",
         std::string(kSglang),
         {{"cache", "cos_sin_cache = cat(cos, sin) for positions up to max_position (float32), inv_freq as vLLM's",
           "base.py RotaryEmbedding._compute_inv_freq / _compute_cos_sin_cache @ 0099dee6aa65"},
          {"linear", "positions divided by the factor (t / s) before the product",
           "base.py "
           "LinearScalingRotaryEmbedding @ "
           "0099dee6aa65"},
          {"dynamic NTK",
           "static: max_len = L0 s, base (s max_len/L0 - (s-1))^(d/(d-2)) = base (s^2 - s + 1)^(d/(d-2)) for every "
           "position (--max-model-len not read)",
           "rope_variant.py DynamicNTKScalingRotaryEmbedding._compute_cos_sin_cache @ 0b1fd02d56f0"},
          {"dynamic alpha", "rope type dynamic with alpha: base alpha^(d/(d-2)), static (as HF's HunYuan)",
           "rope_variant.py DynamicNTKAlphaRotaryEmbedding @ 0b1fd02d56f0; factory.py get_rope @ 108c36c00829"},
          {"yarn",
           "bounds rounded unless truncate is false (as HF); g(s, mscale)/g(s, mscale_all_dim) when both keys are "
           "given, else 0.1 ln s + 1, times attn_factor; attention_factor is not passed",
           "yarn.py:26-39, 96-105 @ 0b1fd02d56f0; factory.py get_rope (yarn extra_kwargs) @ 108c36c00829"},
          {"longrope",
           "the long cache for the whole batch iff any position > L0 (length - 1 > L0; HF: length > L0); mscale "
           "sqrt(1 + ln s / ln L0) unless short_mscale/long_mscale; attention_factor not read; neox style only",
           "rope_variant.py Phi3LongRoPEScaledRotaryEmbedding.__init__/forward @ 0b1fd02d56f0"},
          {"llama3", "as HF (wavelength bands, smooth blend)", "rope_variant.py Llama3RotaryEmbedding @ 0b1fd02d56f0"}},
         "SGLang rotary_embedding/ (base.py 0099dee6aa65, yarn.py and rope_variant.py 0b1fd02d56f0, factory.py "
         "108c36c00829)"});
    out.push_back(
        {Engine::Mlx,
         "mlx",
         "MLX-LM",
         std::string(kMlx),
         {{"frequencies",
           "freqs = base^(2i/d) (periods) in float32 arrays; mx.fast.rope takes inv_freq = 1/freqs, or "
           "exp(-j ln base/(d/2)) in float for nn.RoPE; angle = (position x scale) x inv_freq",
           "mlx_lm/models/rope_utils.py @ d78bf58e217c; mlx/backend/cpu/rope.cpp compute_rope_sincos @ 92175519729f"},
          {"linear", "nn.RoPE(scale = 1/factor): the position is multiplied by 1/s", "rope_utils.py:289-291"},
          {"dynamic NTK", "base for the current length max(l, max_position_embeddings), as HF",
           "rope_utils.py:259-272"},
          {"yarn",
           "bounds always floored/ceiled (truncate not read); g(s, mscale)/g(s, mscale_all_dim) with defaults 1 "
           "and 0; attention_factor not read",
           "rope_utils.py:152-155, 171-173, 310-330"},
          {"longrope",
           "long_factor at every length (short_factor never used); magnitude sqrt(1 + ln s / ln L0); "
           "attention_factor, short_mscale, long_mscale not passed",
           "rope_utils.py:49-58, 331-341"},
          {"mrope", "three sections asserted, then plain nn.RoPE: exact for text, image positions lost",
           "rope_utils.py:350-355"},
          {"config keys",
           "model files such as llama.py read rope_theta (default 10000) and rope_scaling only: a transformers-v5 "
           "config with only rope_parameters loads unscaled with base 10000",
           "mlx_lm/models/llama.py:30-32 @ d78bf58e217c"},
          {"other types",
           "rope types other than default, linear, dynamic, llama3, yarn, longrope, proportional and "
           "mrope raise \"Unsupported RoPE type\"",
           "rope_utils.py:356-357"}},
         "MLX-LM rope_utils.py d78bf58e217c (2026-08-22), MLX rope.cpp 92175519729f"});
    out.push_back(
        {Engine::OrtGenai,
         "ort-genai",
         "ORT GenAI",
         std::string(kOrt),
         {{"caches",
           "cos/sin caches baked into the ONNX model: inv_freq = 1/(factor x base^(2i/d)) in float32, t = arange x "
           "position_scale, cos x mscale",
           "src/python/py/models/builders/base.py:2565-2582 @ a0c04eb1313b"},
          {"yarn",
           "recognised only when the rope block has the key beta_fast (else plain RoPE, magnitude 1); bounds "
           "(head_size/2) ln(L0/(2 pi beta))/ln base never rounded, asserted 0 < low < high < head_size/2 - 1",
           "base.py:561-577, 2541-2563 @ a0c04eb1313b"},
          {"yarn magnitude",
           "g(s, mscale)/g(s, mscale_all_dim) when both > 0; mscale itself when only mscale > 0; else 0.1 ln s + 1; "
           "attention_factor never read",
           "base.py:2488-2510 @ a0c04eb1313b"},
          {"dynamic NTK", "no branch: a rope type dynamic config is exported as plain RoPE (posenc refuses it)",
           "base.py:557-600 make_rope_init @ a0c04eb1313b"},
          {"longrope",
           "two caches (short for L0 positions, long for the context); the long one iff the total length > L0, no "
           "re-prefill when generation crosses L0; magnitude sqrt(1 + ln s / ln L0) unless short/long_mscale; "
           "attention_factor not read",
           "phi.py:78-94, base.py:2639-2666, 2709-2711 @ a0c04eb1313b"},
          {"llama3", "as HF (wavelength bands)", "llama.py:15-31, base.py:2520-2539 @ a0c04eb1313b"},
          {"hunyuan alpha", "alpha baked into a static base theta alpha^(d/(d-2)), as HF",
           "hunyuan.py:19-35 @ a0c04eb1313b"}},
         "ORT GenAI model builder base.py a0c04eb1313b (2026-08-22)"});
    return out;
}

} // namespace

const std::vector<EngineInfo>& engines()
{
    static const std::vector<EngineInfo> table = makeEngines();
    return table;
}

const EngineInfo& engineInfo(Engine engine)
{
    for (const auto& e : engines())
        if (e.engine == engine)
            return e;
    return engines().front();
}

std::string toString(Engine engine)
{
    return engineInfo(engine).id;
}

std::vector<std::string> engineIds()
{
    std::vector<std::string> ids;
    for (const auto& e : engines())
        ids.push_back(e.id);
    return ids;
}

Engine parseEngine(const std::string& id)
{
    for (const auto& e : engines())
        if (e.id == id)
            return e.engine;
    std::string valid;
    for (const auto& e : engines())
        valid += (valid.empty() ? "" : ", ") + e.id;
    throw InvalidInput("engine", "unknown engine '" + id + "'; use one of " + valid);
}

std::string toString(Arithmetic arithmetic)
{
    return enumName(kArithmeticNames, arithmetic);
}

Arithmetic parseArithmetic(const std::string& id)
{
    for (const auto& [a, name] : kArithmeticNames)
        if (id == name)
            return a;
    throw InvalidInput("arithmetic", "unknown arithmetic '" + id + "'; use f64 or engine");
}

std::string engineLabel(const ParamSet& params)
{
    const Engine engine = params.has("engine") ? parseEngine(params.choice("engine")) : Engine::Hf;
    const bool own =
        params.has("arithmetic") && parseArithmetic(params.choice("arithmetic")) == Arithmetic::EngineFloat;
    if (engine == Engine::Hf && !own)
        return {};
    return engineInfo(engine).displayName + (own ? ", float32" : "");
}

std::vector<ParamSpec> engineParams()
{
    auto engine = choiceParam(
        "engine", "hf", engineIds(),
        "Whose conventions: hf = transformers (its eras); llama.cpp = ggml's kernel and llama.cpp's context "
        "(freq_scale, ext_factor, corr dims always rounded, its own mscale); vllm = vLLM's rotary_embedding "
        "classes (static dynamic NTK, LongRoPE long factors by max_model_len, DeepSeek mscale defaults); sglang = "
        "SGLang's (static dynamic NTK at factor x L0, attention_factor not read); mlx = MLX-LM's rope_utils.py "
        "(LongRoPE long factors always, YaRN bounds always rounded); ort-genai = the ONNX Runtime GenAI builder's "
        "baked caches (YaRN bounds never rounded, mscale verbatim, no dynamic NTK).");
    engine.displayName = "engine";
    auto arithmetic =
        choiceParam("arithmetic", "f64", enumNames(kArithmeticNames),
                    "f64 = the engine's formulas in exact float64; engine = its own float32 arithmetic (ggml: theta by "
                    "repeated float32 multiplication), so rounding can be told from semantics.");
    return {engine, arithmetic};
}

ParamSpec maxModelLenParam()
{
    auto p = intParam("max-model-len", 0, 1, 1e12, "positions",
                      "The served context length, fixed while the engine runs (vLLM max_model_len, "
                      "llama.cpp n_ctx per sequence). Unset = factor x L0. HF ignores it.");
    p.optional = true;
    p.defaultValue = std::monostate{};
    p.scale = ScaleHint::Log;
    return p;
}

std::string cannotExpress(Engine engine, const std::string& id, const ParamSet& p)
{
    if (engine == Engine::Hf)
        return {};
    if (id == "xpos")
        return "xPos decays the scores per pair; none of the engines has a rotary kernel with a decay";
    if (id == "ntk-by-parts" || id == "part-ntk-legacy")
        return "the engines implement YaRN's ramp only together with its attention factor (method yarn); " + id +
               " alone has no rope scaling type there";
    if ((id == "mrope" || id == "mrope-interleaved") && engine != Engine::Mlx) { // MLX-LM: plain RoPE (mlx.cpp)
        // Read at the pinned revisions: vLLM's MRotaryEmbedding.forward_native (rotary_embedding/mrope.py at
        // 055e47c28003) selects the sections as HF does (cat of the split sections; apply_interleaved_rope's
        // c % 3 masks), but a prompt's (t, h, w) ids come from each model's get_mrope_input_positions; ggml's
        // ggml_mrope_cache_init (src/ggml-cpu/ops.cpp lines 5862-5931 at d99724f2b141) gives IMROPE pairs outside
        // 3 x sections a fourth id (theta_e) where HF uses t, and llama.cpp (not ggml) fills the ids.
        if (engine == Engine::Vllm)
            return "M-RoPE under an engine is not modelled: vLLM's MRotaryEmbedding selects the t/h/w sections as "
                   "HF does (mrope.py forward_native), but the (t, h, w) ids of a prompt come from each model's "
                   "get_mrope_input_positions, which posenc has not verified; check without --engine (HF's "
                   "Qwen2-VL / Qwen3-VL semantics)";
        if (engine == Engine::Sglang || engine == Engine::OrtGenai)
            return "M-RoPE under " + toString(engine) + " is not modelled: its M-RoPE code (" +
                   (engine == Engine::Sglang ? "SGLang's MRotaryEmbedding" : "the ORT GenAI builder's mrope graph") +
                   ") and the (t, h, w) ids it is given have not been verified; check without --engine (HF's "
                   "Qwen2-VL / Qwen3-VL semantics)";
        return "M-RoPE under an engine is not modelled: ggml_mrope_cache_init (ggml src/ggml-cpu/ops.cpp) gives "
               "interleaved (IMROPE) pairs outside 3 x mrope_section a fourth position id where HF uses t (Qwen3-VL's "
               "[24, 20, 20] leaves pairs 61 and 62 to it), and llama.cpp's own code fills the ids, which posenc has "
               "not verified; check without --engine (HF's Qwen2-VL / Qwen3-VL semantics)";
    }
    if (id == "proportional")
        return "Gemma 4's proportional RoPE is not modelled for this engine (its code path was not verified at the "
               "pinned revision)";
    if (engine == Engine::LlamaCpp) {
        if (id == "ntk-aware")
            return "llama.cpp has no NTK-aware scaling type; a converter can only bake base' into freq_base (then "
                   "it is method rope with that base)";
        if (id == "dynamic-ntk")
            return "llama.cpp has no dynamic NTK: GGUF rope.scaling.type is none, linear, yarn or longrope";
        if (methods::rotaryDim(p) % 2 != 0)
            return "ggml requires an even n_dims (GGML_ASSERT(n_dims % 2 == 0) in ggml_compute_forward_rope_flt)";
    }
    if (engine == Engine::Vllm && id == "longrope" && p.choice("pairing") != "half")
        return "vLLM's Phi3LongRoPEScaledRotaryEmbedding only supports neox_style (half pairing)";
    if (engine == Engine::Sglang) {
        if (id == "longrope" && p.choice("pairing") != "half")
            return "SGLang's Phi3LongRoPEScaledRotaryEmbedding raises for is_neox_style False (half pairing only)";
        if (id == "ntk-aware")
            return "SGLang's get_rope has no NTK-aware rope type (factory.py: default, linear, dynamic, yarn, "
                   "deepseek_yarn, llama3, longrope, proportional and M-RoPE variants)";
    }
    if (engine == Engine::Mlx && id == "ntk-aware")
        return "MLX-LM's initialize_rope has no NTK-aware rope type (rope_utils.py raises \"Unsupported RoPE type\")";
    if (engine == Engine::OrtGenai) {
        if (id == "dynamic-ntk")
            return "ort-genai exports no dynamic NTK: the builder's make_rope_init (base.py lines 557-600) has no "
                   "branch for rope type dynamic, so such a config would be exported as plain RoPE";
        if (id == "ntk-aware")
            return "ort-genai exports no NTK-aware scaling (make_rope_init knows YaRN by beta_fast, linear, Llama 3, "
                   "LongRoPE and M-RoPE sections)";
    }
    return {};
}

EngineFrequencies applyEngine(Engine engine, const std::string& id, const ParamSet& p, const RotaryFrequencies& hf)
{
    EngineFrequencies out{engine, hf, {}, {}};
    if (engine == Engine::Hf)
        return out;
    const std::string why = cannotExpress(engine, id, p);
    if (!why.empty())
        throw InvalidInput("engine", "--engine " + toString(engine) + " cannot express method " + id + ": " + why);
    switch (engine) {
    case Engine::Vllm:
        out.frequencies = engine_detail::vllmFrequencies(id, p, hf, out.notes);
        return out;
    case Engine::Sglang:
        out.frequencies = engine_detail::sglangFrequencies(id, p, hf, out.notes, out.divergences);
        return out;
    case Engine::Mlx:
        out.frequencies = engine_detail::mlxFrequencies(id, p, hf, out.notes, out.divergences);
        return out;
    case Engine::OrtGenai:
        out.frequencies = engine_detail::ortGenaiFrequencies(id, p, hf, out.notes, out.divergences);
        return out;
    case Engine::Hf:
    case Engine::LlamaCpp:
        break;
    }
    const engine_detail::GgmlRope g = engine_detail::ggmlRopeFor(id, p, hf, out.notes);
    out.frequencies = engine_detail::ggmlFrequencies64(g, hf);
    return out;
}

std::string engineOf(const Encoding& encoding)
{
    const auto* tag = dynamic_cast<const engine_detail::EngineTag*>(&encoding);
    return toString(tag ? tag->engine() : Engine::Hf);
}

std::vector<std::string> engineNotes(const Encoding& encoding)
{
    const auto* tag = dynamic_cast<const engine_detail::EngineTag*>(&encoding);
    return tag ? tag->notes() : std::vector<std::string>{};
}

namespace engine_detail {

bool sameAsHfOrDividedPositions(const std::string& id, const ParamSet& p, RotaryFrequencies& f)
{
    if (id == "pi")
        f.extras["position_divisor"] = p.real("factor");
    return id == "rope" || id == "llama3" || id == "pi";
}

void setStaticNtkBase(RotaryFrequencies& f, double basePrime, double effective)
{
    f.invFreq = methods::defaultInvFreq(basePrime, f.rotaryDim);
    f.scale = effective;
    f.extras["base_prime"] = basePrime;
    f.extras["effective_scale"] = effective;
}

void setRoundedYarnRamp(RotaryFrequencies& f, const RotaryFrequencies& hf, const ParamSet& p, double& low, double& high)
{
    const auto gamma = methods::indexRamp(hf.pairs(), hf.rotaryDim, hf.base, p.real("original-max-position-embeddings"),
                                          p.real("alpha"), p.real("beta"), true, low, high);
    f.invFreq = methods::blend(hf.baseInvFreq, gamma, p.real("factor"));
    f.ramp = gamma;
    f.extras["ramp_low"] = low;
    f.extras["ramp_high"] = high;
}

double servedLength(const ParamSet& p)
{
    if (p.has("max-model-len"))
        return p.real("max-model-len");
    return p.real("factor") * p.real("original-max-position-embeddings");
}

} // namespace engine_detail

} // namespace posenc
