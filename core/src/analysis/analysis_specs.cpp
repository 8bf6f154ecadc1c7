// SPDX-License-Identifier: GPL-3.0-or-later
// The table of declared analyses and the one validation of a request (analysis_spec.h).
#include "analysis_specs_p.h"
#include "analysis_spec_structure_p.h"

#include "posenc/errors.h"

#include <algorithm>
#include <cmath>

namespace posenc::analysis {

std::vector<std::int64_t> integerList(const ParamSet& p, const std::string& name)
{
    std::vector<std::int64_t> out;
    if (!p.has(name))
        return out;
    for (double x : p.list(name)) {
        if (x != std::floor(x))
            throw InvalidInput(name, "--" + name + " contains " + formatNumber(x) + "; entries must be integers");
        out.push_back(static_cast<std::int64_t>(x));
    }
    if (out.empty())
        throw InvalidInput(name, "--" + name + " is empty");
    return out;
}

const std::vector<double>* AnalysisOutput::column(std::string_view name) const
{
    for (const auto& [n, values] : columns)
        if (n == name)
            return &values;
    return nullptr;
}

double AnalysisOutput::scalar(std::string_view name) const
{
    for (const auto& [n, value] : scalars)
        if (n == name)
            return value;
    throw InvalidInput(std::string(name), "the result has no number '" + std::string(name) + "'");
}

const Matrix* AnalysisOutput::matrix(std::string_view name) const
{
    for (const auto& [n, m] : matrices)
        if (n == name)
            return &m;
    return nullptr;
}

const ParamSpec& AnalysisSpec::option(std::string_view name) const
{
    for (const auto& o : options)
        if (o.name == name)
            return o;
    throw InvalidInput(std::string(name), id + " has no option '" + std::string(name) + "'");
}

const std::vector<AnalysisSpec>& analysisSpecs()
{
    static const std::vector<AnalysisSpec> table = {
        decaySpec(),          entropySpec(),              // decay.h, entropy.h
        similaritySpec(),     spectrumSpec(),  pcaSpec(), // structure.h
        boundsSpec(),         precisionSpec(),            // bounds.h, precision.h
        attentionScaleSpec(), baseBoundSpec(),            // attention_scale.h, base_bound.h (no encoding)
        dualChunkSpec(),      positionsSpec(),            // dual_chunk.h, mrope.h (no encoding)
        dypeSpec(),                                       // grid_dype.h (no encoding)
    };                                                    // immutable after first use
    return table;
}

const AnalysisSpec& analysisSpec(std::string_view id)
{
    for (const auto& s : analysisSpecs())
        if (s.id == id)
            return s;
    std::string known;
    for (const auto& s : analysisSpecs())
        known += (known.empty() ? "" : ", ") + s.id;
    throw InvalidInput("analysis", "unknown analysis '" + std::string(id) + "' (declared: " + known + ")");
}

ParamSet checkAnalysisOptions(const AnalysisSpec& spec, const ParamSet& given)
{
    for (const auto& [name, value] : given.values()) {
        const ParamSpec& s = spec.option(name);
        if (!std::holds_alternative<std::monostate>(value))
            checkValue(s, value);
    }
    if (spec.checkGiven)
        spec.checkGiven(given);
    ParamSet out;
    for (const auto& s : spec.options)
        out.set(s.name, given.has(s.name) ? given.get(s.name) : s.defaultValue);
    return out;
}

ParamSet withConfigValues(const AnalysisSpec& spec, ParamSet given, const ParamSet& config)
{
    for (const auto& [key, value] : config.values()) {
        const std::string& name = key; // clang 14 cannot capture a structured binding
        if (!given.has(name) &&
            std::any_of(spec.options.begin(), spec.options.end(), [&](const ParamSpec& s) { return s.name == name; }))
            given.set(name, value);
    }
    return given;
}

AnalysisOutput runAnalysis(const AnalysisSpec& spec, const Encoding* encoding, const ParamSet& given,
                           const RunContext& context)
{
    if (spec.usesEncoding != (encoding != nullptr))
        throw InvalidInput("method", spec.usesEncoding ? spec.id + " needs a method (an Encoding)"
                                                       : spec.id + " is a formula of its options; it takes no method");
    return spec.run(encoding, checkAnalysisOptions(spec, given), context);
}

} // namespace posenc::analysis
