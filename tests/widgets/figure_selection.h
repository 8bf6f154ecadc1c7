// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the figure tests: a method of the registry with its parameters given as CLI text.

#include "figures/FigureTypes.h"
#include "posenc/registry.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace posenc::widgets::test {

/// `id` with the registry's defaults, then `text` (name -> value as typed), resolved as the CLI does.
inline MethodSelection method(const std::string& id, const std::map<std::string, std::string>& text = {})
{
    const MethodDef& def = Registry::instance().find(id);
    return {def.info.id, Registry::resolve(def, text)};
}

/// A figure request of `kind` for `methods` over `length` positions, every other field at its default.
inline FigureRequest request(FigureKind kind, std::vector<MethodSelection> methods, std::int64_t length = 4096)
{
    FigureRequest r;
    r.kind = kind;
    r.methods = std::move(methods);
    r.length = length;
    return r;
}

} // namespace posenc::widgets::test
