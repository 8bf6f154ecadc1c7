// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file hf_config.h
/// Hugging Face `config.json` → registry method(s) + ParamSet, resolved as transformers'
/// `modeling_rope_utils.py` does in a chosen release ("era", docs: conventions.md "Hugging Face history").
///
/// Read keys: `rope_parameters` (v5; flat or keyed by layer type), `rope_scaling` (`rope_type` or legacy `type`),
/// `rope_theta`, `rotary_emb_base`, `head_dim` (else hidden_size / num_attention_heads, GPT-J n_embd / n_head),
/// `partial_rotary_factor`, `rotary_dim` (GPT-J), `rotary_pct` (GPT-NeoX), `qk_rope_head_dim` and
/// `rope_interleave` (DeepSeek), `max_position_embeddings` / `n_positions`, the top-level
/// `original_max_position_embeddings` (Phi-3), a nested `text_config`, Gemma 3's `rope_local_base_freq`.
/// Preset files are config files with one extra object, `"posenc"` (see PresetInfo).
///
/// Values transformers accepts with a warning are resolved as it resolves them and listed in `warnings`;
/// keys this parser does not read are listed in `notes`. Anything HF could not load (not JSON, wrong types,
/// negative dimensions, required keys missing, unknown rope types) throws InvalidInput naming the key and value.

#include "posenc/dual_chunk.h"
#include "posenc/attention_span.h"
#include "posenc/names.h"
#include "posenc/encoding.h"
#include "posenc/params.h"
#include "posenc/phrase.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace posenc::io {

/// Releases of transformers that read the same config differently (oldest first).
enum class HfEra { Y2024, Y2025a, Y2025b, Y2025c, V5dev, V5 };
inline constexpr EnumName<HfEra> kHfEraNames[] = {{HfEra::Y2024, "2024"},   {HfEra::Y2025a, "2025a"},
                                                  {HfEra::Y2025b, "2025b"}, {HfEra::Y2025c, "2025c"},
                                                  {HfEra::V5dev, "v5dev"},  {HfEra::V5, "v5"}};

/// All eras, oldest first.
const std::vector<HfEra>& allHfEras();
/// "2024", "2025a", "2025b", "2025c", "v5dev", "v5".
std::string toString(HfEra era);
/// Dates and the transformers revision an era stands for, e.g. "2025-03-28 … 2025-08-25 (7c38d8fc23)".
std::string describe(HfEra era);
/// Parses an era name; throws InvalidInput("hf-era", ...) listing the valid names.
HfEra parseHfEra(std::string_view name);

struct HfConfigOptions {
    HfEra era = HfEra::V5;
    /// HF's `seq_len` (dynamic NTK rescaling, LongRoPE's short/long switch); unset = at initialisation.
    std::optional<double> seqLen;
    /// Name used in messages (file path or "config").
    std::string origin = "config";
    /// Also resolve in every other era and add a note where the result differs.
    bool compareEras = true;
};

/// One rotary encoding found in a config (a config can hold several: text_config, per-layer-type settings).
struct HfEncoding {
    std::string name;     ///< model name, plus " (sliding_attention)" etc. when a config has several
    std::string scope;    ///< where it was found: "", "text_config", "text_config/sliding_attention", ...
    std::string ropeType; ///< HF rope type as resolved ("default", "linear", "yarn", ...)
    std::string method;   ///< registry method id
    ParamSet params;      ///< complete, for Registry::build (warnings do not stop it)
    std::shared_ptr<const Encoding> encoding; ///< built from `params`
    /// HF's `inv_freq`, entry for entry (rotary_dim/2 entries; proportional: head_dim/2 with its zeros).
    std::vector<double> invFreq;
    int headDim = 0;
    int rotaryDim = 0; ///< HF's `dim` (channels of the cos/sin cache)
    double attentionFactor = 1.0;
    std::optional<std::int64_t> maxPositionEmbeddings;
    std::string layerType; ///< the layer type it serves ("full_attention", "sliding_attention"; "" = every layer)
    /// The widest attention window among the layers using it, when every one of them is windowed (sliding or
    /// chunked): its bounds are taken at this length, not max_position_embeddings (hf_layers.cpp).
    std::optional<std::int64_t> window;
    /// Mistral's position-dependent query temperature (Ministral 3, Mistral 4: rope_parameters
    /// llama_4_scaling_beta): q x (1 + beta ln(1 + floor(pos / L0))) after RoPE, keys unscaled, on every layer
    /// (attention_scale.h rule llama4-scaling-beta). Unset for models that have none.
    std::optional<double> llama4ScalingBeta;
    double llama4ScalingLength = 0; ///< its L0 (rope_parameters original_max_position_embeddings)
    /// The analysis options this config fixes, by their declared names (analysis_spec.h withConfigValues): with
    /// llama_4_scaling_beta, entropy's beta and beta-length. Empty for other models.
    ParamSet analysisDefaults() const;
    /// Identifier in HfConfig::layers (HfLayer::encoding): the layer type, or "rope" for a single encoding.
    std::string id() const { return layerType.empty() ? "rope" : layerType; }
};

/// One decoder layer as the model code builds it (hf_layers.cpp cites the lines).
struct HfLayer {
    int index = 0;
    std::string layerType; ///< HF's layer_types entry ("full_attention", "sliding_attention", ...)
    AttentionKind attention = AttentionKind::Full;
    std::optional<std::int64_t> window; ///< sliding_window / attention_chunk_size; unset for full attention
    /// The keys each query of this layer sees (attention_span.h).
    AttentionSpan span() const { return {attention, window.value_or(0)}; }
    int encoding = -1; ///< index into HfConfig::encodings; -1: no RoPE in this layer (NoPE)
};

/// Llama 4's query temperature on NoPE layers (attn_temperature_tuning, floor_scale, attn_scale).
struct HfNopeTemperature {
    bool enabled = true;
    double floorScale = 8192;
    double attnScale = 0.1;
};

/// The optional `"posenc"` object of a preset file: what the explorer shows besides the config's encodings.
struct PresetInfo {
    std::string name;
    std::string description;
    int order = 1000;
    std::optional<std::int64_t> length; ///< positions to show
    std::optional<double> seqLen;       ///< HF seq_len the preset is shown at (unset: at initialisation)
    std::vector<std::string> compare;   ///< extra registry methods compared with the config's encoding(s)
    /// Values for the compared methods, by parameter name (kebab-case), as text (as on a command line).
    std::vector<std::pair<std::string, std::string>> shared;
};

struct HfConfig {
    std::string modelName; ///< `_name_or_path`, else `model_type`, else the file's base name
    std::string modelType;
    HfEra era = HfEra::V5;
    std::vector<HfEncoding> encodings; ///< at least one
    std::vector<std::string> warnings; ///< values HF accepts with a warning (computed as HF does)
    std::vector<std::string> notes;    ///< unknown keys, defaults taken, era differences
    /// The same messages as phrases (phrase.h), for a user interface that words them in its own language:
    /// warnings[i] == english(warningPhrases[i]), notes[i] == english(notePhrases[i]).
    std::vector<Phrase> warningPhrases;
    std::vector<Phrase> notePhrases;
    std::optional<PresetInfo> preset; ///< the `"posenc"` object, when present
    std::vector<HfLayer> layers;      ///< one per decoder layer; empty when the config has no layer count
    std::optional<HfNopeTemperature> nopeTemperature; ///< Llama 4 (text config) only
    /// `dual_chunk_attention_config` (Qwen2.5-1M): read by vLLM and SGLang, not by transformers (dual_chunk.h).
    std::optional<dual_chunk::Config> dualChunk;
};

/// Parses config text (bytes of a JSON document). Throws InvalidInput naming the offending key and value.
HfConfig parseHfConfig(std::string_view json, const HfConfigOptions& options = {});
/// Reads and parses a file (origin defaults to the path). Throws InvalidInput when unreadable or invalid.
HfConfig loadHfConfig(const std::string& path, HfConfigOptions options = {});

} // namespace posenc::io
