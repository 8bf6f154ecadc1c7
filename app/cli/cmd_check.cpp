// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc check`: a user's inv_freq / cos / sin / angle / rotated table against the reference, with a diagnosis.
// Exit 0 match, 1 mismatch, 2 bad input (usable as a CI step).
#include "commands_list.h"
#include "config_source.h"
#include "grid_cli.h"

#include "posenc/check.h"
#include "posenc/check_report.h"
#include "posenc/errors.h"
#include "posenc/io/writers.h"
#include "posenc/registry.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <optional>
#include <set>

namespace posenc::cli {

namespace {

void writeText(std::ostream& out, const CheckResult& res, const CheckRequest& req)
{
    char buf[160];
    out << (res.match ? "MATCH" : "MISMATCH") << ": " << toString(req.quantity) << " against ";
    if (req.quantity == CheckQuantity::QueryScale && req.queryScale) {
        out << analysis::attentionScaleRules()[static_cast<std::size_t>(req.queryScale->rule)].name;
        const char* sep = " (";
        for (const auto& [k, v] : queryScaleParams(*req.queryScale)) {
            out << sep << (k == "source" ? "from " + v : k + ' ' + v);
            sep = k == "source" ? "" : ", ";
        }
        out << ')';
    } else {
        out << req.method->info.id;
        if (req.params.has("engine") && req.params.choice("engine") != "hf")
            out << " (" << req.params.choice("engine") << ")";
    }
    out << '\n';
    out << "  table:     " << res.alignment << '\n';
    out << "  storage:   " << toString(res.storage) << "; tolerance: " << res.toleranceText << '\n';
    if (std::isfinite(res.maxAbsError)) {
        if (req.quantity == CheckQuantity::QueryScale)
            std::snprintf(buf, sizeof buf, "  max error: %.3g (%.3g x tolerance) at position %lld\n", res.maxAbsError,
                          res.normalized, static_cast<long long>(res.worstPosition));
        else
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
        for (const auto& who : d.producedBy)
            out << "     this is the table of " << who << '\n';
    }
}

/// --original-max-position-embeddings as the query-scale rule's L0 (a method parameter elsewhere, so not one of
/// this command's typed options).
double lengthFlag(const Args& args, const std::string& name)
{
    const std::string text = args.get(name);
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(v) || v <= 0 || v > 1e15)
        throw InvalidInput(name, "--" + name + " " + text + ": expected a length in (0, 1e15]");
    return v;
}

/// `--quantity query-scale`: the table's rule from the config (queryScaleOfConfig) or --rule, the flags
/// overriding its parameters.
/// Reads --input, checks it against `req` and writes the report (--format json|text, -o); exit 0 match, 1 not.
int checkAndWrite(const Args& args, const CheckRequest& req)
{
    const std::string input = args.get("input");
    const CheckResult res = checkInput(readCheckTable(input, memoryBudgetOption(args)), req);
    const std::string format = choiceOption(args, "format");
    writeOutput(args, [&](std::ostream& out) {
        if (format == "json") {
            io::JsonWriter w(out);
            writeCheckReport(w, res, req, input);
        } else
            writeText(out, res, req);
    });
    return res.match ? 0 : 1;
}

int runQueryScale(const Args& args, const Command& self)
{
    static const std::set<std::string> own{"input",      "quantity",    "positions",
                                           "tolerance",  "format",      "rule",
                                           "attn-scale", "floor-scale", "original-max-position-embeddings"};
    for (const auto& [name, value] : args.flags)
        if (!own.count(name) && (name == "method" || !isGlobalOption(self, name)) && name != "config" &&
            name != "preset" && name != "hf-era" && name != "encoding")
            throw InvalidInput(name, "--" + name +
                                         " does not apply to --quantity query-scale: its reference is a rule "
                                         "(--config, or --rule with --attn-scale, --floor-scale, "
                                         "--original-max-position-embeddings)");
    if (!args.has("input"))
        throw InvalidInput("input", "--input FILE[:TENSOR] is required (the table to check)");
    std::optional<QueryScaleReference> ref;
    std::string configName;
    if (const auto config = configFromArgs(args, false)) {
        ref = queryScaleOfConfig(*config, chosenEncoding(*config, args));
        configName = config->modelName;
    }
    if (args.has("rule")) {
        const analysis::ScaleRule rule = parseQueryScaleRule(args.get("rule"));
        if (!ref || ref->rule != rule) {
            ref = QueryScaleReference{};
            ref->rule = rule;
            if (rule != analysis::ScaleRule::Llama4Nope && !args.has("original-max-position-embeddings"))
                throw InvalidInput("original-max-position-embeddings",
                                   "--rule " + args.get("rule") +
                                       " needs --original-max-position-embeddings L0 (its length; no default)");
        }
    }
    if (!ref)
        throw InvalidInput("rule", configName.empty()
                                       ? "--quantity query-scale needs its rule: --config (Ministral 3 / Mistral 4, "
                                         "Llama 4) or --rule llama4-scaling-beta|llama4-nope|qwen-log-n"
                                       : "--quantity query-scale: " + configName +
                                             " has no query temperature (no llama_4_scaling_beta, no Llama 4 NoPE "
                                             "layers); give --rule to check against one");
    if (args.has("attn-scale"))
        ref->params.attnScale = realOption(args, "attn-scale");
    if (args.has("floor-scale"))
        ref->params.floorScale = realOption(args, "floor-scale");
    if (args.has("original-max-position-embeddings"))
        ref->params.originalLength = lengthFlag(args, "original-max-position-embeddings");
    analysis::validateScaleParams(ref->rule, ref->params);

    CheckRequest req;
    req.quantity = CheckQuantity::QueryScale;
    req.queryScale = ref;
    if (args.has("positions"))
        parseCheckPositions(args.get("positions"), req);
    if (args.has("tolerance"))
        req.tolerance = realOption(args, "tolerance");
    return checkAndWrite(args, req);
}

int run(const Args& args, const Command& self)
{
    if (args.get("quantity") == "query-scale")
        return runQueryScale(args, self);
    if (const auto grid = diffusersConfigArg(args)) // an image/video config or --tower vision (grid_check.h)
        return runGridCheck(args, *grid);
    if (args.has("order"))
        throw InvalidInput("order", "--order applies to --config (an image/video or vision-tower config): the order "
                                    "of the table's tokens; a 1-D table's rows are its --positions");
    if (!args.has("input"))
        throw InvalidInput("input", "--input FILE[:TENSOR] is required (the table to check)");
    if (!args.has("quantity"))
        throw InvalidInput("quantity", "--quantity is required: inv_freq, cos, sin, angle, rotated or query-scale");
    for (const char* name : {"rule", "attn-scale", "floor-scale"})
        if (args.has(name))
            throw InvalidInput(name, std::string("--") + name +
                                         " applies to --quantity query-scale (the rule of a per-position query scale)");
    // The method comes from --method / --config only: --input is the table under test, not a learned table.
    Args methodArgs = args;
    methodArgs.flags.erase("input");
    MethodChoice choice = resolveMethodNamed(primaryMethodId(methodArgs), methodArgs, self, false);
    // --layout is the table's column layout here; an M-RoPE method's token layout is its --token-layout (a method
    // parameter), also accepted as --position-layout (this command's first name for it)
    if (args.has("position-layout")) {
        const ParamSpec* spec = choice.def->findParam("token-layout");
        if (!spec || spec->type != ParamType::Text)
            throw InvalidInput("position-layout", "--position-layout applies to M-RoPE methods (mrope, "
                                                  "mrope-interleaved); method " +
                                                      choice.def->info.id + " has no token layout");
        choice.params = Registry::resolve(*choice.def, choice.params, {{"token-layout", args.get("position-layout")}});
    }

    CheckRequest req;
    req.method = choice.def;
    req.params = choice.params;
    req.quantity = parseCheckQuantity(choiceOption(args, "quantity"));
    if (args.has("positions"))
        parseCheckPositions(args.get("positions"), req);
    if (args.has("layout"))
        req.layout = parseCheckLayout(choiceOption(args, "layout"));
    if (args.has("tolerance"))
        req.tolerance = realOption(args, "tolerance");
    req.probe = listOption(args, "probe");

    return checkAndWrite(args, req);
}

} // namespace

Command checkCommand()
{
    Command c{{"check"},
              "posenc check (--config FILE | --method M [--PARAM VALUE ...]) --input FILE[:TENSOR] --quantity "
              "inv_freq|cos|sin|angle|rotated [--positions START:COUNT|P,P,...] [--layout pairs|half|duplicated|"
              "interleaved|cos-sin] [--format text|json] [-o FILE]\n"
              "       posenc check (--config FILE | --rule llama4-scaling-beta|llama4-nope|qwen-log-n [--attn-scale B] "
              "[--floor-scale F] [--original-max-position-embeddings L0]) --input FILE --quantity query-scale "
              "[--positions START:COUNT|P,P,...]\n"
              "       posenc check --config transformer/config.json [--tower vision] --position-layout L --input FILE "
              "--quantity cos|sin [--riflex-frames N [--riflex-k K]] [--order model|window|blocks|raster]",
              "Checks an implementation's table (inv_freq, cos/sin cache, angles, rotated vector) against the "
              "reference and names what is wrong; --quantity query-scale checks a per-position query multiplier "
              "(Ministral 3's llama_4_scaling_beta, Llama 4's NoPE temperature) against its attention-scale rule. "
              "Exit 0 match, 1 mismatch, 2 bad input.",
              {Option("input", "the table to check: .npy, .safetensors[:TENSOR] or CSV (rows = positions)"),
               choiceOpt("quantity", "what the table holds", "", enumNames(kCheckQuantityNames)),
               Option("positions", "START:COUNT: the positions of the table's rows (default 0:rows), or each "
                                   "row's position listed: P,P,... (increasing)"),
               choiceOpt("layout", "how columns map to pairs (default: from the shape and --pairing)", "",
                         {"pairs", "half", "duplicated", "interleaved", "cos-sin"}),
               Option("position-layout", "M-RoPE methods: the tokens as text:N,image:HxW,video:TxHxW[@FPS] (the "
                                         "same as the method's --token-layout)"),
               realOpt("tolerance", "absolute tolerance instead of the dtype-aware one", std::nullopt, 0.0, 1e6),
               listOpt("probe", "rotated: the vector x of R_m x (default [1,...,1,-1,...,-1])", -1e30, 1e30),
               Option("rule", "query-scale: the rule (llama4-scaling-beta, llama4-nope, qwen-log-n; default: the "
                              "config's query temperature); its L0 is --original-max-position-embeddings"),
               realOpt("attn-scale", "query-scale: beta of llama4-scaling-beta, attn_scale of llama4-nope",
                       std::nullopt, -1e6, 1e6),
               realOpt("floor-scale", "query-scale: floor_scale of llama4-nope", std::nullopt, 0.0, 1e15),
               choiceOpt("format", "output format", "text", {"text", "json"}), towerOption(), orderOption()},
              true,
              {}};
    for (auto& o : riflexOptions()) // image/video configs: the reference with RIFLEx
        if (o.spec.name != "riflex-repetition")
            c.options.push_back(o);
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
