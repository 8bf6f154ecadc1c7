// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explorer/Preset.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <vector>

namespace posenc::widgets {

/// Loads presets from JSON data files; there is no per-preset code. Format ("posenc-preset-1"):
/// `{"name", "description", "order", "length", "methods": [primary, ...], "shared": {param: value},
///   "params": {method: {param: value}}}`; values are JSON numbers, booleans, strings (choices) or number arrays.
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
};

} // namespace posenc::widgets
