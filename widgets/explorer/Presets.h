// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explorer/Preset.h"

#include "posenc/io/hf_config.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace posenc::widgets {

/// Loads presets from data files; there is no per-preset code. A preset is a Hugging Face config.json (read by
/// core's parser, posenc/io/hf_config.h) with an optional "posenc" object: `{"name", "description", "order",
/// "length", "seq_len", "compare": [method ids], "shared": {param: value}}`. The config's encoding(s) come first,
/// then the compared methods, which share head-dim, base, factor, ... and inherit pairing/partial rotary.
class Presets {
public:
    /// Directory of the built-in presets inside the application's resources.
    static QString builtInDir();
    /// The preset opened on first launch.
    static QString defaultFileName();

    /// Parses and validates a preset. Throws posenc::InvalidInput("preset", message) with a message naming
    /// `origin`, the offending key and the reason.
    static Preset parse(const QByteArray& json, const QString& origin);
    /// Reads and parses a file; throws InvalidInput when it cannot be read or is malformed.
    static Preset load(const QString& path);

    /// The built-in presets, sorted by their "order". Malformed ones are skipped; their messages go to `errors`.
    static std::vector<Preset> builtIn(QStringList* errors = nullptr);
    /// One built-in preset by file name; throws InvalidInput when absent or malformed.
    static Preset builtIn(const QString& fileName);

    /// The explorer state showing a resolved config: its encodings, then the preset's compared methods.
    static ParamState stateFor(const io::HfConfig& config);
};

} // namespace posenc::widgets
