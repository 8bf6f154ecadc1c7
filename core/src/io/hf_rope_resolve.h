// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One rope section of a config → registry method + ParamSet, for one HF era (conventions.md "eras").

#include "diagnostics.h"
#include "json_object_reader.h"

#include "posenc/io/hf_config.h"
#include "posenc/params.h"
#include "posenc/phrase.h"

#include <optional>
#include <string>
#include <vector>

namespace posenc::io::detail {

/// Era-independent facts read from one scope of a config.
struct RopeInputs {
    JsonObjectReader* rope = nullptr; ///< the rope dict (rope_scaling / rope_parameters[...]); null: none
    std::string forcedType;           ///< a type implied by the layout (Gemma 3's local layers: "default")
    std::optional<double> base;       ///< rope_theta (or the layer's own theta)
    long long headDim = 0;
    double partial = 1.0;
    bool interleaved = false;
    bool softmaxMscale = false;        ///< the model's attention multiplies its softmax scale by g(s, mscale_all_dim)^2
    std::optional<double> maxPos;      ///< max_position_embeddings
    std::optional<double> topOriginal; ///< top-level original_max_position_embeddings (Phi-3)
    bool perLayer = false;             ///< the rope dict is one of several keyed by layer type (v5)
    bool oddDerivedHeadDim = false;    ///< headDim is hidden_size // num_attention_heads and odd
    std::string maxPosKey = "max_position_embeddings";
};

struct RopeResolution {
    std::string ropeType;
    std::string method;
    ParamSet params;
    int hfDim = 0; ///< HF's `dim`: int(head_dim * partial_rotary_factor); proportional: head_dim
};

/// Resolves as transformers of `era` does. Throws InvalidInput naming the key for what HF could not load.
RopeResolution resolveRope(const RopeInputs& in, HfEra era, std::optional<double> seqLen, Diagnostics& diag);

} // namespace posenc::io::detail
