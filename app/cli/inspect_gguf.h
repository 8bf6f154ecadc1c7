// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What `posenc inspect` adds for a GGUF model: its source, architecture and keys (used, ignored), and with
// --against CONFIG the conversion drift between the GGUF file and the HF config.json.

#include "args.h"

#include "posenc/io/gguf.h"
#include "posenc/io/writers.h"

#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace posenc::cli {

struct GgufInspection {
    io::GgufSummary summary;
    std::optional<std::string> againstPath;
    std::vector<io::GgufDrift> drift;
};

/// Loads `path` as GGUF when it is one (nullopt otherwise) into `config`; with --against, also the HF config
/// and the comparison. --against on a config.json is an error naming the flag.
std::optional<GgufInspection> inspectGguf(const Args& args, const std::string& path, const io::HfConfigOptions& options,
                                          io::HfConfig& config);

/// The extra JSON fields (inside the top-level object).
void writeGgufJson(io::JsonWriter& w, const GgufInspection& g);
/// The extra text lines.
void writeGgufText(std::ostream& out, const GgufInspection& g);

} // namespace posenc::cli
