// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute precision`: error of cos/sin(m theta) with positions, theta or the product held in float32,
// bfloat16 or float16, against the position; the first colliding position per pair.
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/precision.h"
#include "posenc/param_state.h"
#include "posenc/errors.h"

#include <nlohmann/json.hpp>

#include <sstream>

namespace posenc::cli {

namespace {

std::vector<FloatFormat> parseFormats(const std::string& text)
{
    std::vector<FloatFormat> out;
    std::stringstream ss(text);
    std::string item;
    while (std::getline(ss, item, ',')) {
        bool found = false;
        for (FloatFormat f : {FloatFormat::F32, FloatFormat::BF16, FloatFormat::F16, FloatFormat::F64})
            if (item == toString(f) || (item == "f32" && f == FloatFormat::F32) ||
                (item == "bf16" && f == FloatFormat::BF16) || (item == "f16" && f == FloatFormat::F16)) {
                out.push_back(f);
                found = true;
            }
        if (!found)
            throw InvalidInput("formats", "--formats: '" + item +
                                              "' is not one of float32 (f32), bfloat16 (bf16), float16 (f16), float64");
    }
    return out;
}

int run(const Args& args, const Command& self)
{
    const std::string format = tableFormat(args);
    const auto choice = resolveMethod(args, self);
    const RotaryFrequencies* f = choice.encoding->rotary();
    if (!f)
        throw InvalidInput("method", "compute precision needs a rotary method; " + choice.def->info.id + " is " +
                                         toString(choice.def->info.kind));
    analysis::PrecisionRequest req;
    req.maxPosition = intOption(args, "max-position");
    req.samples = static_cast<int>(intOption(args, "samples"));
    req.stage = analysis::parsePrecisionStage(choiceOption(args, "stage"));
    if (args.has("formats"))
        req.formats = parseFormats(args.get("formats"));
    const auto res = analysis::analyzePrecision(*f, req);
    writeOutput(args, [&](std::ostream& out) {
        if (format == "csv") {
            out << "position";
            for (const auto& c : res.curves)
                out << ",max_error_" << toString(c.format);
            out << '\n';
            for (std::size_t k = 0; k < res.positions.size(); ++k) {
                out << io::JsonWriter::number(res.positions[k]);
                for (const auto& c : res.curves)
                    out << ',' << io::JsonWriter::number(c.maxError[k]);
                out << '\n';
            }
            return;
        }
        nlohmann::json j;
        j["method"] = choice.def->info.id;
        j["stage"] = toString(res.stage);
        j["max_position"] = req.maxPosition;
        j["positions"] = res.positions;
        nlohmann::json curves = nlohmann::json::array();
        for (const auto& c : res.curves)
            curves.push_back({{"format", toString(c.format)},
                              {"max_error", c.maxError},
                              {"pair_error", c.pairError},
                              {"collision_per_pair", c.collision},
                              {"first_collision", c.firstCollision}});
        j["curves"] = curves;
        out << j.dump(1) << '\n';
    });
    return 0;
}

} // namespace

Command precisionCommand()
{
    Command c{{"compute", "precision"},
              "posenc compute precision --method M [--PARAM VALUE ...] [--stage positions|theta|product|all] "
              "[--formats float32,bfloat16,float16] [--max-position N] [--format json|csv] [-o FILE]",
              "Error of cos/sin(m theta) when positions, theta or the product are held in float32, bfloat16 or "
              "float16, against the position, and the first position per pair whose neighbour is "
              "indistinguishable.",
              {choiceOpt("stage", "what is rounded", "positions", enumNames(analysis::kPrecisionStageNames)),
               Option("formats", "comma-separated formats (default float32,bfloat16,float16)"),
               intOpt("max-position", "last position analysed", 131072, 1, static_cast<double>(kMaxLength)),
               intOpt("samples", "positions on the log grid", 256, 2, 100000), tableFormatOption()},
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
