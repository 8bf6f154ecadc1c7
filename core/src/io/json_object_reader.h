// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Typed, checked reads of one JSON object of a config file. Every error names the file, the key path and the
// value found; the keys read are remembered so that the others can be reported as notes.

#include <nlohmann/json.hpp>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace posenc::io::detail {

class JsonObjectReader {
public:
    /// `path`: where the object sits ("" for the top level, "rope_scaling", "text_config", ...).
    JsonObjectReader(const nlohmann::json& object, std::string path, std::string origin);

    const nlohmann::json& json() const { return m_object; }
    const std::string& path() const { return m_path; }
    /// "rope_scaling.factor" (or "factor" at the top level).
    std::string keyPath(const std::string& key) const;

    /// Present and not null.
    bool has(const std::string& key) const;
    /// Marks a key as read without reading it (it is handled elsewhere).
    void markUsed(const std::string& key) { m_used.insert(key); }

    /// Absent or null: nullopt. Present with another type: InvalidInput naming the key and the value.
    std::optional<double> number(const std::string& key);
    /// An integral number > 0 (dimensions, lengths).
    std::optional<long long> positiveInt(const std::string& key);
    std::optional<std::string> string(const std::string& key);
    std::optional<bool> boolean(const std::string& key);
    std::optional<std::vector<double>> numberList(const std::string& key);
    /// An object (nullopt when absent or null).
    const nlohmann::json* object(const std::string& key);

    /// Keys present that were never read, in key order.
    std::vector<std::string> unusedKeys() const;

    [[noreturn]] void fail(const std::string& key, const std::string& what) const;

private:
    const nlohmann::json& m_object;
    std::string m_path;
    std::string m_origin;
    std::set<std::string> m_used;
};

/// A short rendering of a JSON value for messages (strings quoted, long values cut).
std::string shortDump(const nlohmann::json& value);

} // namespace posenc::io::detail
