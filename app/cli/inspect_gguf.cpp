// SPDX-License-Identifier: GPL-3.0-or-later
#include "inspect_gguf.h"

namespace posenc::cli {

void writeGgufText(std::ostream& out, const io::GgufInspection& g)
{
    out << "\nGGUF v" << g.summary.version << ", arch " << g.summary.arch << " (llama.cpp rope type "
        << g.summary.pairing << "), " << g.summary.tensorCount << " tensors, " << g.summary.kvCount << " keys\n";
    for (const auto& k : g.summary.keysUsed)
        out << "  used: " << k << "\n";
    for (const auto& k : g.summary.keysIgnored)
        out << "  ignored: " << k << "\n";
    if (!g.againstPath)
        return;
    out << "\nagainst " << *g.againstPath << ":" << (g.drift.empty() ? " no differences" : "") << "\n";
    for (const auto& d : g.drift)
        out << "  " << (d.mismatch ? "MISMATCH " : "note ") << (d.scope.empty() ? "" : "[" + d.scope + "] ") << d.what
            << ": GGUF " << d.gguf << ", HF " << d.hf << " - " << d.message << "\n";
}

} // namespace posenc::cli
