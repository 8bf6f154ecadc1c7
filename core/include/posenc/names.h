// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file names.h
/// Name tables of enumerated choices: the single spelling (kebab-case) of each value, shared by the CLI flags,
/// the GUI's option editors, JSON/CSV keys and messages.

#include "posenc/errors.h"

#include <cstddef>
#include <string>
#include <vector>

namespace posenc {

template <typename E> struct EnumName {
    E value;
    const char* name;
};

/// The name of `value` in `table` ("?" when absent).
template <typename E, std::size_t N> std::string enumName(const EnumName<E> (&table)[N], E value)
{
    for (const auto& entry : table)
        if (entry.value == value)
            return entry.name;
    return "?";
}

/// Every name of `table`, in table order (the `choices` of a Choice ParamSpec).
template <typename E, std::size_t N> std::vector<std::string> enumNames(const EnumName<E> (&table)[N])
{
    std::vector<std::string> out;
    for (const auto& entry : table)
        out.emplace_back(entry.name);
    return out;
}

/// The value called `text`; throws InvalidInput naming `flag`, the value and the valid names.
template <typename E, std::size_t N>
E parseEnum(const EnumName<E> (&table)[N], const std::string& flag, const std::string& text)
{
    std::string all;
    for (const auto& entry : table) {
        if (text == entry.name)
            return entry.value;
        all += (all.empty() ? "" : ", ") + std::string(entry.name);
    }
    throw InvalidInput(flag, "--" + flag + " " + text + ": expected one of " + all);
}

} // namespace posenc
