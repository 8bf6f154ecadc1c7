// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file config_choice.h
/// What a request takes from a config: which of its encodings (`--encoding`, Python's encoding= / layer=), and a
/// method's parameters when the request names another method than the config's (`--method yarn --config F`,
/// `Encoding.from_config(F, method="yarn")`). One rule for the command line, the explorer and Python.

#include "posenc/io/hf_config.h"
#include "posenc/registry.h"

#include <optional>
#include <string>

namespace posenc::io {

/// The encoding a request selects. `layer`: the encoding serving that decoder layer (HfConfig::layers; the
/// first when the layer uses none of them). Else `which`: an index, a scope ("text_config/sliding_attention"),
/// the end of a scope (a layer type: "sliding_attention") or an encoding's name. Neither: the first. Throws
/// InvalidInput("layer" | "encoding") listing what the config has.
const HfEncoding& selectEncoding(const HfConfig& config, const std::optional<std::string>& which,
                                 const std::optional<int>& layer = std::nullopt);

/// The starting parameters of `method` for a config's encoding: every value of the encoding when it is that
/// method, else the values of the parameters `method` shares with it (head-dim, rope-theta, ...), over the
/// method's defaults. Explicit values are applied on top by Registry::resolve.
ParamSet paramsFromEncoding(const HfEncoding& encoding, const MethodDef& method);

} // namespace posenc::io
