// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file method_key.h
/// A compared method: its registry id and which instance of it. The one text form ("yarn", "yarn#2") and the one
/// numbering rule: the K of "ID#K" is the instance's number everywhere it is shown (method list, parameter panel,
/// figures, sessions), never a count of the rows above it.

#include <optional>
#include <string>
#include <string_view>

namespace posenc {

struct MethodDef;

struct MethodKey {
    static constexpr int kMaxInstance = 9999;

    std::string id;   ///< the method's id (canonical after canonical())
    int instance = 1; ///< 1: the method itself; K >= 2: its K-th instance, with its own parameters

    /// "ID" or "ID#K" (2 <= K <= kMaxInstance, no leading zero); nullopt for anything else. Syntax only: the id is
    /// not looked up.
    static std::optional<MethodKey> tryParse(std::string_view text);
    /// As tryParse; throws InvalidInput("method", message naming the text) when malformed.
    static MethodKey parse(std::string_view text);
    /// "ID" for the first instance, "ID#K" for the others.
    std::string format() const;
    /// What a user reads: `displayName` for the first instance, "displayName #K" for the others, followed by
    /// " (engine)" when `engine` is not empty (engineLabel() of the instance's parameters: "YaRN #2 (llama.cpp)").
    std::string label(std::string_view displayName, std::string_view engine = {}) const;
    /// The key with the registry's canonical id ("YaRN#2" -> "yarn#2"); throws InvalidInput for an unknown method.
    MethodKey canonical() const;
    /// The method of this key (aliases accepted); throws InvalidInput for an unknown method.
    const MethodDef& method() const;

    bool operator==(const MethodKey&) const = default;
    /// Ordered by id, then instance (no <=>: Qt 6.4's moc cannot parse <compare>, and widgets include this).
    bool operator<(const MethodKey& other) const
    {
        return id != other.id ? id < other.id : instance < other.instance;
    }
};

} // namespace posenc
