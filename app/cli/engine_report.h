// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `posenc inspect CONFIG --engine E [--arithmetic A]` and `--engines all`: a config's encodings as each engine
// computes them (engine.h), and where the engines disagree.

#include "posenc/io/hf_config.h"
#include "posenc/io/writers.h"

#include <ostream>
#include <string>

namespace posenc::cli {

/// Rebuilds every encoding of `config` with `engine` and `arithmetic` (inv_freq and attention factor become the
/// engine's; its notes are appended to config.notes). Throws InvalidInput("engine", ...) when it cannot express one.
void applyEngine(io::HfConfig& config, const std::string& engine, const std::string& arithmetic);

/// The `engines` object of `inspect --engines all`: per encoding, each engine's inv_freq and attention factor (or
/// why it cannot express it) and a summary against HF: the pair with the largest inv_freq difference, the
/// attention-factor ratio, and the position and pair where cos/sin differ most.
void writeEnginesJson(io::JsonWriter& w, const io::HfConfig& config, const std::string& arithmetic);
void writeEnginesText(std::ostream& out, const io::HfConfig& config, const std::string& arithmetic);

} // namespace posenc::cli
