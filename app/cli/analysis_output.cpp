// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis_output.h"

#include "spec_options.h"

#include "posenc/errors.h"
#include "posenc/params.h"

#include <cmath>

namespace posenc::cli {

void writeColumnsCsv(std::ostream& out, const std::vector<NamedColumn>& columns)
{
    std::size_t rows = 0;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        out << (c ? "," : "") << columns[c].first;
        rows = std::max(rows, columns[c].second->size());
    }
    out << '\n';
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const auto& v = *columns[c].second;
            out << (c ? "," : "") << (r < v.size() && std::isfinite(v[r]) ? io::JsonWriter::number(v[r]) : "");
        }
        out << '\n';
    }
}

void writeColumnsJson(io::JsonWriter& w, const std::vector<NamedColumn>& columns)
{
    for (const auto& [name, values] : columns)
        w.key(name).array(*values);
}

ParamSpec tableFormatOption()
{
    return choiceOpt("format", "output format", "json", {"json", "csv"});
}

std::string tableFormat(const Args& args)
{
    return choiceOption(args, "format");
}

std::vector<std::int64_t> intListOption(const Args& args, const std::string& name)
{
    std::vector<std::int64_t> out;
    for (double x : listOption(args, name)) {
        if (x != std::floor(x))
            throw InvalidInput(name, "--" + name + " contains " + formatNumber(x) + "; entries must be integers");
        out.push_back(static_cast<std::int64_t>(x));
    }
    if (args.has(name) && out.empty())
        throw InvalidInput(name, "--" + name + " is empty");
    return out;
}

void beginAnalysisJson(io::JsonWriter& w, const MethodChoice& choice, const std::string& analysis)
{
    w.beginObject();
    w.field("analysis", analysis);
    w.field("method", choice.def->info.id);
    w.field("kind", toString(choice.def->info.kind));
    writeParams(w, *choice.def, choice.params);
}

std::vector<Option> analysisCommandOptions(const analysis::AnalysisSpec& spec)
{
    std::vector<Option> out(spec.options.begin(), spec.options.end());
    out.emplace_back(tableFormatOption());
    return out;
}

ParamSet checkedAnalysisFlags(const Args& args, const analysis::AnalysisSpec& spec)
{
    return analysis::checkAnalysisOptions(spec, parseSpecOptions(args, spec.options));
}

void writeAnalysisOutput(const Args& args, const MethodChoice& choice, const analysis::AnalysisSpec& spec,
                         const analysis::AnalysisOutput& out, const std::vector<NamedColumn>& extraCsv,
                         const std::function<void(io::JsonWriter&)>& extraJson)
{
    const std::string format = tableFormat(args);
    std::vector<NamedColumn> cols;
    for (const auto& [name, values] : out.columns)
        cols.emplace_back(name, &values);
    writeOutput(args, [&](std::ostream& os) {
        if (format == "csv") {
            auto all = cols;
            all.insert(all.end(), extraCsv.begin(), extraCsv.end());
            writeColumnsCsv(os, all);
            return;
        }
        io::JsonWriter w(os);
        beginAnalysisJson(w, choice, spec.id);
        for (const auto& [key, text] : out.labels)
            w.field(key, text);
        for (const auto& [key, value] : out.scalars)
            w.field(key, value);
        writeColumnsJson(w, cols);
        if (extraJson)
            extraJson(w);
        w.endObject();
    });
}

} // namespace posenc::cli
