// SPDX-License-Identifier: GPL-3.0-or-later
// Options shared by the structure analyses' declarations (similarity, spectrum, pca).
#include "analysis_spec_structure_p.h"

#include "posenc/errors.h"
#include "posenc/param_builders.h"

#include <algorithm>

namespace posenc::analysis {

ParamSpec windowLengthOption(double min, double max, std::string help)
{
    return optional(intParam("length", 0, min, max, {}, std::move(help)));
}

ParamSpec startOption()
{
    return intParam("start", 0, 0, static_cast<double>(std::int64_t(1) << 50), {}, "first position");
}

ParamSpec matrixViewOption(std::string help)
{
    std::vector<std::string> views = {"auto"};
    for (const auto& name : enumNames(kViewNames))
        views.push_back(name);
    return choiceParam("view", "auto", std::move(views), std::move(help));
}

std::int64_t windowLength(const AnalysisSpec& spec, const Encoding& encoding, const ParamSet& checked,
                          const std::string& what)
{
    if (checked.has("length"))
        return static_cast<std::int64_t>(checked.integer("length"));
    if (encoding.maxPositions() < 0)
        throw InvalidInput("length", "--length N is required (" + what + ")");
    const ParamSpec& s = spec.option("length");
    return std::clamp<std::int64_t>(encoding.maxPositions(), static_cast<std::int64_t>(s.min),
                                    static_cast<std::int64_t>(s.max));
}

View matrixView(const Encoding& encoding, const ParamSet& checked)
{
    const std::string& name = checked.choice("view");
    if (name != "auto")
        return parseView(name);
    return encoding.views().empty() ? View::Pe : encoding.views().front();
}

} // namespace posenc::analysis
