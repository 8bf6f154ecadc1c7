// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/io/session.h"

#include "table_internal.h"

#include "posenc/errors.h"
#include "posenc/io/writers.h"
#include "posenc/method_key.h"
#include "posenc/registry.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace posenc::io {

namespace {

using Json = nlohmann::json;

[[noreturn]] void fatal(const std::string& origin, const std::string& what)
{
    throw InvalidInput("session", what).located("session", origin);
}

/// Collects "origin: key: problem; ignored" messages for values that are dropped (and the same as located errors).
class Warnings {
public:
    Warnings(std::string origin, SessionLoad& out) : m_origin(std::move(origin)), m_out(out) {}
    void add(const std::string& key, const std::string& problem) { add(key, InvalidInput(key, problem)); }
    /// A parameter value's error: its rule and parameter are kept.
    void add(const std::string& key, const InvalidInput& error, const std::string& method = {})
    {
        m_out.problems.push_back(error.located(key, m_origin + ": " + key, method));
        m_out.warnings.push_back(std::string(m_out.problems.back().what()) + "; ignored");
    }

private:
    std::string m_origin;
    SessionLoad& m_out;
};

std::string shown(const Json& v)
{
    std::string s = v.dump();
    return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

/// A JSON value for `spec`, checked (type, range, choice). Throws InvalidInput with the reason.
ParamValue toParamValue(const ParamSpec& spec, const Json& v)
{
    ParamValue value;
    if (v.is_null()) {
        value = std::monostate{};
    } else if (v.is_string()) {
        const auto text = v.get<std::string>();
        value =
            spec.type == ParamType::Choice || spec.type == ParamType::Text ? ParamValue{text} : parseValue(spec, text);
    } else if (v.is_boolean() && spec.type == ParamType::Bool) {
        value = v.get<bool>();
    } else if (v.is_number() && (spec.type == ParamType::Int || spec.type == ParamType::Real)) {
        value = v.get<double>();
    } else if (v.is_array() && spec.type == ParamType::RealList) {
        std::vector<double> list;
        for (const auto& x : v) {
            if (!x.is_number())
                throw InvalidInput(spec.name, "expected an array of numbers, got " + shown(v), "wrong-type", shown(v));
            list.push_back(x.get<double>());
        }
        value = std::move(list);
    } else {
        throw InvalidInput(spec.name, "expected " + spec.rangeText() + ", got " + shown(v), "wrong-type", shown(v));
    }
    checkValue(spec, value);
    return value;
}

/// A view option: numbers, booleans, strings, null or arrays of numbers (the views check the rest).
bool toGenericValue(const Json& v, ParamValue& out)
{
    if (v.is_null())
        out = std::monostate{};
    else if (v.is_boolean())
        out = v.get<bool>();
    else if (v.is_number() && std::isfinite(v.get<double>()))
        out = v.get<double>();
    else if (v.is_string())
        out = v.get<std::string>();
    else if (v.is_array()) {
        std::vector<double> list;
        for (const auto& x : v) {
            if (!x.is_number())
                return false;
            list.push_back(x.get<double>());
        }
        out = std::move(list);
    } else
        return false;
    return true;
}

const ParamSpec* specByName(const std::vector<std::string>& methods, const std::string& name)
{
    for (const auto& id : methods)
        if (const auto* spec = MethodKey::parse(id).method().findParam(name))
            return spec;
    for (const auto& def : Registry::instance().methods())
        if (const auto* spec = def.findParam(name))
            return spec;
    return nullptr;
}

/// A compared method: a registry id or alias, or "ID#K" (K >= 2), the K-th instance of a method with its own
/// parameters. Returns the method and sets `key` to the canonical key (the id, plus "#K"); null when unknown.
const MethodDef* findMethodKey(const std::string& text, std::string& key)
{
    const auto parsed = MethodKey::tryParse(text);
    const MethodDef* def = parsed ? Registry::instance().tryFind(parsed->id) : nullptr;
    if (!def)
        return nullptr;
    key = MethodKey{def->info.id, parsed->instance}.format();
    return def;
}

void readMethods(const Json& root, Session& s, Warnings& w)
{
    const auto it = root.find("methods");
    if (it == root.end())
        return;
    if (!it->is_array()) {
        w.add("methods", "must be an array of method ids, got " + shown(*it));
        return;
    }
    for (const auto& m : *it) {
        std::string key;
        const MethodDef* def = m.is_string() ? findMethodKey(m.get<std::string>(), key) : nullptr;
        if (!def)
            w.add("methods", (m.is_string() ? "unknown method " : "not a method id: ") + shown(m));
        else if (std::find(s.state.methods.begin(), s.state.methods.end(), key) != s.state.methods.end())
            w.add("methods", "method " + shown(m) + " is listed twice");
        else
            s.state.methods.push_back(key);
    }
}

void readShared(const Json& root, Session& s, Warnings& w)
{
    const auto it = root.find("shared");
    if (it == root.end())
        return;
    if (!it->is_object()) {
        w.add("shared", "must be an object of parameter values, got " + shown(*it));
        return;
    }
    for (const auto& [name, value] : it->items()) {
        const ParamSpec* spec = specByName(s.state.methods, name);
        if (!spec) {
            w.add("shared." + name, "no method has this parameter");
            continue;
        }
        if (!ParamState::isShared(spec->name)) {
            w.add("shared." + name, "not a shared parameter (give it under \"params\" for a method)");
            continue;
        }
        try {
            s.state.shared[spec->name] = toParamValue(*spec, value);
        } catch (const InvalidInput& e) {
            w.add("shared." + name, e);
        }
    }
}

void readParams(const Json& root, Session& s, Warnings& w)
{
    const auto it = root.find("params");
    if (it == root.end())
        return;
    if (!it->is_object()) {
        w.add("params", "must be an object keyed by method id, got " + shown(*it));
        return;
    }
    for (const auto& [id, values] : it->items()) {
        std::string key;
        const MethodDef* def = findMethodKey(id, key);
        if (!def) {
            w.add("params." + id, "unknown method");
            continue;
        }
        if (!values.is_object()) {
            w.add("params." + id, "must be an object of parameter values, got " + shown(values));
            continue;
        }
        for (const auto& [name, value] : values.items()) {
            const ParamSpec* spec = def->findParam(name);
            if (!spec) {
                w.add("params." + id + "." + name, def->info.id + " has no such parameter");
                continue;
            }
            try {
                s.state.own[key][spec->name] = toParamValue(*spec, value);
            } catch (const InvalidInput& e) {
                w.add("params." + id + "." + name, e, def->info.id);
            }
        }
    }
}

void readLength(const Json& root, Session& s, Warnings& w, const SessionLimits& limits)
{
    const auto it = root.find("length");
    if (it == root.end())
        return;
    const std::string range = "[" + std::to_string(limits.minLength) + ", " + std::to_string(limits.maxLength) + "]";
    if (!it->is_number()) {
        w.add("length", "must be an integer number of positions in " + range + ", got " + shown(*it));
        return;
    }
    const double x = it->get<double>();
    // Compared as doubles before any conversion: 1e300 must not wrap to a negative integer.
    if (!(x >= static_cast<double>(limits.minLength) && x <= static_cast<double>(limits.maxLength)) ||
        x != std::floor(x)) {
        w.add("length", shown(*it) + " is not an integer in " + range);
        return;
    }
    s.state.length = static_cast<std::int64_t>(x);
}

void readStrings(const Json& root, const char* key, std::vector<std::string>& out, Warnings& w)
{
    const auto it = root.find(key);
    if (it == root.end())
        return;
    if (!it->is_array()) {
        w.add(key, "must be an array of strings, got " + shown(*it));
        return;
    }
    for (const auto& v : *it) {
        if (v.is_string())
            out.push_back(v.get<std::string>());
        else
            w.add(key, "entry " + shown(v) + " is not a string");
    }
}

void readString(const Json& root, const char* key, std::string& out, Warnings& w)
{
    const auto it = root.find(key);
    if (it == root.end())
        return;
    if (it->is_string())
        out = it->get<std::string>();
    else
        w.add(key, "must be a string, got " + shown(*it));
}

void readViews(const Json& root, Session& s, Warnings& w)
{
    const auto it = root.find("views");
    if (it == root.end())
        return;
    if (!it->is_object()) {
        w.add("views", "must be an object keyed by view id, got " + shown(*it));
        return;
    }
    for (const auto& [view, options] : it->items()) {
        if (!options.is_object()) {
            w.add("views." + view, "must be an object of option values, got " + shown(options));
            continue;
        }
        auto& out = s.views[view];
        for (const auto& [name, value] : options.items()) {
            ParamValue v;
            if (toGenericValue(value, v))
                out[name] = std::move(v);
            else
                w.add("views." + view + "." + name, "unsupported value " + shown(value));
        }
    }
}

void readStringMap(const Json& root, const std::string& key, std::map<std::string, std::string>& out, Warnings& w)
{
    const auto it = root.find(key);
    if (it == root.end())
        return;
    if (!it->is_object()) {
        w.add(key, "must be an object of strings, got " + shown(*it));
        return;
    }
    for (const auto& [name, value] : it->items()) {
        if (value.is_string())
            out[name] = value.get<std::string>();
        else
            w.add(key + "." + name, "must be a string, got " + shown(value));
    }
}

void valueMap(JsonWriter& w, const ValueMap& values)
{
    w.beginObject();
    for (const auto& [name, value] : values)
        w.key(name).value(value);
    w.endObject();
}

void stringMap(JsonWriter& w, const std::map<std::string, std::string>& values)
{
    w.beginObject();
    for (const auto& [name, value] : values)
        w.field(name, value);
    w.endObject();
}

void strings(JsonWriter& w, const std::vector<std::string>& values)
{
    w.beginArray();
    for (const auto& v : values)
        w.value(v);
    w.endArray();
}

} // namespace

SessionLoad parseSession(std::string_view json, const std::string& origin, const SessionLimits& limits)
{
    if (json.size() > limits.maxBytes)
        fatal(origin, "is " + std::to_string(json.size()) + " bytes; sessions larger than " +
                          std::to_string(limits.maxBytes) + " bytes are not read");
    Json root;
    try {
        root = Json::parse(json.begin(), json.end());
    } catch (const Json::parse_error& e) { // the form of hf_config.cpp: the interface words it by the byte offset
        const std::string what = e.what();
        fatal(origin, "not valid JSON (byte " + std::to_string(e.byte) + ": " + what.substr(what.find(':') + 1) + ")");
    } catch (const Json::exception& e) { // e.g. out_of_range: a number beyond double (1E888)
        const std::string what = e.what();
        fatal(origin, "not valid JSON (" + what.substr(what.find(']') + 2) + ")");
    }
    if (!root.is_object())
        fatal(origin, "the top level must be a JSON object");
    const auto format = root.find("format");
    if (format == root.end())
        fatal(origin, std::string("not a posenc session (it has no \"format\"; a session's is \"") + kSessionFormat +
                          "\")");
    if (!format->is_string() || format->get<std::string>() != kSessionFormat)
        fatal(origin, std::string("not a posenc session (\"format\" must be \"") + kSessionFormat + "\", got " +
                          shown(*format) + ")");
    const auto version = root.find("version");
    if (version == root.end())
        fatal(origin, "the \"version\" key is missing; it must be a positive integer");
    if (!version->is_number_integer() || version->get<std::int64_t>() < 1)
        fatal(origin, "\"version\" must be a positive integer, got " + shown(*version));
    if (version->get<std::int64_t>() > kSessionVersion)
        fatal(origin, "written by a newer PosEnc Explorer (session version " + shown(*version) +
                          "); this one reads version " + std::to_string(kSessionVersion));

    SessionLoad out;
    Warnings w(origin, out);
    static const std::vector<std::string> known{"format", "version", "description", "methods", "shared",
                                                "params", "length",  "configs",     "views",   "current_view",
                                                "preset", "window",  "labels"};
    for (const auto& [key, value] : root.items()) {
        (void)value;
        if (std::find(known.begin(), known.end(), key) == known.end())
            w.add(key, "unknown key");
    }
    Session& s = out.session;
    readString(root, "description", s.description, w);
    readMethods(root, s, w);
    readShared(root, s, w);
    readParams(root, s, w);
    readLength(root, s, w, limits);
    readStrings(root, "configs", s.configs, w);
    readViews(root, s, w);
    readString(root, "current_view", s.currentView, w);
    readString(root, "preset", s.preset, w);
    readStringMap(root, "window", s.window, w);
    readStringMap(root, "labels", s.state.labels, w);
    return out;
}

SessionLoad readSessionFile(const std::string& path, const SessionLimits& limits)
{
    try {
        const detail::MappedFile file(path, limits.maxBytes);
        const auto b = file.bytes();
        return parseSession(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()), path, limits);
    } catch (const BudgetExceeded&) {
        throw;
    } catch (const InvalidInput& e) {
        if (e.param() == "session")
            throw;
        throw InvalidInput("session", e.what());
    }
}

std::string writeSession(const Session& s)
{
    // Keys in alphabetical order, as the format's description lists them; values through JsonWriter's one
    // ParamValue -> JSON mapping.
    std::ostringstream out;
    JsonWriter w(out);
    w.beginObject();
    w.key("configs");
    strings(w, s.configs);
    w.field("current_view", s.currentView);
    if (!s.description.empty())
        w.field("description", s.description);
    w.field("format", kSessionFormat);
    w.key("labels");
    stringMap(w, s.state.labels);
    w.field("length", static_cast<long long>(s.state.length));
    w.key("methods");
    strings(w, s.state.methods);
    w.key("params").beginObject();
    for (const auto& [key, values] : s.state.own)
        if (!values.empty()) {
            w.key(key);
            valueMap(w, values);
        }
    w.endObject();
    w.field("preset", s.preset);
    w.key("shared");
    valueMap(w, s.state.shared);
    w.field("version", kSessionVersion);
    w.key("views").beginObject();
    for (const auto& [view, options] : s.views) {
        w.key(view);
        valueMap(w, options);
    }
    w.endObject();
    w.key("window");
    stringMap(w, s.window);
    w.endObject();
    return out.str();
}

void writeSessionFile(const std::string& path, const Session& session)
{
    const std::string text = writeSession(session);
    atomicWrite(path, [&](std::ostream& out) { out << text; });
}

} // namespace posenc::io
