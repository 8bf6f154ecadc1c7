// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis_output.h"

#include "spec_options.h"

#include "posenc/errors.h"
#include "posenc/params.h"

#include <cmath>

namespace posenc::cli {

void writeCsvColumns(std::ostream& out, const std::vector<CsvColumn>& columns)
{
    const auto size = [](const CsvColumn& c) { return c.numbers ? c.numbers->size() : c.texts ? c.texts->size() : 0; };
    const auto number = [](double x) {
        if (!std::isfinite(x))
            return std::string();
        if (x == std::trunc(x) && std::fabs(x) < 9007199254740992.0) // 2^53: every integer exact
            return std::to_string(static_cast<long long>(x));
        return io::JsonWriter::number(x);
    };
    std::size_t rows = 0;
    for (std::size_t c = 0; c < columns.size(); ++c) {
        out << (c ? "," : "") << columns[c].name;
        rows = std::max(rows, size(columns[c]));
    }
    out << '\n';
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t c = 0; c < columns.size(); ++c) {
            const CsvColumn& col = columns[c];
            out << (c ? "," : "");
            if (r < size(col))
                out << (col.numbers ? number((*col.numbers)[r]) : (*col.texts)[r]);
        }
        out << '\n';
    }
}

void writeColumnsCsv(std::ostream& out, const std::vector<NamedColumn>& columns)
{
    std::vector<CsvColumn> cols;
    for (const auto& [name, values] : columns)
        cols.push_back({name, values, nullptr});
    writeCsvColumns(out, cols);
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
    for (auto& o : out) // free text (precision's --formats): an empty value is refused naming what it takes
        o.freeText = o.spec.type == ParamType::Text;
    out.emplace_back(tableFormatOption());
    return out;
}

ParamSet checkedAnalysisFlags(const Args& args, const analysis::AnalysisSpec& spec)
{
    return analysis::checkAnalysisOptions(spec, parseSpecOptions(args, spec.options));
}

void writeAnalysisFields(io::JsonWriter& w, const analysis::AnalysisOutput& out)
{
    for (const auto& [key, text] : out.labels)
        w.field(key, text);
    for (const auto& [key, value] : out.scalars)
        w.field(key, value); // not finite: null
    for (const auto& [key, yes] : out.flags)
        w.field(key, yes);
    for (const auto& [key, values] : out.columns)
        w.key(key).array(values);
    for (const auto& [key, texts] : out.textColumns) {
        w.key(key).beginArray();
        for (const auto& t : texts)
            t.empty() ? w.null() : w.value(t);
        w.endArray();
    }
    if (out.recordsKey.empty())
        return;
    w.key(out.recordsKey).beginArray();
    for (const auto& r : out.records) {
        w.beginObject();
        writeAnalysisFields(w, r);
        w.endObject();
    }
    w.endArray();
}

void writeAnalysisJson(std::ostream& os, const MethodChoice* choice, const analysis::AnalysisSpec& spec,
                       const analysis::AnalysisOutput& out, const std::function<void(io::JsonWriter&)>& extraJson)
{
    io::JsonWriter w(os);
    if (choice) {
        beginAnalysisJson(w, *choice, spec.id);
    } else {
        w.beginObject();
        w.field("analysis", spec.id);
    }
    writeAnalysisFields(w, out);
    if (extraJson)
        extraJson(w);
    w.endObject();
}

void writeAnalysisOutput(const Args& args, const MethodChoice& choice, const analysis::AnalysisSpec& spec,
                         const analysis::AnalysisOutput& out, const std::vector<NamedColumn>& extraCsv,
                         const std::function<void(io::JsonWriter&)>& extraJson)
{
    const std::string format = tableFormat(args);
    writeOutput(args, [&](std::ostream& os) {
        if (format == "csv") {
            std::vector<NamedColumn> cols;
            for (const auto& [name, values] : out.columns)
                cols.emplace_back(name, &values);
            cols.insert(cols.end(), extraCsv.begin(), extraCsv.end());
            writeColumnsCsv(os, cols);
            return;
        }
        writeAnalysisJson(os, &choice, spec, out, extraJson);
    });
}

void writeRowsCsv(std::ostream& os, const analysis::AnalysisSpec& spec, const analysis::AnalysisOutput& out)
{
    std::vector<CsvColumn> cols; // the declared columns this result has, numbers or texts
    for (const auto& c : spec.columns) {
        CsvColumn col{c.name, c.shape == analysis::ResultShape::Array ? out.column(c.name) : nullptr, nullptr};
        if (c.shape == analysis::ResultShape::TextArray)
            for (const auto& [name, values] : out.textColumns)
                if (name == c.name)
                    col.texts = &values;
        if (col.numbers || col.texts)
            cols.push_back(std::move(col));
    }
    writeCsvColumns(os, cols);
}

int runFormulaAnalysis(const Args& args, const std::string& id, const std::string& progressLabel)
{
    const auto& spec = analysis::analysisSpec(id);
    const std::string format = tableFormat(args);
    const ParamSet options = checkedAnalysisFlags(args, spec);
    const analysis::AnalysisOutput out = [&] {
        if (progressLabel.empty())
            return spec.run(nullptr, options, {{}, memoryBudgetOption(args)});
        TerminalProgress bar(progressLabel);
        return spec.run(nullptr, options, {[&](double f) { return bar(f); }, memoryBudgetOption(args)});
    }();
    writeOutput(args, [&](std::ostream& os) {
        if (format == "csv")
            writeRowsCsv(os, spec, out);
        else
            writeAnalysisJson(os, nullptr, spec, out);
    });
    return 0;
}

Command formulaAnalysisCommand(const std::string& id, const std::string& usage, const std::string& progressLabel)
{
    const auto& spec = analysis::analysisSpec(id);
    Command c{{"compute", id}, usage, spec.summary, analysisCommandOptions(spec), false, {}};
    c.run = [id, progressLabel](const Args& a) { return runFormulaAnalysis(a, id, progressLabel); };
    return c;
}

} // namespace posenc::cli
