// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `posenc inspect CONFIG --engine E [--arithmetic A]` and `--engines all`: a config's encodings as each engine
// computes them (engine.h), and where the engines disagree.

#include "posenc/io/hf_config.h"

#include <ostream>
#include <string>

namespace posenc::cli {

/// The text of `inspect --engines all --format text`: per encoding, each engine's inv_freq and attention factor
/// (or why it cannot express it) and where it differs from HF most (io::compareEnginesOf).
void writeEnginesText(std::ostream& out, const io::HfConfig& config, const std::string& arithmetic);

} // namespace posenc::cli
