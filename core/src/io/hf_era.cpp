// SPDX-License-Identifier: GPL-3.0-or-later
// The transformers releases whose config semantics the reader follows (hf_config.h HfEra): names and
// descriptions, in one place for the CLI, the explorer and sessions.
#include "posenc/io/hf_config.h"

#include "posenc/errors.h"

#include <string>
#include <vector>

namespace posenc::io {

const std::vector<HfEra>& allHfEras()
{
    static const std::vector<HfEra> eras{HfEra::Y2024,  HfEra::Y2025a, HfEra::Y2025b,
                                         HfEra::Y2025c, HfEra::V5dev,  HfEra::V5};
    return eras;
}

std::string toString(HfEra era)
{
    return enumName(kHfEraNames, era);
}

std::string describe(HfEra era)
{
    switch (era) {
    case HfEra::Y2024:
        return "2024-07-23 ... 2025-01-08 (e3775539c8)";
    case HfEra::Y2025a:
        return "2025-01-09 ... 2025-03-27 (965a2fb320)";
    case HfEra::Y2025b:
        return "2025-03-28 ... 2025-08-25 (7c38d8fc23)";
    case HfEra::Y2025c:
        return "2025-08-26 ... 2025-10-16 (ae9ef2e151)";
    case HfEra::V5dev:
        return "2025-10-17 ... 2025-12-22 (10de06dace)";
    case HfEra::V5:
        return "2025-12-23 ... (v5)";
    }
    return {};
}

HfEra parseHfEra(std::string_view name)
{
    for (const auto& [e, n] : kHfEraNames)
        if (name == n)
            return e;
    std::string names;
    for (const auto& n : enumNames(kHfEraNames))
        names += (names.empty() ? "" : ", ") + n;
    throw InvalidInput("hf-era", "--hf-era " + std::string(name) + ": unknown; one of " + names);
}

} // namespace posenc::io
