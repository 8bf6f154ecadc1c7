// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file analysis_spec.h
/// Each analysis declared once: its options (ParamSpec: name, range, default, help), its result columns (name,
/// meaning) and how it runs on an Encoding. The CLI's flags (app/cli/cmd_*.cpp), the GUI's view controls
/// (widgets/figures, which add a label) and Python's keyword arguments, docstrings and stubs (python/) are made
/// from these declarations, as method parameters are from the registry; none repeats a range or a default.

#include "posenc/encoding.h"
#include "posenc/matrix.h"
#include "posenc/params.h"

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace posenc::analysis {

struct EntropyOptions;
struct DecayOptions;

/// What one declared result field holds (and where AnalysisOutput carries it).
enum class ResultShape {
    Array,     ///< numbers, one per row (AnalysisOutput::columns)
    TextArray, ///< texts, one per row; an empty text is "none" (AnalysisOutput::textColumns)
    Number,    ///< one number; not finite: unset (AnalysisOutput::scalars)
    Text,      ///< one text (AnalysisOutput::labels)
    Records,   ///< a list of records, each an AnalysisOutput of its own (AnalysisOutput::records)
};

/// One column of an analysis' result.
struct ResultColumn {
    std::string name;    ///< as the CLI's CSV header and JSON key (kebab or snake case as they are written)
    std::string meaning; ///< one sentence: what the column holds and in which unit
    bool always = true;  ///< false: present only where it applies (a method kind, an option)
    ResultShape shape = ResultShape::Array;
};

/// What an analysis returns: the declared columns that apply, in declared order, and the labels the CLI's JSON
/// writes beside them (e.g. entropy's score and temperature).
struct AnalysisOutput {
    std::vector<std::pair<std::string, Matrix>> matrices; ///< 2-D results (AnalysisSpec::matrices), row-major
    const Matrix* matrix(std::string_view name) const;    ///< null when absent

    std::vector<std::pair<std::string, std::vector<double>>> columns;
    std::vector<std::pair<std::string, std::vector<std::string>>> textColumns; ///< "" = none (JSON null)
    std::vector<std::pair<std::string, std::string>> labels;                   ///< string fields
    std::vector<std::pair<std::string, double>> scalars; ///< number fields (not finite: unset, JSON null)
    std::vector<std::pair<std::string, bool>> flags;     ///< yes/no fields
    std::vector<std::vector<double>> perHead;            ///< decay of a bias method: one curve per head
    /// A list of records under `recordsKey` (precision's curves, one per format; attention-scale's rules).
    std::string recordsKey;
    std::vector<AnalysisOutput> records;
    const std::vector<double>* column(std::string_view name) const;
    double scalar(std::string_view name) const; ///< throws InvalidInput when absent
};

/// How an analysis runs: its progress (return false to stop: Cancelled) and the memory it may allocate, checked
/// before anything is allocated (BudgetExceeded naming the size; `posenc --memory-budget`, Python memory_budget=).
struct RunContext {
    ProgressFn progress;
    std::size_t memoryBudget = kDefaultMemoryBudget;
};

/// `encoding` is null exactly when the analysis uses none (AnalysisSpec::usesEncoding false).
using AnalysisRunFn = AnalysisOutput (*)(const Encoding* encoding, const ParamSet& options, const RunContext& context);

struct AnalysisSpec {
    std::string id;      ///< "entropy": `posenc compute entropy`, the view "entropy", posenc.entropy()
    std::string summary; ///< one sentence
    std::vector<ParamSpec> options;
    std::vector<ResultColumn> columns;
    std::vector<ResultColumn> matrices; ///< 2-D results (similarity's matrix, pca's axes): meaning states rows x cols
    /// Runs on `encoding` with options already checked by checkAnalysisOptions (defaults filled in).
    AnalysisRunFn run = nullptr;
    /// Rules between options that depend on which were given (e.g. sigma2 only with expected-similar); may be null.
    void (*checkGiven)(const ParamSet& given) = nullptr;
    /// false: a formula of its options alone (attention-scale, base-bound): no method, run with a null encoding;
    /// the CLI's command takes no --method, Python has posenc.<id>(**options) and no Encoding.<id>.
    bool usesEncoding = true;

    const ParamSpec& option(std::string_view name) const; ///< throws InvalidInput for an unknown name
};

/// Every declared analysis (decay, entropy, similarity, spectrum, pca, bounds, precision, attention-scale,
/// base-bound), in help order.
const std::vector<AnalysisSpec>& analysisSpecs();
/// The declaration of `id`; InvalidInput("analysis") when there is none.
const AnalysisSpec& analysisSpec(std::string_view id);

/// Validates a request once: every name is an option of `spec` (InvalidInput naming it otherwise), every value
/// passes checkValue (type, range, choice), and every option not given takes its declared default.
ParamSet checkAnalysisOptions(const AnalysisSpec& spec, const ParamSet& given);
/// `given` plus every value of `config` (a config's fixed values, io::HfEncoding::analysisDefaults) that names an
/// option of `spec` and is not given: what the file's model code reads becomes the default, flags still win.
ParamSet withConfigValues(const AnalysisSpec& spec, ParamSet given, const ParamSet& config);
/// Runs `spec` on `encoding`: checkAnalysisOptions, then spec.run. `encoding` must be null exactly when the
/// analysis uses none (InvalidInput("method") otherwise).
AnalysisOutput runAnalysis(const AnalysisSpec& spec, const Encoding* encoding, const ParamSet& given,
                           const RunContext& context = {});

/// The checked options of `compute entropy` as EntropyOptions (lengths / max-length rule, score and sigma2,
/// temperature and its coefficients, head, attention span). `originalLength` is the reference-length option; the
/// method's own L0 wins in computeEntropy where the method has one.
EntropyOptions entropyOptionsFrom(const ParamSet& checked);
/// The checked options of `compute decay` as DecayOptions (exactly one of max-distance and distances).
DecayOptions decayOptionsFrom(const ParamSet& checked);
struct DecayResult;
/// A decay result as the declared columns (those that apply, in declared order) and the per-head bias curves.
AnalysisOutput decayOutput(DecayResult result);

} // namespace posenc::analysis
