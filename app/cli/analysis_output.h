// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Output helpers shared by the analysis commands (decay, entropy, similarity, spectrum, pca, bounds): named
// columns as JSON arrays or CSV, the json|csv choice, integer lists.

#include "cli_common.h"

#include "posenc/analysis/analysis_spec.h"

#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace posenc::cli {

/// A named column of numbers (points into data owned by the caller).
using NamedColumn = std::pair<std::string, const std::vector<double>*>;

/// One CSV column: numbers or texts (exactly one set; both point into data owned by the caller).
struct CsvColumn {
    std::string name;
    const std::vector<double>* numbers = nullptr;
    const std::vector<std::string>* texts = nullptr;
};

/// The one CSV writer of the analyses: a header of the names, then one line per row (as many as the longest
/// column; a shorter column's cells empty). Numbers: an integer below 2^53 as an integer (1000000, not 1e+06),
/// others in the shortest form that reads back exactly, not finite empty. Texts as they are.
void writeCsvColumns(std::ostream& out, const std::vector<CsvColumn>& columns);
/// writeCsvColumns of number columns.
void writeColumnsCsv(std::ostream& out, const std::vector<NamedColumn>& columns);
/// JSON: each column as `"name": [...]` in the open object.
void writeColumnsJson(io::JsonWriter& w, const std::vector<NamedColumn>& columns);

/// --format json|csv (default json): the option and its value.
ParamSpec tableFormatOption();
std::string tableFormat(const Args& args);

/// A list option whose entries must be integers (range from its table); InvalidInput naming the flag and the
/// offending entry.
std::vector<std::int64_t> intListOption(const Args& args, const std::string& name);

/// Starts the JSON document every analysis command writes: {"method": id, "params": {...}, ...
void beginAnalysisJson(io::JsonWriter& w, const MethodChoice& choice, const std::string& analysis);

/// A declared analysis (posenc/analysis/analysis_spec.h) as a command: its options are the command's flags (plus
/// --format), checked once by the core's checkAnalysisOptions.
std::vector<Option> analysisCommandOptions(const analysis::AnalysisSpec& spec);
ParamSet checkedAnalysisFlags(const Args& args, const analysis::AnalysisSpec& spec);
/// The JSON document of a declared analysis: beginAnalysisJson (when `choice` is given; an analysis that uses no
/// encoding writes only "analysis"), then the output's fields (writeAnalysisFields), then `extraJson`.
void writeAnalysisJson(std::ostream& os, const MethodChoice* choice, const analysis::AnalysisSpec& spec,
                       const analysis::AnalysisOutput& out, const std::function<void(io::JsonWriter&)>& extraJson = {});
/// The labels, scalars (not finite: null), flags, columns, text columns ("" = null) and records of `out` as
/// fields of the open object.
void writeAnalysisFields(io::JsonWriter& w, const analysis::AnalysisOutput& out);
/// CSV of an analysis' per-row results: a header of the declared Array and TextArray columns present in `out`, in
/// declared order, then one line per row; integral numbers as integers, unset numbers (not finite) empty.
void writeRowsCsv(std::ostream& os, const analysis::AnalysisSpec& spec, const analysis::AnalysisOutput& out);
/// `posenc compute <id>` of a declared analysis that uses no encoding: its flags checked by the core, run (with a
/// terminal progress bar named `progressLabel` when given), written as JSON (writeAnalysisJson) or CSV
/// (writeRowsCsv).
int runFormulaAnalysis(const Args& args, const std::string& id, const std::string& progressLabel = {});
/// The command `compute <id>` of a declared analysis that uses no encoding: its summary, its declared options as
/// flags (plus --format), run by runFormulaAnalysis.
Command formulaAnalysisCommand(const std::string& id, const std::string& usage, const std::string& progressLabel = {});
/// Writes a declared analysis' output in --format: CSV of the columns (and `extraCsv` after them), or the JSON
/// document (writeAnalysisJson).
void writeAnalysisOutput(const Args& args, const MethodChoice& choice, const analysis::AnalysisSpec& spec,
                         const analysis::AnalysisOutput& out, const std::vector<NamedColumn>& extraCsv = {},
                         const std::function<void(io::JsonWriter&)>& extraJson = {});

} // namespace posenc::cli
