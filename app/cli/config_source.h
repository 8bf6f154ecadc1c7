// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// --config FILE / --preset NAME on every compute and render command: the file's encoding supplies the method
// and its parameters; explicit flags override them. --hf-era and --seq-len say how HF reads the file,
// --encoding picks one of several (e.g. Gemma 3's sliding_attention).

#include "args.h"

#include "posenc/io/hf_config.h"

#include <optional>
#include <string>
#include <vector>

namespace posenc::cli {

/// The options this file adds to every command that takes a method.
const std::vector<std::string>& configOptionNames();

/// Era and seq_len from --hf-era / --seq-len (checked; InvalidInput naming the flag).
io::HfConfigOptions configOptions(const Args& args, const std::string& origin);

/// The config named by --config or --preset (both: an error), or nullopt. Its warnings go to stderr when
/// `reportWarnings`.
std::optional<io::HfConfig> configFromArgs(const Args& args, bool reportWarnings = true);

/// The encoding --encoding selects (by index, layer type or name part); the first without it.
const io::HfEncoding& chosenEncoding(const io::HfConfig& config, const Args& args);

/// Prints "posenc: warning: ..." lines to stderr.
void printWarnings(const std::vector<std::string>& warnings);

} // namespace posenc::cli
