// SPDX-License-Identifier: GPL-3.0-or-later
#include "json_object_reader.h"

#include "posenc/errors.h"
#include "posenc/params.h"

#include <cmath>

namespace posenc::io::detail {

std::string shortDump(const nlohmann::json& value)
{
    std::string s = value.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    if (s.size() > 60)
        s = s.substr(0, 57) + "...";
    return s;
}

JsonObjectReader::JsonObjectReader(const nlohmann::json& object, std::string path, std::string origin)
    : m_object(object), m_path(std::move(path)), m_origin(std::move(origin))
{
}

std::string JsonObjectReader::keyPath(const std::string& key) const
{
    return m_path.empty() ? key : m_path + "." + key;
}

bool JsonObjectReader::has(const std::string& key) const
{
    const auto it = m_object.find(key);
    return it != m_object.end() && !it->is_null();
}

void JsonObjectReader::fail(const std::string& key, const std::string& what) const
{
    throw InvalidInput(keyPath(key), m_origin + ": " + keyPath(key) + " " + what);
}

std::optional<double> JsonObjectReader::number(const std::string& key)
{
    m_used.insert(key);
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        return std::nullopt;
    if (!it->is_number())
        fail(key, "must be a number, got " + shortDump(*it));
    const double x = it->get<double>();
    if (!std::isfinite(x))
        fail(key, "must be finite, got " + shortDump(*it));
    return x;
}

std::optional<long long> JsonObjectReader::positiveInt(const std::string& key)
{
    const auto x = number(key);
    if (!x)
        return std::nullopt;
    if (*x != std::floor(*x) || *x <= 0 || *x > 9.0e15)
        fail(key, "must be a positive integer, got " + formatNumber(*x));
    return static_cast<long long>(*x);
}

std::optional<std::string> JsonObjectReader::string(const std::string& key)
{
    m_used.insert(key);
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        return std::nullopt;
    if (!it->is_string())
        fail(key, "must be a string, got " + shortDump(*it));
    return it->get<std::string>();
}

std::optional<bool> JsonObjectReader::boolean(const std::string& key)
{
    m_used.insert(key);
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        return std::nullopt;
    if (!it->is_boolean())
        fail(key, "must be true or false, got " + shortDump(*it));
    return it->get<bool>();
}

std::optional<std::vector<double>> JsonObjectReader::numberList(const std::string& key)
{
    m_used.insert(key);
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        return std::nullopt;
    if (!it->is_array())
        fail(key, "must be an array of numbers, got " + shortDump(*it));
    std::vector<double> out;
    out.reserve(it->size());
    for (std::size_t i = 0; i < it->size(); ++i) {
        const auto& v = (*it)[i];
        if (!v.is_number() || !std::isfinite(v.get<double>()))
            fail(key, "must contain finite numbers only; entry " + std::to_string(i) + " is " + shortDump(v));
        out.push_back(v.get<double>());
    }
    return out;
}

const nlohmann::json* JsonObjectReader::object(const std::string& key)
{
    m_used.insert(key);
    const auto it = m_object.find(key);
    if (it == m_object.end() || it->is_null())
        return nullptr;
    if (!it->is_object())
        fail(key, "must be an object, got " + shortDump(*it));
    return &*it;
}

std::vector<std::string> JsonObjectReader::unusedKeys() const
{
    std::vector<std::string> out;
    for (auto it = m_object.begin(); it != m_object.end(); ++it)
        if (!m_used.count(it.key()))
            out.push_back(it.key());
    return out;
}

} // namespace posenc::io::detail
