// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The values a method resolves its parameters to (posenc/pair_table.h ResolvedValues) in words, for the
// parameter panel: shown next to the parameters (YaRN's unset attention factor shows the 1.2079 it resolves to).

#include "posenc/params.h"

#include <QString>

#include <map>
#include <string>

namespace posenc::widgets {

struct ResolvedText {
    QString line; ///< "Resolved: attention factor 1.2079… (logits × 1.459…), ..."; empty when not rotary / invalid
    std::map<std::string, double> byParam; ///< the resolved value of an unset optional parameter, by name
};

/// Builds `methodId` with `params` (the registry's validation; an invalid set gives an empty result).
ResolvedText resolvedText(const std::string& methodId, const ParamSet& params);

} // namespace posenc::widgets
