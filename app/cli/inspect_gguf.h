// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The text `posenc inspect --format text` adds for a GGUF model (io::GgufInspection: its source, architecture
// and keys, and with --against CONFIG the conversion drift between the GGUF file and the HF config.json).

#include "posenc/io/inspect.h"

#include <ostream>

namespace posenc::cli {

/// The extra text lines.
void writeGgufText(std::ostream& out, const io::GgufInspection& g);

} // namespace posenc::cli
