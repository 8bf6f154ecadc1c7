// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "posenc/param_state.h"

#include <QString>

#include <memory>

#include <string>
#include <vector>

namespace posenc::io {
struct HfConfig;
}

namespace posenc::widgets {

/// A named explorer state read from a preset file (resources/presets/*.json or a user's file).
struct Preset {
    QString fileName;     ///< e.g. "llama-2-7b.json"
    QString path;         ///< where it was read from (":/presets/llama-2-7b.json" for a built-in)
    QString name;         ///< menu text
    QString description;  ///< tooltip / status text: where the numbers come from
    int order = 0;        ///< menu position
    ParamState state;
    std::vector<std::string> warnings; ///< values HF accepts with a warning (from the config parser)
    std::vector<std::string> notes;    ///< unknown keys, defaults taken, era differences
    std::shared_ptr<const io::HfConfig> config; ///< the config read (its layers for the Layers view)
};

} // namespace posenc::widgets
