// SPDX-License-Identifier: GPL-3.0-or-later
// Look-up in the generated table of built-in presets (the table itself: builtin_preset_table.cpp in the build
// folder, from cmake/PosEncPresets.cmake).
#include "posenc/io/builtin_presets.h"

#include "posenc/errors.h"

namespace posenc::io {

std::vector<std::string> builtInPresetNames()
{
    std::vector<std::string> names;
    for (const auto& preset : builtInPresets())
        names.emplace_back(preset.file.substr(0, preset.file.size() - 5)); // without ".json"
    return names;
}

std::string presetText(const std::string& name)
{
    const std::string file = name.ends_with(".json") ? name : name + ".json";
    for (const auto& preset : builtInPresets()) {
        if (preset.file == file)
            return std::string(preset.text);
    }
    std::string names;
    for (const auto& known : builtInPresetNames())
        names += (names.empty() ? "" : ", ") + known;
    throw InvalidInput("preset", "--preset " + name + ": no such built-in preset; one of " + names);
}

} // namespace posenc::io
