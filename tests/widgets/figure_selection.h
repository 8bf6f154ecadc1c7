// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the figure tests: a method of the registry with its parameters given as CLI text.

#include "figures/FigureTypes.h"
#include "posenc/registry.h"

#include <map>
#include <string>

namespace posenc::widgets::test {

/// `id` with the registry's defaults, then `text` (name -> value as typed), resolved as the CLI does.
inline MethodSelection method(const std::string& id, const std::map<std::string, std::string>& text = {})
{
    const MethodDef& def = Registry::instance().find(id);
    return {def.info.id, Registry::resolve(def, text)};
}

} // namespace posenc::widgets::test
