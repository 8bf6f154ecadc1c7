// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file inspect.h
/// `posenc inspect CONFIG` as core calls: what a Hugging Face config.json (or a GGUF model) resolves to, encoding
/// by encoding (inv_freq as HF computes it, attention factor, pairs kept/ramped/interpolated, bounds), its layers,
/// warnings and era notes, optionally as an engine computes it or every engine side by side. The report document
/// is written once (io::DocumentWriter): the CLI prints it as JSON, the Python binding returns it as a dict.

#include "posenc/io/gguf.h"
#include "posenc/io/hf_config.h"
#include "posenc/io/writers.h"

#include <optional>
#include <string>
#include <vector>

namespace posenc {
struct EngineComparison; // engine_compare.h
namespace analysis {
struct BoundsResult; // analysis/bounds.h
}
} // namespace posenc

namespace posenc::io {

/// What inspect adds for a GGUF model: its summary and, with `against`, the drift from its HF config.json.
struct GgufInspection {
    GgufSummary summary;
    std::optional<std::string> againstPath;
    std::vector<GgufDrift> drift;
};

struct InspectRequest {
    std::string path;                   ///< config.json or .gguf; with `text`, only the name (the model's origin)
    std::optional<std::string> text;    ///< the config.json text itself (a Python dict): no file is read
    HfConfigOptions options;            ///< era, seq_len (origin is set from `path`)
    std::optional<std::string> against; ///< a GGUF model's HF config.json
    std::string engine = "hf";          ///< whose conventions (engine.h)
    std::string arithmetic = "f64";     ///< f64 or engine
    bool enginesAll = false;            ///< every engine side by side (`--engines all`)
    bool baseBound = false;             ///< Men et al.'s exact base lower bound (`--base-bound`: ~1 s at 1M)
};

struct InspectReport {
    HfConfig config;
    std::optional<double> seqLen;          ///< the request's, else the preset's
    std::optional<GgufInspection> gguf;    ///< set for a GGUF model
    std::optional<std::string> enginesAll; ///< the arithmetic of `--engines all`
    bool baseBound = false;                ///< the request's: base_lower_bound computed and reported
};

/// Reads and resolves the request (read afresh every call: nothing is cached). Throws InvalidInput naming the
/// option at fault (`against` on a config.json, an unknown engine, ...).
InspectReport inspect(const InspectRequest& request);

/// Whether `path` starts with the GGUF magic.
bool isGgufFile(const std::string& path);

/// Men et al.'s bounds for an encoding at its context (max_position_embeddings, else L0 x s, else 4096; within
/// its attention window). The exact base lower bound (seconds at 1M positions) only with `exactBaseBound`.
analysis::BoundsResult inspectBounds(const HfEncoding& e, bool exactBaseBound);
/// Whether the config's own base satisfies Men et al.'s condition at the bounds' context: one walk over [0, L]
/// at rope_theta (analysis::baseAdmissible), whether or not the bound itself was computed; unset beyond 2^20.
std::optional<bool> baseMeetsBound(const HfEncoding& e, const analysis::BoundsResult& b);
/// 2π/θ per pair; a zero frequency (proportional RoPE) gives infinity.
std::vector<double> wavelengths(const std::vector<double>& invFreq);

/// Rebuilds every encoding of `config` with `engine` and `arithmetic` (inv_freq and attention factor become the
/// engine's; its notes are appended to config.notes). Throws InvalidInput("engine", ...) when it cannot express one.
void applyEngine(HfConfig& config, const std::string& engine, const std::string& arithmetic);
/// Every engine's version of `e` compared with HF's over the positions of engineComparisonPositions.
EngineComparison compareEnginesOf(const HfEncoding& e, const std::string& arithmetic);

/// The report document (the JSON of `posenc inspect --format json`).
void writeInspectReport(DocumentWriter& w, const InspectReport& report);

} // namespace posenc::io
