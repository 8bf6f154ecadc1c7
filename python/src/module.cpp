// SPDX-License-Identifier: GPL-3.0-or-later
// posenc._posenc: the `posenc` commands in-process, for the Python package (python/posenc/__init__.py).
//
// Every call runs one command of the CLI's headless table (cli_common.h headlessCommands) with the argv the
// Python wrapper built from its keyword arguments, so the flags, their ranges, the checks and the messages are
// the CLI's own: a request the CLI refuses with exit 2 raises ValueError with the same message. What the command
// writes to -o/stdout is captured (cli_common.h outputCapture). posenc.matrix() builds the same request as
// `compute matrix` (commands_list.h matrixRequest), checks it against the memory budget and hands the one result
// buffer to NumPy without a copy. The command runs on a worker thread with the GIL released; the calling thread
// polls for signals every 20 ms and a Ctrl+C cancels the computation through its progress callback
// (cli_common.h ambientProgress), then raises KeyboardInterrupt. No Qt here: the module links posenc_cli_headless.
#include "cli_common.h"
#include "commands_list.h"
#include "options.h"

#include "posenc/errors.h"
#include "posenc/matrix.h"
#include "posenc/version.h"

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <map>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <sstream>
#include <thread>

namespace py = pybind11;
using namespace posenc;

namespace {

/// Raised for what the CLI rejects with exit status 2 (InvalidInput and BudgetExceeded): a ValueError subclass.
PyObject* g_invalidInput = nullptr;

/// Runs `work(cancelled)` on a worker thread with the GIL released, polling Python's signal handlers every
/// 20 ms; on a pending KeyboardInterrupt (or any exception a handler raised) `cancelled` turns true, the
/// computation stops at its next progress report, and the Python exception is raised once the worker is done.
template <class Work> void runInterruptible(Work&& work)
{
    std::atomic<bool> cancelled{false};
    std::exception_ptr failure;
    std::mutex mutex;
    std::condition_variable doneSignal;
    bool done = false;
    bool interrupted = false;
    std::thread worker([&] {
        try {
            work(cancelled);
        } catch (...) {
            failure = std::current_exception();
        }
        std::lock_guard lock(mutex);
        done = true;
        doneSignal.notify_one();
    });
    {
        py::gil_scoped_release release;
        std::unique_lock lock(mutex);
        while (!done) {
            doneSignal.wait_for(lock, std::chrono::milliseconds(20));
            if (done || interrupted)
                continue;
            lock.unlock();
            {
                py::gil_scoped_acquire acquire;
                if (PyErr_CheckSignals() != 0) {
                    interrupted = true;
                    cancelled = true;
                }
            }
            lock.lock();
        }
    }
    worker.join();
    if (interrupted)
        throw py::error_already_set();
    if (failure)
        std::rethrow_exception(failure);
}

/// argv as the CLI parses it, checked as runCli checks it: the command, its positional words, its options and
/// unknown flags. Throws InvalidInput with the CLI's messages.
struct Prepared {
    const cli::Command* command = nullptr;
    cli::Args args;
};

Prepared prepare(const std::vector<std::string>& words)
{
    std::vector<std::string> storage;
    storage.reserve(words.size() + 1);
    storage.emplace_back("posenc");
    storage.insert(storage.end(), words.begin(), words.end());
    std::vector<char*> argv;
    for (auto& s : storage)
        argv.push_back(s.data());
    argv.push_back(nullptr);
    Prepared p;
    p.args = cli::parseArgs(static_cast<int>(storage.size()), argv.data(), {});
    p.command = cli::findCommand(cli::headlessCommands(), p.args.positional);
    if (!p.command)
        throw InvalidInput("", "unknown command '" + (words.empty() ? std::string() : words.front()) + "'");
    const std::size_t expected = p.command->words.size() + static_cast<std::size_t>(p.command->positionalArgs);
    if (p.args.positional.size() != expected)
        throw InvalidInput(
            "", std::string(p.args.positional.size() < expected ? "missing argument" : "unexpected argument") +
                    "; usage:\n" + p.command->synopsis);
    cli::parseOptions(p.args, p.command->options);
    cli::rejectUnknownFlags(p.args, *p.command);
    return p;
}

/// Installs the cancel flag as the thread's ambient progress callback for the duration of a command.
class AmbientCancel {
public:
    explicit AmbientCancel(const std::atomic<bool>& cancelled)
    {
        cli::ambientProgress() = [&cancelled](double) { return !cancelled.load(std::memory_order_relaxed); };
    }
    ~AmbientCancel() { cli::ambientProgress() = {}; }
    AmbientCancel(const AmbientCancel&) = delete;
    AmbientCancel& operator=(const AmbientCancel&) = delete;
};

/// Sets the calling thread's memory inputs (cli_common.h memoryInputs) for the duration of a command.
class MemoryInputsScope {
public:
    explicit MemoryInputsScope(cli::MemoryInputs* inputs) { cli::memoryInputs() = inputs; }
    ~MemoryInputsScope() { cli::memoryInputs() = nullptr; }
    MemoryInputsScope(const MemoryInputsScope&) = delete;
    MemoryInputsScope& operator=(const MemoryInputsScope&) = delete;
};

/// Runs a command and returns its exit status (0, or 1 for a mismatch found by `check`) and what it wrote
/// (bytes: JSON, CSV or .npy). `inputs`: configs and tables read from memory instead of files (may be null).
py::tuple runCommand(const std::vector<std::string>& words, cli::MemoryInputs* inputs)
{
    std::string output;
    int status = 0;
    runInterruptible([&](const std::atomic<bool>& cancelled) {
        Prepared p = prepare(words);
        AmbientCancel ambient(cancelled);
        MemoryInputsScope memory(inputs);
        std::ostringstream captured;
        cli::outputCapture() = &captured;
        try {
            status = p.command->run(p.args);
        } catch (...) {
            cli::outputCapture() = nullptr;
            throw;
        }
        cli::outputCapture() = nullptr;
        output = std::move(captured).str();
    });
    return py::make_tuple(status, py::bytes(output));
}

py::tuple runWithStatus(const std::vector<std::string>& words)
{
    return runCommand(words, nullptr);
}

/// A table as `check --input` reads one: the last two dimensions are rows and columns (1-D: one row), the
/// leading ones are stacked into the rows and listed (tables.h TableReadOptions::leadingDims).
cli::MemoryInputs::Table memoryTable(const std::string& name,
                                     const py::array_t<double, py::array::c_style | py::array::forcecast>& a)
{
    if (a.ndim() < 1 || a.ndim() > 8)
        throw InvalidInput(name, name + ": a table has 1 to 8 dimensions, this array has " + std::to_string(a.ndim()));
    cli::MemoryInputs::Table t;
    t.table.cols = static_cast<std::size_t>(a.shape(a.ndim() - 1));
    t.table.rows = a.ndim() == 1 ? 1 : static_cast<std::size_t>(a.size()) / std::max<std::size_t>(t.table.cols, 1);
    for (py::ssize_t d = 0; d + 2 < a.ndim(); ++d)
        t.leading.push_back(static_cast<std::uint64_t>(a.shape(d)));
    if (a.size() == 0)
        throw InvalidInput(name, name + ": the array is empty");
    t.table.data.assign(a.data(), a.data() + a.size());
    return t;
}

/// Like runWithStatus, with config texts (`inspect NAME`, --config NAME) and tables (`check --input NAME`)
/// handed over in memory under the names the argv uses: no temporary file.
py::tuple runWithInputs(const std::vector<std::string>& words, const std::map<std::string, std::string>& configs,
                        const py::dict& tables)
{
    cli::MemoryInputs inputs;
    inputs.configs = configs;
    for (const auto& [key, value] : tables) {
        const auto name = key.cast<std::string>();
        inputs.tables.emplace(
            name, memoryTable(name, value.cast<py::array_t<double, py::array::c_style | py::array::forcecast>>()));
    }
    return runCommand(words, &inputs);
}

py::bytes run(const std::vector<std::string>& words)
{
    return runWithStatus(words)[1].cast<py::bytes>();
}

/// `compute matrix` with the same flags, returned as a float64 C-order ndarray that owns the one result buffer.
py::array_t<double> matrix(const std::vector<std::string>& words)
{
    auto result = std::make_unique<Matrix>();
    runInterruptible([&](const std::atomic<bool>& cancelled) {
        Prepared p = prepare(words);
        if (p.command->words != std::vector<std::string>{"compute", "matrix"})
            throw InvalidInput("", "matrix() runs compute matrix only");
        AmbientCancel ambient(cancelled);
        const auto choice = cli::resolveMethod(p.args, *p.command);
        const MatrixRequest request = cli::matrixRequest(p.args, choice);
        *result = computeMatrix(*choice.encoding, request, cli::ambientProgress());
    });
    const std::size_t rows = result->rows;
    const std::size_t cols = result->cols;
    double* data = result->data.data();
    py::capsule owner(result.release(), [](void* m) { delete static_cast<Matrix*>(m); });
    return py::array_t<double>({rows, cols}, {cols * sizeof(double), sizeof(double)}, data, owner);
}

/// The command table as data: words, synopsis, summary, and each option's name, type, default, range and help,
/// so the Python wrapper's signatures and docstrings come from the same table as the CLI's flags.
py::list commandTable()
{
    py::list table;
    for (const auto& c : cli::headlessCommands()) {
        py::dict d;
        d["words"] = c.words;
        d["synopsis"] = c.synopsis;
        d["summary"] = c.summary;
        d["takes_method"] = c.takesMethod;
        d["positional"] = c.positionalArgs;
        py::list options;
        for (const auto& o : c.options) {
            py::dict od;
            od["name"] = o.spec.name;
            od["help"] = o.spec.help;
            od["range"] = o.spec.rangeText();
            od["default"] = formatValue(o.spec.defaultValue);
            options.append(od);
        }
        d["options"] = options;
        table.append(d);
    }
    return table;
}

} // namespace

PYBIND11_MODULE(_posenc, m)
{
    m.doc() = "posenc's commands in-process (see the posenc package)";
    // One InvalidInput class for the package: posenc._core's (the core binding), so `except posenc.InvalidInput`
    // catches what either module raises.
    py::object invalid = py::module_::import("posenc._core").attr("InvalidInput");
    g_invalidInput = invalid.inc_ref().ptr();
    m.attr("InvalidInput") = invalid;
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p)
                std::rethrow_exception(p);
        } catch (const InvalidInput& e) {
            PyErr_SetString(g_invalidInput, e.what());
        } catch (const Cancelled&) {
            PyErr_SetNone(PyExc_KeyboardInterrupt);
        }
    });
    m.attr("version") = std::string(kVersion);
    m.def("run", &run, py::arg("argv"),
          "Runs `posenc ARGV...` in-process and returns what it wrote. ValueError (InvalidInput) for what the CLI "
          "rejects with exit status 2.");
    m.def("run_with_status", &runWithStatus, py::arg("argv"),
          "Like run(), returning (exit status, output): `check` exits 1 for a mismatch.");
    m.def("run_with_inputs", &runWithInputs, py::arg("argv"), py::arg("configs"), py::arg("tables"),
          "Like run_with_status(), reading config texts (dict name -> JSON text) and tables (dict name -> array) "
          "from memory under the names the argv gives for CONFIG / --config and --input: no file is read.");
    m.def("matrix", &matrix, py::arg("argv"),
          "Runs `posenc compute matrix ARGV...` and returns the matrix as a float64 C-order ndarray (no copy).");
    m.def("command_table", &commandTable, "The headless command table: words, synopsis, summary and options.");
}
