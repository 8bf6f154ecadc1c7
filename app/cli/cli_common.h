// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Pieces every `posenc` command uses: the command table, method resolution from flags, option parsing with
// range checks, output files.

#include "args.h"
#include "options.h"

#include "posenc/io/writers.h"
#include "posenc/matrix.h"
#include "posenc/names.h"
#include "posenc/registry.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <ostream>
#include <set>
#include <string>
#include <vector>

namespace posenc::cli {

/// One `posenc` command. `words` is its path ("methods", "compute frequencies", "render").
struct Command {
    std::vector<std::string> words;
    std::string synopsis;
    std::string summary;
    std::vector<Option> options; ///< the command's own flags (method parameters come from the registry)
    bool takesMethod = true;
    std::function<int(const Args&)> run;
    int positionalArgs = 0; ///< positional words after `words` (render: VIEW)
};

/// The commands that compute or read, in help order: `posenc` runs them without Qt (library posenc_cli_headless).
/// Adding a command: one file defining `Command xxxCommand()` and one line in headless_commands.cpp (or, for a
/// command that needs the explorer's figures, in commands.cpp); a declared analysis that uses no encoding needs only
/// its formulaAnalysisCommand line (analysis_output.h).
const std::vector<Command>& headlessCommands();
/// Every command, in help order: the headless ones and those that draw or list every command (render, gallery,
/// render-all, completion, manpage). Defined in the library posenc_cli (Qt), run by posenc-render.
const std::vector<Command>& commands();
/// The command of `table` whose words are the longest prefix of `words`, or nullptr.
const Command* findCommand(const std::vector<Command>& table, const std::vector<std::string>& words);
/// The same over commands() (posenc_cli).
const Command* findCommand(const std::vector<std::string>& words);

/// The method chosen with --method (default rope), its parameters resolved from every flag that is not one of
/// the command's own options, and the built encoding. Throws InvalidInput.
struct MethodChoice {
    const MethodDef* def = nullptr;
    ParamSet params;
    std::shared_ptr<const Encoding> encoding;
};
MethodChoice resolveMethod(const Args& args, const Command& command);
/// --method; else the table method when --input FILE[:TENSOR] names a table; else the method of the --config /
/// --preset file; else rope.
std::string primaryMethodId(const Args& args);
/// Global options (method, format, output, memory-budget, config, preset, hf-era, encoding) and the command's own.
bool isCommandOption(const Command& command, const std::string& name);
/// --length (an optional integer option in the command's table, further checked against [min, max]), or
/// without it the whole table of an encoding with finite positions (a loaded table); otherwise
/// InvalidInput "--length N is required (`what`)".
std::int64_t lengthOption(const Args& args, const MethodChoice& choice, std::int64_t min, std::int64_t max,
                          const std::string& what);
/// Same for another method id with the same parameter flags, ignoring flags that method does not take
/// (used for --compare).
MethodChoice resolveMethodNamed(const std::string& id, const Args& args, const Command& command, bool lenient);

/// Flags every command takes besides its own options: -o/--output and --memory-budget (and --method for the
/// commands that take a method).
bool isGlobalOption(const Command& command, const std::string& name);
/// InvalidInput for every flag that is neither a global option nor one of the command's options (commands that
/// take a method leave the rest to the method's parameters).
void rejectUnknownFlags(const Args& args, const Command& command);

/// The value of a command option as described in its table (checked by parseOptions; the default when not given).
long long intOption(const Args& args, const std::string& name);
double realOption(const Args& args, const std::string& name);
const std::string& choiceOption(const Args& args, const std::string& name);
/// The list given, or an empty list when not given.
std::vector<double> listOption(const Args& args, const std::string& name);
/// A further range check of an already checked option whose valid range depends on other values (e.g. --end
/// in [--start + 1, --length]).
void checkRange(const std::string& name, double value, double min, double max);

/// Checks an estimate of a command's peak memory, made from its arguments before anything is allocated, against
/// --memory-budget: BudgetExceeded (exit 2) naming `flag`, its value, `what` and the estimate.
void checkMemory(const Args& args, const std::string& flag, double bytes, const std::string& what);

/// Bytes of one position's row in the widest non-bias view of `encoding` (8 when it has none).
double encodingRowBytes(const Encoding& encoding);

/// Writes to -o/--output (default: standard output) atomically.
void writeOutput(const Args& args, const std::function<void(std::ostream&)>& produce);

/// Writes a matrix in --format npy (default), csv or json to -o/--output, atomically. Checks --format before
/// anything is written.
void writeMatrixOutput(const Args& args, const Matrix& m);
/// Computes the matrix of `request` block by block (sized from request.memoryBudget, matrix.h streamBlockBytes)
/// straight into -o/--output in --format: memory does not grow with the length (matrix.h streamMatrix).
void streamMatrixOutput(const Args& args, const Encoding& encoding, const MatrixRequest& request);
/// --memory-budget in bytes (a number with an optional KiB/MiB/GiB/TiB suffix; default 2 GiB). The range
/// [1 B, 1e18 B] is checked after scaling; InvalidInput otherwise.
std::size_t memoryBudgetOption(const Args& args);
/// The checked --format of a matrix output (npy, csv or json): call before a long computation to fail early.
/// npy to standard output is refused when that is a terminal (refuseBinaryOnTerminal).
std::string matrixFormat(const Args& args);
/// Binary output (`what`, e.g. "binary .npy data") bound for standard output: InvalidInput ("output", exit 2)
/// when standard output is a terminal, suggesting -o or a text --format, as compressors refuse.
void refuseBinaryOnTerminal(const Args& args, const std::string& what);

/// A progress bar on standard error for work that takes more than about a second: drawn only when standard
/// error is a terminal, never otherwise (pipes and logs stay clean); erased when it goes out of scope. Use as a
/// ProgressFn (it never cancels: Ctrl+C ends the process, and io::installSignalCleanup removes the partial
/// output).
class TerminalProgress {
public:
    explicit TerminalProgress(std::string label);
    ~TerminalProgress();
    TerminalProgress(const TerminalProgress&) = delete;
    TerminalProgress& operator=(const TerminalProgress&) = delete;
    bool operator()(double fraction);

private:
    std::string m_label;
    bool m_tty;
    bool m_shown = false;
    int m_last = -1;
    std::chrono::steady_clock::time_point m_start;
};
/// The --format option of a matrix output (npy, csv, json).
ParamSpec matrixFormatOption();

/// "params": {...} with every resolved value.
void writeParams(io::JsonWriter& w, const MethodDef& def, const ParamSet& params);

} // namespace posenc::cli
