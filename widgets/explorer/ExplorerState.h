// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "posenc/method_key.h"
#include "posenc/params.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace posenc {
struct MethodDef;
}

namespace posenc::widgets {

/// Everything a user chose, as one value: what presets load, what undo restores, what ParamsModel holds.
/// A method's parameter resolves as: its own entry, else (for a shared name) the shared entry, else its default.
struct ExplorerState {
    std::vector<std::string> methods;                             ///< checked methods, the primary first
    std::map<std::string, ParamValue> shared;                     ///< shared parameter values
    std::map<std::string, std::map<std::string, ParamValue>> own; ///< per method: own values and overrides
    std::int64_t length = 32768;                                  ///< positions shown (the view length)
    std::map<std::string, std::string> labels;                    ///< per method: a name to show (a model's)

    /// A compared method is a key: its registry id, or "ID#K" for its K-th instance (K >= 2, own parameters).
    static std::string methodIdOf(const std::string& key)
    {
        const auto parsed = MethodKey::tryParse(key);
        return parsed ? parsed->id : key;
    }
    /// The method of a key (aliases accepted); throws InvalidInput for an unknown method.
    static const MethodDef& methodOf(const std::string& key);
    /// The key with the registry's canonical id ("YaRN#2" -> "yarn#2").
    static std::string canonicalKey(const std::string& key);

    /// Parameters that apply to every compared method unless a method overrides them.
    static const std::vector<std::string>& sharedNames();
    static bool isShared(const std::string& name);
    /// Defaults, then shared values (for names the method has and does not override), then own values.
    /// Throws InvalidInput for an unknown method id.
    ParamSet resolve(const std::string& methodId) const;

    bool operator==(const ExplorerState& other) const = default;
};

} // namespace posenc::widgets
