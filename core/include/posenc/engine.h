// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file engine.h
/// Inference engines as data: each engine (Hugging Face transformers, llama.cpp/ggml, vLLM, SGLang, MLX-LM,
/// ONNX Runtime GenAI's model builder) is a table of the conventions it computes RoPE with, pinned to the revision
/// that was read, each rule naming the file it follows. A rotary method instance carries the engine as an
/// ordinary parameter (`--engine hf|llama.cpp|vllm|sglang|mlx|ort-genai`, the
/// explorer's Engine choice) and the arithmetic (`--arithmetic f64|engine`): Registry::build turns HF's
/// frequencies into the engine's with applyEngine() and, for `engine` arithmetic, emulates its float32 code.

#include "posenc/names.h"
#include "posenc/encoding.h"
#include "posenc/params.h"

#include <memory>
#include <string>
#include <vector>

namespace posenc {

enum class Engine { Hf, LlamaCpp, Vllm, Sglang, Mlx, OrtGenai };
/// F64: the engine's formulas in exact float64 (the default; differences are then semantic, not rounding).
/// EngineFloat: the engine's own arithmetic (ggml: float32 with theta by repeated multiplication; HF, vLLM, SGLang
/// and ORT GenAI's builder: float32 tensors as shipped; MLX-LM: float32 arrays and MLX's rope kernel).
enum class Arithmetic { F64, EngineFloat };
inline constexpr EnumName<Arithmetic> kArithmeticNames[] = {{Arithmetic::F64, "f64"}, {Arithmetic::EngineFloat, "engine"}};

/// One convention of an engine: what it does, and the file (and line) of the pinned revision it was read from.
struct EngineRule {
    std::string topic;  ///< e.g. "yarn attention factor"
    std::string rule;   ///< what the engine computes
    std::string source; ///< file:line @ revision
};

struct EngineInfo {
    Engine engine = Engine::Hf;
    std::string id;          ///< "hf", "llama.cpp", "vllm", "sglang", "mlx", "ort-genai" (the --engine value)
    std::string displayName; ///< "HF", "llama.cpp", "vLLM", "SGLang", "MLX-LM", "ORT GenAI"
    std::string revision;    ///< the revision(s) read, with where they were read
    std::vector<EngineRule> rules;
    std::string pinned; ///< the revision in a few words, for a figure's note ("ggml d99724f2b141, ...")
};

/// Every engine, in --engine order (hf first: the default).
const std::vector<EngineInfo>& engines();
const EngineInfo& engineInfo(Engine engine);
std::string toString(Engine engine);
/// The --engine values, in engines() order.
std::vector<std::string> engineIds();
/// Parses an --engine value; throws InvalidInput("engine", ...) naming the valid ones.
Engine parseEngine(const std::string& id);
std::string toString(Arithmetic arithmetic); ///< "f64", "engine"
Arithmetic parseArithmetic(const std::string& id);

/// What a method instance's label says about its engine (MethodKey::label): empty for the default (HF, f64),
/// else the engine's display name, with ", float32" for its own arithmetic ("llama.cpp", "vLLM, float32",
/// "HF, float32"). Parameters without an engine (a method that has none) give an empty label.
std::string engineLabel(const ParamSet& params);

/// The ParamSpecs every rotary method takes: `engine` (engineIds()) and `arithmetic` (f64|engine).
std::vector<ParamSpec> engineParams();
/// `max-model-len`: the served context length fixed for a whole session (vLLM max_model_len, llama.cpp
/// n_ctx per sequence); only methods whose engine semantics depend on it take it (dynamic-ntk, longrope).
ParamSpec maxModelLenParam();

/// Empty when `engine` can compute method `methodId` with these parameters, else the reason it cannot.
std::string cannotExpress(Engine engine, const std::string& methodId, const ParamSet& params);

/// A method instance's frequencies as an engine computes them, and where and why that differs from HF.
struct EngineFrequencies {
    Engine engine = Engine::Hf;
    RotaryFrequencies frequencies; ///< extras carry the engine's own scalars (ggml freq_scale, corr dims, ...)
    std::vector<std::string> notes;
    /// Where the engine departs from HF for this instance, as `posenc check` diagnosis kinds (vocabulary.cpp,
    /// e.g. "engine-long-factors-below-l0"); empty when it computes what HF computes.
    std::vector<std::string> divergences;
};

/// Frequencies as `engine` computes them for method `methodId`, from HF's (already built from `params`).
/// Engine::Hf returns `hf` unchanged. Throws InvalidInput("engine", reason) when the engine cannot express it.
EngineFrequencies applyEngine(Engine engine, const std::string& methodId, const ParamSet& params,
                              const RotaryFrequencies& hf);

/// The encoding of `e` in `arithmetic`: F64 is the ordinary rotary encoding; EngineFloat emulates the engine's
/// float32 code (cos, sin, angle and rotated views; frequencies reported as the float32 values it multiplies).
std::shared_ptr<const Encoding> makeEngineEncoding(Arithmetic arithmetic, const std::string& methodId,
                                                   const ParamSet& params, EngineFrequencies e);

/// The engine an encoding was built for ("hf" for every encoding Registry::build made with the defaults).
std::string engineOf(const Encoding& encoding);
/// Where and why the engine differs from HF for this encoding (empty for HF).
std::vector<std::string> engineNotes(const Encoding& encoding);

} // namespace posenc
