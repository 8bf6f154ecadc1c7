// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file param_state.h
/// What a user chose for a comparison, as one value: the compared methods, shared and own parameter values, the
/// length and the names shown. The explorer holds one (presets load it, undo restores it) and a session document
/// stores one (posenc/io/session.h): the same type, so nothing converts between them. Also the one place for the
/// default, smallest and largest length a view or command accepts.

#include "posenc/method_key.h"
#include "posenc/params.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace posenc {

struct MethodDef;

/// Positions shown when nothing says otherwise (the explorer's start, a session without "length", `posenc render`).
inline constexpr std::int64_t kDefaultLength = 32768;
/// The fewest positions anything is drawn for.
inline constexpr std::int64_t kMinLength = 2;
/// The most positions any view, command or session accepts (2^40). An analysis whose cost grows with the length
/// may accept fewer and says so (its own limit, named in its header).
inline constexpr std::int64_t kMaxLength = std::int64_t(1) << 40;

/// A method's parameter resolves as: its own entry, else (for a shared name) the shared entry, else its default.
struct ParamState {
    std::vector<std::string> methods;                             ///< checked method keys, the primary first
    std::map<std::string, ParamValue> shared;                     ///< shared parameter values (canonical names)
    std::map<std::string, std::map<std::string, ParamValue>> own; ///< per method key: own values and overrides
    std::int64_t length = kDefaultLength;                         ///< positions shown (the view length)
    std::map<std::string, std::string> labels;                    ///< per method key: a name to show (a model's)

    /// The registry id of a key ("yarn#2" -> "yarn"); a malformed key is returned as it is.
    static std::string methodIdOf(const std::string& key);
    /// The method of a key (aliases accepted); throws InvalidInput for an unknown method.
    static const MethodDef& methodOf(const std::string& key);
    /// The key with the registry's canonical id ("YaRN#2" -> "yarn#2").
    static std::string canonicalKey(const std::string& key);

    /// Parameters that apply to every compared method unless a method overrides them (ParamSpec::shared), in
    /// registry order.
    static const std::vector<std::string>& sharedNames();
    static bool isShared(const std::string& name);
    /// Defaults, then shared values (for names the method has and does not override), then own values.
    /// Throws InvalidInput for an unknown method.
    ParamSet resolve(const std::string& key) const;
    /// Appends the methods of `other` this state does not compare, with their own values and labels (a config or
    /// a layer opened beside what was already compared).
    void keepOthersFrom(const ParamState& other);

    bool operator==(const ParamState& other) const = default;
};

} // namespace posenc
