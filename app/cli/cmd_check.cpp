// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc check`: a user's inv_freq / cos / sin / angle / rotated table against the reference, with a diagnosis.
// Exit 0 match, 1 mismatch, 2 bad input (usable as a CI step).
#include "commands_list.h"

#include "posenc/check.h"
#include "posenc/errors.h"
#include "posenc/io/table_cache.h"
#include "posenc/io/tables.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace posenc::cli {

namespace {

/// START:COUNT (COUNT optional: START: or START alone).
void parsePositions(const std::string& text, CheckRequest& r)
{
    const auto bad = [&](const std::string& why) {
        throw InvalidInput("positions", "--positions " + text + ": " + why + " (START:COUNT, e.g. 0:4096)");
    };
    const std::size_t colon = text.find(':');
    const auto parse = [&](const std::string& s, const char* what) -> std::int64_t {
        if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
            bad(std::string(what) + " is not a non-negative integer");
        if (s.size() > 15)
            bad(std::string(what) + " is too large");
        return std::stoll(s);
    };
    r.firstPosition = parse(text.substr(0, colon), "START");
    if (colon != std::string::npos && colon + 1 < text.size()) {
        r.count = parse(text.substr(colon + 1), "COUNT");
        if (*r.count == 0)
            bad("COUNT must be at least 1");
    }
}

std::vector<double> downsampleMax(const std::vector<double>& v, std::size_t bins)
{
    if (v.size() <= bins)
        return v;
    std::vector<double> out(bins, 0.0);
    for (std::size_t i = 0; i < v.size(); ++i) {
        const std::size_t b = i * bins / v.size();
        out[b] = std::max(out[b], v[i]);
    }
    return out;
}

nlohmann::json toJson(const CheckResult& res, const CheckRequest& req, const std::string& input)
{
    nlohmann::json j;
    j["match"] = res.match;
    j["method"] = req.method->info.id;
    nlohmann::json params = nlohmann::json::object();
    for (const auto& [k, v] : req.params.values())
        params[k] = formatValue(v);
    j["params"] = params;
    j["input"] = input;
    j["quantity"] = toString(req.quantity);
    j["alignment"] = res.alignment;
    j["layout"] = toString(res.layout);
    j["storage"] = toString(res.storage);
    j["tolerance"] = res.toleranceText;
    const auto finite = [](double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); };
    j["max_abs_error"] = finite(res.maxAbsError);
    j["normalized_error"] = finite(res.normalized);
    j["worst"] = {{"position", res.worstPosition}, {"column", res.worstColumn}, {"pair", res.worstPair}};
    j["error_per_pair"] = res.errorPerPair;
    const auto perPos = downsampleMax(res.errorPerPosition, 1024);
    j["error_per_position"] = {{"first_position", req.firstPosition},
                               {"positions", res.errorPerPosition.size()},
                               {"bins", perPos.size()},
                               {"max_abs_error", perPos}};
    nlohmann::json diag = nlohmann::json::array();
    for (const auto& d : res.diagnosis)
        diag.push_back({{"kind", d.kind}, {"evidence", d.evidence}, {"confidence", d.confidence}});
    j["diagnosis"] = diag;
    nlohmann::json tested = nlohmann::json::array();
    for (const auto& t : res.tested)
        tested.push_back({{"kind", t.kind},
                          {"variant", t.variant},
                          {"max_abs_error", finite(t.maxAbsError)},
                          {"normalized_error", finite(t.normalized)}});
    j["tested"] = tested;
    return j;
}

void writeText(std::ostream& out, const CheckResult& res, const CheckRequest& req)
{
    char buf[160];
    out << (res.match ? "MATCH" : "MISMATCH") << ": " << toString(req.quantity) << " against " << req.method->info.id
        << '\n';
    out << "  table:     " << res.alignment << '\n';
    out << "  storage:   " << toString(res.storage) << "; tolerance: " << res.toleranceText << '\n';
    if (std::isfinite(res.maxAbsError)) {
        std::snprintf(buf, sizeof buf, "  max error: %.3g (%.3g x tolerance) at position %lld, column %zu\n",
                      res.maxAbsError, res.normalized, static_cast<long long>(res.worstPosition), res.worstColumn);
        out << buf;
    }
    if (!res.diagnosis.empty())
        out << "diagnosis:\n";
    for (std::size_t k = 0; k < res.diagnosis.size(); ++k) {
        const auto& d = res.diagnosis[k];
        std::snprintf(buf, sizeof buf, "  %zu. %s (confidence %.2f): ", k + 1, d.kind.c_str(), d.confidence);
        out << buf << d.evidence << '\n';
    }
}

int run(const Args& args, const Command& self)
{
    if (!args.has("input"))
        throw InvalidInput("input", "--input FILE[:TENSOR] is required (the table to check)");
    if (!args.has("quantity"))
        throw InvalidInput("quantity", "--quantity is required: inv_freq, cos, sin, angle or rotated");
    // The method comes from --method / --config only: --input is the table under test, not a learned table.
    Args methodArgs = args;
    methodArgs.flags.erase("input");
    const MethodChoice choice = resolveMethodNamed(primaryMethodId(methodArgs), methodArgs, self, false);

    CheckRequest req;
    req.method = choice.def;
    req.params = choice.params;
    req.quantity = parseCheckQuantity(choiceOption(args, "quantity"));
    if (args.has("positions"))
        parsePositions(args.get("positions"), req);
    if (args.has("layout"))
        req.layout = parseCheckLayout(choiceOption(args, "layout"));
    if (args.has("tolerance"))
        req.tolerance = realOption(args, "tolerance");
    req.probe = listOption(args, "probe");

    const std::string input = args.get("input");
    io::TableReadOptions ro;
    ro.memoryBudget = memoryBudgetOption(args);
    const Matrix table = io::readTableFile(io::parseTableSource(input), ro);
    const CheckResult res = checkTable(table, req);
    const std::string format = choiceOption(args, "format");
    writeOutput(args, [&](std::ostream& out) {
        if (format == "json")
            out << toJson(res, req, input).dump(2) << '\n';
        else
            writeText(out, res, req);
    });
    return res.match ? 0 : 1;
}

} // namespace

Command checkCommand()
{
    Command c{{"check"},
              "posenc check (--config FILE | --method M [--PARAM VALUE ...]) --input FILE[:TENSOR] --quantity "
              "inv_freq|cos|sin|angle|rotated [--positions START:COUNT] [--layout pairs|half|duplicated|"
              "interleaved|cos-sin] [--format text|json] [-o FILE]",
              "Checks an implementation's table (inv_freq, cos/sin cache, angles, rotated vector) against the "
              "reference and names what is wrong. Exit 0 match, 1 mismatch, 2 bad input.",
              {Option("input", "the table to check: .npy, .safetensors[:TENSOR] or CSV (rows = positions)"),
               choiceOpt("quantity", "what the table holds", "", {"inv_freq", "cos", "sin", "angle", "rotated"}),
               Option("positions", "START:COUNT: the positions of the table's rows (default 0:rows)"),
               choiceOpt("layout", "how columns map to pairs (default: from the shape and --pairing)", "",
                         {"pairs", "half", "duplicated", "interleaved", "cos-sin"}),
               realOpt("tolerance", "absolute tolerance instead of the dtype-aware one", std::nullopt, 0.0, 1e6),
               listOpt("probe", "rotated: the vector x of R_m x (default [1,...,1,-1,...,-1])", -1e30, 1e30),
               choiceOpt("format", "output format", "text", {"text", "json"})},
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
