// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/matrix_request.h"

#include "posenc/analysis/options.h"
#include "posenc/errors.h"
#include "posenc/io/writers.h"
#include "posenc/param_builders.h"
#include "posenc/param_state.h"

#include <algorithm>
#include <limits>
#include <utility>

namespace posenc {

const std::vector<ParamSpec>& matrixRequestOptions()
{
    static const std::vector<ParamSpec> specs = [] { // immutable after first use
        ParamSpec view;
        view.name = "view";
        view.type = ParamType::Text;
        view.optional = true;
        view.help = "pe, cos, sin, angle, rotated or bias (which apply depends on the method)";
        ParamSpec budget = view;
        budget.name = "memory-budget";
        budget.help = "memory for the matrix, e.g. 512MiB (default 2GiB); checked before anything is allocated";
        return std::vector<ParamSpec>{
            view,
            optional(intParam("length", 0, 1, static_cast<double>(kMaxLength), {}, "number of positions (rows)")),
            intParam("start", 0, 0, static_cast<double>(std::int64_t(1) << 50), {}, "first position"),
            headOption("attention head for the bias view"),
            optional(listParam("probe", -1e300, 1e300,
                               "probe vector for the rotated view (head_dim numbers; default 1..1,-1..-1)")),
            budget};
    }();
    return specs;
}

std::size_t parseMemoryBudget(const std::string& text)
{
    std::string number = text;
    double mult = 1;
    for (const auto& [suffix, m] : {std::pair<const char*, double>{"KiB", 1024.0},
                                    {"MiB", 1048576.0},
                                    {"GiB", 1073741824.0},
                                    {"TiB", 1099511627776.0}}) {
        const std::string s = suffix;
        if (number.size() > s.size() && number.compare(number.size() - s.size(), s.size(), s) == 0) {
            mult = m;
            number.resize(number.size() - s.size());
            break;
        }
    }
    const ParamSpec spec =
        optional(realParam("memory-budget", 0, 0, std::numeric_limits<double>::max(), {}, std::string()));
    const ParamValue parsed = parseValue(spec, number);
    checkValue(spec, parsed);
    const double value = std::get<double>(parsed);
    // The range applies to the scaled number of bytes (1e18TiB must not wrap around to 0 B).
    constexpr double kMaxBytes = 1e18;
    const double bytes = value * mult;
    if (!(bytes >= 1 && bytes <= kMaxBytes))
        throw InvalidInput("memory-budget", "--memory-budget " + text + " is " + io::JsonWriter::number(bytes) +
                                                " bytes; it must be in [1 B, 1e18 B] (e.g. 512MiB, 4GiB)");
    return static_cast<std::size_t>(bytes);
}

MatrixRequest matrixRequestFrom(const Encoding& encoding, const ParamSet& given, const std::string& methodId)
{
    const auto& specs = matrixRequestOptions();
    for (const auto& [name, value] : given.values()) {
        const std::string& key = name; // clang 14 cannot capture a structured binding
        const auto s = std::find_if(specs.begin(), specs.end(), [&](const ParamSpec& p) { return p.name == key; });
        if (s == specs.end())
            throw InvalidInput(name, "matrix has no option '" + name + "'");
        if (!std::holds_alternative<std::monostate>(value))
            checkValue(*s, value);
    }
    if (!given.has("view"))
        throw InvalidInput(
            "view", "--view is required; " + methodId + " supports " + [&] {
                std::string s;
                for (View v : encoding.views())
                    s += (s.empty() ? "" : ", ") + toString(v);
                return s.empty() ? std::string("no matrix view") : s;
            }());
    MatrixRequest req;
    req.view = parseView(std::get<std::string>(given.get("view")));
    if (given.has("length"))
        req.length = static_cast<std::int64_t>(given.integer("length"));
    else if (encoding.maxPositions() < 0)
        throw InvalidInput("length", "--length N is required (number of positions)");
    else
        req.length = std::clamp<std::int64_t>(encoding.maxPositions(), 1, kMaxLength);
    req.firstPosition = given.has("start") ? static_cast<std::int64_t>(given.integer("start")) : 0;
    req.options.head = given.has("head") ? static_cast<int>(given.integer("head")) : 0;
    if (given.has("probe"))
        req.options.probe = given.list("probe");
    if (given.has("memory-budget"))
        req.memoryBudget = parseMemoryBudget(std::get<std::string>(given.get("memory-budget")));
    return req;
}

} // namespace posenc
