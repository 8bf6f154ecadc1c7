// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/params.h"

#include "posenc/errors.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace posenc {

namespace {

std::string typeName(ParamType type)
{
    switch (type) {
    case ParamType::Int: return "an integer";
    case ParamType::Real: return "a number";
    case ParamType::Bool: return "true or false";
    case ParamType::Choice: return "a choice";
    case ParamType::RealList: return "a comma-separated list of numbers";
    case ParamType::Text: return "text";
    }
    return "a value";
}

std::string trim(const std::string& s)
{
    const auto b = s.find_first_not_of(" \t\r\n");
    if (b == std::string::npos)
        return {};
    const auto e = s.find_last_not_of(" \t\r\n");
    return s.substr(b, e - b + 1);
}

bool parseDouble(const std::string& text, double& out)
{
    const std::string t = trim(text);
    if (t.empty())
        return false;
    const char* first = t.data();
    const char* last = t.data() + t.size();
    if (*first == '+')
        ++first;
    auto [ptr, ec] = std::from_chars(first, last, out);
    if (ec == std::errc::result_out_of_range) {
        out = std::strtod(t.c_str(), nullptr); // +-inf or denormal; range check reports it
        return true;
    }
    return ec == std::errc() && ptr == last;
}

/// `rule` names the broken rule for a user interface that words the message itself (InvalidInput::rule()).
[[noreturn]] void fail(const ParamSpec& spec, const std::string& shown, const std::string& why, const std::string& rule)
{
    throw InvalidInput(spec.name, "--" + spec.name + " " + shown + ": " + why, rule, shown);
}

void checkNumber(const ParamSpec& spec, double x, const std::string& shown)
{
    if (std::isnan(x))
        fail(spec, shown, "must be a number, got NaN (valid range " + spec.rangeText() + ")", "nan");
    if (std::isinf(x))
        fail(spec, shown, "must be finite (valid range " + spec.rangeText() + ")", "not-finite");
    const bool lowOk = spec.minInclusive ? x >= spec.min : x > spec.min;
    const bool highOk = spec.maxInclusive ? x <= spec.max : x < spec.max;
    if (!lowOk || !highOk)
        fail(spec, shown, "out of the valid range " + spec.rangeText(), "out-of-range");
}

} // namespace

std::string formatNumber(double x)
{
    if (std::isnan(x))
        return "NaN";
    if (std::isinf(x))
        return x > 0 ? "inf" : "-inf";
    if (x == std::floor(x) && std::fabs(x) < 1e15) {
        char buf[32];
        std::snprintf(buf, sizeof buf, "%.0f", x);
        return buf;
    }
    char buf[64];
    auto [ptr, ec] = std::to_chars(buf, buf + sizeof buf, x);
    (void)ec;
    return std::string(buf, ptr);
}

std::string formatValue(const ParamValue& value)
{
    struct V {
        std::string operator()(std::monostate) const { return "unset"; }
        std::string operator()(double x) const { return formatNumber(x); }
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(const std::string& s) const { return s; }
        std::string operator()(const std::vector<double>& v) const
        {
            std::string out = "[";
            for (std::size_t i = 0; i < v.size(); ++i)
                out += (i ? ", " : "") + formatNumber(v[i]);
            return out + "]";
        }
    };
    return std::visit(V{}, value);
}

std::string ParamSpec::rangeText() const
{
    switch (type) {
    case ParamType::Bool: return "true or false";
    case ParamType::Text: return optional ? "text (or unset)" : "text";
    case ParamType::Choice: {
        std::string out = "one of ";
        for (std::size_t i = 0; i < choices.size(); ++i)
            out += (i ? ", " : "") + choices[i];
        return out;
    }
    case ParamType::Int:
    case ParamType::Real:
    case ParamType::RealList: {
        std::string out;
        if (type == ParamType::RealList)
            out = "entries in ";
        out += (minInclusive && std::isfinite(min)) ? "[" : "(";
        out += std::isfinite(min) ? formatNumber(min) : "-inf";
        out += ", ";
        out += std::isfinite(max) ? formatNumber(max) : "inf";
        out += (maxInclusive && std::isfinite(max)) ? "]" : ")";
        if (type == ParamType::Int)
            out = (mustBeEven ? "an even integer in " : "an integer in ") + out;
        return out;
    }
    }
    return {};
}

bool ParamSet::has(const std::string& name) const
{
    const auto it = m_values.find(name);
    return it != m_values.end() && !std::holds_alternative<std::monostate>(it->second);
}

const ParamValue& ParamSet::get(const std::string& name) const
{
    const auto it = m_values.find(name);
    if (it == m_values.end())
        throw InvalidInput(name, "parameter '" + name + "' is not set");
    return it->second;
}

double ParamSet::real(const std::string& name) const
{
    const auto& v = get(name);
    if (const auto* d = std::get_if<double>(&v))
        return *d;
    throw InvalidInput(name, "parameter '" + name + "' is not a number");
}

long long ParamSet::integer(const std::string& name) const { return static_cast<long long>(real(name)); }

bool ParamSet::flag(const std::string& name) const
{
    const auto& v = get(name);
    if (const auto* b = std::get_if<bool>(&v))
        return *b;
    throw InvalidInput(name, "parameter '" + name + "' is not a boolean");
}

const std::string& ParamSet::choice(const std::string& name) const
{
    const auto& v = get(name);
    if (const auto* s = std::get_if<std::string>(&v))
        return *s;
    throw InvalidInput(name, "parameter '" + name + "' is not a choice");
}

const std::vector<double>& ParamSet::list(const std::string& name) const
{
    const auto& v = get(name);
    if (const auto* l = std::get_if<std::vector<double>>(&v))
        return *l;
    throw InvalidInput(name, "parameter '" + name + "' is not a list");
}

double ParamSet::realOr(const std::string& name, double fallback) const
{
    return has(name) ? real(name) : fallback;
}

ParamValue parseValue(const ParamSpec& spec, const std::string& text)
{
    const std::string t = trim(text);
    if (spec.optional && (t == "unset" || t == "none" || t == "null"))
        return std::monostate{};
    switch (spec.type) {
    case ParamType::Int:
    case ParamType::Real: {
        double x = 0;
        if (!parseDouble(t, x))
            fail(spec, "'" + text + "'",
                 "expected " + (spec.type == ParamType::Int ? spec.rangeText() : "a number in " + spec.rangeText()),
                 "not-a-number");
        return x;
    }
    case ParamType::Bool:
        if (t == "true" || t == "1" || t == "yes" || t == "on")
            return true;
        if (t == "false" || t == "0" || t == "no" || t == "off")
            return false;
        fail(spec, "'" + text + "'", "expected true or false", "not-bool");
    case ParamType::Choice:
        return t; // membership checked by checkValue
    case ParamType::Text:
        return t;
    case ParamType::RealList: {
        std::vector<double> out;
        if (t.empty())
            return out;
        if (t.back() == ',')
            fail(spec, "'" + text + "'", "empty entry after the last comma (expected " + typeName(spec.type) + ")",
                 "empty-entry");
        std::stringstream ss(t);
        std::string item;
        while (std::getline(ss, item, ',')) {
            if (trim(item).empty())
                fail(spec, "'" + text + "'", "empty entry in the list (expected " + typeName(spec.type) + ")",
                     "empty-entry");
            double x = 0;
            if (!parseDouble(item, x))
                fail(spec, "'" + text + "'", "entry '" + trim(item) + "' is not a number", "entry-not-a-number");
            out.push_back(x);
        }
        return out;
    }
    }
    fail(spec, "'" + text + "'", "unsupported parameter type", "wrong-type");
}

void checkValue(const ParamSpec& spec, const ParamValue& value)
{
    const std::string shown = formatValue(value);
    if (std::holds_alternative<std::monostate>(value)) {
        if (!spec.optional)
            fail(spec, shown, "a value is required", "required");
        return;
    }
    switch (spec.type) {
    case ParamType::Int: {
        const auto* x = std::get_if<double>(&value);
        if (!x)
            fail(spec, shown, "expected " + typeName(spec.type), "wrong-type");
        checkNumber(spec, *x, shown);
        if (*x != std::floor(*x))
            fail(spec, shown, "must be an integer (valid range " + spec.rangeText() + ")", "not-integer");
        if (spec.mustBeEven && std::fmod(*x, 2.0) != 0.0)
            fail(spec, shown, "must be even (valid range " + spec.rangeText() + ")", "not-even");
        return;
    }
    case ParamType::Real: {
        const auto* x = std::get_if<double>(&value);
        if (!x)
            fail(spec, shown, "expected " + typeName(spec.type), "wrong-type");
        checkNumber(spec, *x, shown);
        return;
    }
    case ParamType::Bool:
        if (!std::holds_alternative<bool>(value))
            fail(spec, shown, "expected true or false", "not-bool");
        return;
    case ParamType::Choice: {
        const auto* s = std::get_if<std::string>(&value);
        if (!s)
            fail(spec, shown, "expected " + spec.rangeText(), "wrong-type");
        for (const auto& c : spec.choices)
            if (c == *s)
                return;
        fail(spec, "'" + shown + "'", "unknown choice; expected " + spec.rangeText(), "unknown-choice");
    }
    case ParamType::Text:
        if (!std::holds_alternative<std::string>(value))
            fail(spec, shown, "expected text", "wrong-type");
        if (!spec.optional && std::get<std::string>(value).empty())
            fail(spec, "''", "must not be empty", "empty-text");
        return;
    case ParamType::RealList: {
        const auto* l = std::get_if<std::vector<double>>(&value);
        if (!l)
            fail(spec, shown, "expected " + typeName(spec.type), "wrong-type");
        for (std::size_t i = 0; i < l->size(); ++i) {
            const double x = (*l)[i];
            const bool lowOk = spec.minInclusive ? x >= spec.min : x > spec.min;
            const bool highOk = spec.maxInclusive ? x <= spec.max : x < spec.max;
            if (!std::isfinite(x) || !lowOk || !highOk)
                throw InvalidInput(spec.name,
                                   "--" + spec.name + " " + shown + ": entry " + std::to_string(i) + " (" +
                                       formatNumber(x) + ") is outside " + spec.rangeText(),
                                   "entry-out-of-range", formatNumber(x));
        }
        return;
    }
    }
}

} // namespace posenc
