// SPDX-License-Identifier: GPL-3.0-or-later
// `precision` declared once (analysis_spec.h): options, result fields, the run.
#include "analysis_specs_p.h"

#include "posenc/analysis/precision.h"
#include "posenc/errors.h"
#include "posenc/param_builders.h"
#include "posenc/param_state.h"

#include <sstream>

namespace posenc::analysis {

namespace {

/// --formats: comma-separated float32 (f32), bfloat16 (bf16), float16 (f16), float64.
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

std::vector<double> doubles(const std::vector<std::int64_t>& v)
{
    return {v.begin(), v.end()};
}

AnalysisOutput run(const Encoding* encoding, const ParamSet& p, const RunContext&)
{
    const RotaryFrequencies* f = encoding->rotary();
    if (!f)
        throw InvalidInput("method",
                           "compute precision needs a rotary method; this encoding is " + toString(encoding->kind()));
    PrecisionRequest req;
    req.maxPosition = p.integer("max-position");
    req.samples = static_cast<int>(p.integer("samples"));
    req.stage = parsePrecisionStage(p.choice("stage"));
    if (p.has("formats"))
        req.formats = parseFormats(std::get<std::string>(p.get("formats")));
    PrecisionResult res = analyzePrecision(*f, req);
    AnalysisOutput out;
    out.labels = {{"stage", toString(res.stage)}};
    out.scalars = {{"max_position", static_cast<double>(req.maxPosition)}};
    out.columns = {{"positions", std::move(res.positions)}};
    out.recordsKey = "curves";
    for (auto& c : res.curves) {
        AnalysisOutput curve;
        curve.labels = {{"format", toString(c.format)}};
        curve.columns = {{"max_error", std::move(c.maxError)},
                         {"pair_error", std::move(c.pairError)},
                         {"collision_per_pair", doubles(c.collision)}};
        curve.scalars = {{"first_collision", static_cast<double>(c.firstCollision)}};
        out.records.push_back(std::move(curve));
    }
    return out;
}

} // namespace

AnalysisSpec precisionSpec()
{
    const PrecisionRequest defaults;
    ParamSpec formats;
    formats.name = "formats";
    formats.type = ParamType::Text;
    formats.optional = true;
    formats.help = "comma-separated formats (default float32,bfloat16,float16)";
    AnalysisSpec s;
    s.id = "precision";
    s.summary = "Error of cos/sin(m theta) when positions, theta or the product are held in float32, bfloat16 or "
                "float16, against the position, and the first position per pair whose neighbour is "
                "indistinguishable.";
    s.options = {
        choiceParam("stage", toString(defaults.stage), enumNames(kPrecisionStageNames),
                    "what is held in low precision: the positions m (bf16 collide above 256), the frequencies "
                    "θ_i, the product m θ_i, or all three"),
        formats,
        intParam("max-position", static_cast<double>(defaults.maxPosition), 1, static_cast<double>(kMaxLength), {},
                 "last position analysed"),
        intParam("samples", defaults.samples, 2, 100000, {}, "positions on the log grid"),
    };
    s.columns = {
        {"stage", "the stage rounded (positions, theta, product or all)", true, ResultShape::Text},
        {"max_position", "the last position analysed", true, ResultShape::Number},
        {"positions", "the sampled positions m (a log grid from 1 to max_position, plus the collisions)"},
        {"curves",
         "one record per format: format, max_error (per position: max over pairs of |e^(i phi') - e^(i phi)|), "
         "pair_error (per pair: max over positions), collision_per_pair (first m with fl(m) = fl(m + 1), -1 none), "
         "first_collision (min over pairs, -1 none)",
         true, ResultShape::Records},
    };
    s.run = &run;
    return s;
}

} // namespace posenc::analysis
