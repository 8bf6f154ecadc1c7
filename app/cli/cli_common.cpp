// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_common.h"
#include "config_source.h"

#include "posenc/errors.h"
#include "posenc/matrix_request.h"
#include "posenc/io/config_choice.h"
#include "posenc/io/table_cache.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace posenc::cli {

bool isCommandOption(const Command& command, const std::string& name)
{
    if (isGlobalOption(command, name))
        return true;
    for (const auto& n : configOptionNames())
        if (n == name)
            return true;
    for (const auto& o : command.options)
        if (o.spec.name == name)
            return true;
    return false;
}

std::string primaryMethodId(const Args& args)
{
    if (args.has("method"))
        return args.get("method");
    if (args.has(io::kTableParam))
        return io::tableMethod().info.id;
    if (const auto config = configFromArgs(args, false))
        return chosenEncoding(*config, args).method;
    return std::string(Registry::defaultMethod());
}

bool isGlobalOption(const Command& command, const std::string& name)
{
    return name == "output" || name == "memory-budget" || (command.takesMethod && name == "method");
}

void rejectUnknownFlags(const Args& args, const Command& command)
{
    for (const auto& [name, value] : args.flags) {
        if (isCommandOption(command, name))
            continue;
        if (command.takesMethod) {
            bool someMethodTakesIt = false;
            for (const auto& m : Registry::instance().methods())
                someMethodTakesIt = someMethodTakesIt || m.findParam(name) != nullptr;
            if (someMethodTakesIt)
                continue; // the chosen method's parameters: Registry::resolve names one it does not take
        }
        std::string known = "-o";
        for (const auto& o : command.options)
            known += ", --" + o.spec.name;
        std::string words;
        for (const auto& w : command.words)
            words += " " + w;
        std::string message = "--" + name + " is not an option of `posenc" + words + "` (its options: " + known + ")";
        if (command.takesMethod) {
            if (const MethodDef* def =
                    Registry::instance().tryFind(args.get("method", std::string(Registry::defaultMethod())))) {
                std::string takes;
                for (const auto& p : def->info.params)
                    takes += (takes.empty() ? "--" : ", --") + p.name;
                message += " nor a parameter of method " + def->info.id +
                           (takes.empty() ? std::string(" (it takes none)") : " (it takes " + takes + ")");
            }
        }
        throw InvalidInput(name, message);
    }
}

MethodChoice resolveMethodNamed(const std::string& id, const Args& args, const Command& command, bool lenient)
{
    MethodChoice c;
    c.def = &Registry::instance().find(id);
    const auto config = configFromArgs(args);
    std::map<std::string, std::string> text;
    for (const auto& [name, value] : args.flags) {
        if (isCommandOption(command, name))
            continue;
        if (config && name == "seq-len" && !c.def->findParam(name))
            continue; // consumed as HF's seq_len while resolving the file
        if (lenient && !c.def->findParam(name))
            continue;
        text[name] = value;
    }
    if (config) {
        // the file's values first (all of them for its own method, the ones this method shares otherwise)
        c.params = Registry::resolve(*c.def, io::paramsFromEncoding(chosenEncoding(*config, args), *c.def), text);
    } else {
        c.params = Registry::resolve(*c.def, text);
    }
    for (const auto& pw : Registry::warnings(*c.def, c.params)) {
        const std::string& w = pw.message;
        bool reported = false; // the file's own warnings were printed when it was read
        for (const auto& fw : config ? config->warnings : std::vector<std::string>{})
            reported = reported || (fw.size() >= w.size() && fw.compare(fw.size() - w.size(), w.size(), w) == 0);
        if (!reported)
            printWarnings({w});
    }
    c.encoding = Registry::build(*c.def, c.params); // with the engine and arithmetic (engine.h)
    return c;
}

MethodChoice resolveMethod(const Args& args, const Command& command)
{
    return resolveMethodNamed(primaryMethodId(args), args, command, false);
}

std::int64_t lengthOption(const Args& args, const MethodChoice& choice, std::int64_t min, std::int64_t max,
                          const std::string& what)
{
    if (args.has("length")) {
        const std::int64_t n = intOption(args, "length");
        checkRange("length", static_cast<double>(n), static_cast<double>(min), static_cast<double>(max));
        return n;
    }
    if (choice.encoding->maxPositions() < 0)
        throw InvalidInput("length", "--length N is required (" + what + ")");
    return std::clamp<std::int64_t>(choice.encoding->maxPositions(), min, max);
}

long long intOption(const Args& args, const std::string& name)
{
    return args.options.integer(name);
}

double realOption(const Args& args, const std::string& name)
{
    return args.options.real(name);
}

const std::string& choiceOption(const Args& args, const std::string& name)
{
    return args.options.choice(name);
}

std::vector<double> listOption(const Args& args, const std::string& name)
{
    return args.options.has(name) ? args.options.list(name) : std::vector<double>{};
}

void checkRange(const std::string& name, double value, double min, double max)
{
    if (value < min || value > max)
        throw InvalidInput(name, "--" + name + " " + formatNumber(value) + ": out of the valid range [" +
                                     formatNumber(min) + ", " + formatNumber(max) + "]");
}

void checkMemory(const Args& args, const std::string& flag, double bytes, const std::string& what)
{
    const std::size_t budget = memoryBudgetOption(args);
    if (bytes <= static_cast<double>(budget))
        return;
    throw BudgetExceeded(flag, "--" + flag + " " + args.get(flag, "(default)") + ": " + what + " would need about " +
                                   formatBytes(bytes) + ", over the memory budget of " +
                                   formatBytes(static_cast<double>(budget)) + "; lower --" + flag +
                                   " or raise --memory-budget");
}

double encodingRowBytes(const Encoding& encoding)
{
    std::size_t widest = 1;
    for (View v : encoding.views())
        if (v != View::Bias)
            widest = std::max(widest, encoding.columns(v, {}));
    return 8.0 * static_cast<double>(widest);
}

void writeOutput(const Args& args, const std::function<void(std::ostream&)>& produce)
{
    io::atomicWrite(args.get("output", "-"), produce);
}

void refuseBinaryOnTerminal(const Args& args, const std::string& what)
{
    if (args.get("output", "-") != "-" || ::isatty(STDOUT_FILENO) == 0)
        return;
    throw InvalidInput("output", "refusing to write " + what +
                                     " to a terminal (standard output); give -o FILE, redirect the output "
                                     "(> FILE, | program) or choose a text format (--format csv or json)");
}

std::string matrixFormat(const Args& args)
{
    const std::string& format = choiceOption(args, "format");
    if (format == "npy")
        refuseBinaryOnTerminal(args, "binary .npy data");
    return format;
}

TerminalProgress::TerminalProgress(std::string label)
    : m_label(std::move(label)), m_tty(::isatty(STDERR_FILENO) != 0), m_start(std::chrono::steady_clock::now())
{
}

TerminalProgress::~TerminalProgress()
{
    if (m_shown)
        std::fputs("\r\033[K", stderr);
}

bool TerminalProgress::operator()(double fraction)
{
    if (!m_tty)
        return true;
    // Nothing for work that ends within a second; then a bar redrawn when the whole percent changes.
    if (!m_shown && std::chrono::steady_clock::now() - m_start < std::chrono::seconds(1))
        return true;
    const int pct = static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 100);
    if (pct == m_last)
        return true;
    m_last = pct;
    m_shown = true;
    const int filled = pct * 30 / 100;
    std::fprintf(stderr, "\r%s [%.*s%*s] %3d%%", m_label.c_str(), filled, "##############################", 30 - filled,
                 "", pct);
    std::fflush(stderr);
    return true;
}

ParamSpec matrixFormatOption()
{
    return choiceOpt("format", "output format", "npy", {"npy", "csv", "json"});
}

namespace {

io::MatrixFormat matrixFormatEnum(const Args& args)
{
    const std::string f = matrixFormat(args);
    return f == "npy" ? io::MatrixFormat::Npy : f == "csv" ? io::MatrixFormat::Csv : io::MatrixFormat::Json;
}

} // namespace

void writeMatrixOutput(const Args& args, const Matrix& m)
{
    const io::MatrixFormat format = matrixFormatEnum(args);
    const auto produce = [&](std::ostream& out) {
        io::MatrixStreamWriter w(out, format, m.rows, m.cols);
        w.rows(m.rows, m.data.data());
        w.finish();
    };
    io::atomicWrite(args.get("output", "-"), produce, io::MatrixStreamWriter::knownSize(format, m.rows, m.cols));
}

void streamMatrixOutput(const Args& args, const Encoding& encoding, const MatrixRequest& request)
{
    const io::MatrixFormat format = matrixFormatEnum(args);
    const std::size_t cols = matrixColumns(encoding, request);
    const std::size_t blockBytes = streamBlockBytes(encoding, request); // fails before the output is opened
    const auto rows = static_cast<std::size_t>(request.length);
    TerminalProgress progress("matrix");
    const auto produce = [&](std::ostream& out) {
        io::MatrixStreamWriter w(out, format, rows, cols);
        streamMatrix(
            encoding, request, [&](std::size_t n, const double* data) { w.rows(n, data); },
            [&](double f) { return progress(f); }, blockBytes);
        w.finish();
    };
    io::atomicWrite(args.get("output", "-"), produce, io::MatrixStreamWriter::knownSize(format, rows, cols));
}

std::size_t memoryBudgetOption(const Args& args)
{
    return args.has("memory-budget") ? parseMemoryBudget(args.get("memory-budget")) : kDefaultMemoryBudget;
}

void writeParams(io::JsonWriter& w, const MethodDef& def, const ParamSet& params)
{
    w.key("params").beginObject();
    for (const auto& spec : def.info.params) {
        w.key(spec.name).value(params.get(spec.name));
    }
    w.endObject();
}

} // namespace posenc::cli
