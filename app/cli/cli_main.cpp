// SPDX-License-Identifier: GPL-3.0-or-later
#include "cli_main.h"
#include "commands_list.h"

#include "posenc/errors.h"
#include "posenc/version.h"

#include <iostream>

namespace posenc::cli {

namespace {

void printMethodFlags(std::ostream& out)
{
    out << "\nMethods (--method ID; aliases in parentheses) and their parameter flags:\n";
    for (const auto& m : Registry::instance().methods()) {
        out << "  " << m.info.id;
        if (!m.info.aliases.empty()) {
            out << " (";
            for (std::size_t i = 0; i < m.info.aliases.size(); ++i)
                out << (i ? ", " : "") << m.info.aliases[i];
            out << ")";
        }
        out << " — " << m.info.displayName << "\n";
        for (const auto& p : m.info.params) {
            out << "      --" << p.name << " (default " << formatValue(p.defaultValue) << "; " << p.rangeText() << ")";
            if (!p.aliases.empty()) {
                out << " aka";
                for (const auto& a : p.aliases)
                    out << " --" << a;
            }
            out << "\n";
        }
    }
    out << "Booleans take true/false; lists are comma-separated.\n";
    out << "From a Hugging Face config.json: --config FILE or --preset NAME (method and parameters from the file;\n"
           "explicit flags override it), --hf-era 2024|2025a|2025b|2025c|v5dev|v5 (default v5), --encoding N|LAYER.\n";
}

void printCommandHelp(std::ostream& out, const Command& c)
{
    out << c.synopsis << "\n  " << c.summary << "\n";
    if (!c.options.empty())
        out << "Options:\n" << optionsHelp(c.options);
}

void printHelp(std::ostream& out, const std::vector<Command>& table, const std::string& prefix)
{
    out << "posenc " << kVersion << " — compute and render Transformer positional encodings\n\nUsage:\n";
    out << "  posenc --version\n  posenc --help\n";
    for (const auto& c : table)
        if (prefix.empty() || c.words.front() == prefix)
            out << "  " << c.synopsis << "\n";
    out << "\nCommands:\n";
    for (const auto& c : table) {
        if (!prefix.empty() && c.words.front() != prefix)
            continue;
        out << "  " << commandName(c) << ": " << c.summary << "\n";
    }
    printMethodFlags(out);
    out << "\nExit status: 0 success, 2 invalid input (message on stderr), 1 other errors.\n";
}

} // namespace

int runCli(int argc, char** argv, const std::vector<Command>& table, const Delegate& delegate)
{
    try {
        Args args = parseArgs(argc, argv);
        if (args.switches.count("version")) {
            std::cout << "posenc " << kVersion << "\n";
            return 0;
        }
        const Command* command = findCommand(table, args.positional);
        if (!command && delegate)
            return delegate(argv);
        if (args.switches.count("help")) {
            if (command) {
                printCommandHelp(std::cout, *command);
                if (command->takesMethod)
                    printMethodFlags(std::cout);
            } else {
                printHelp(std::cout, table, args.positional.empty() ? std::string() : args.positional.front());
            }
            return 0;
        }
        if (args.positional.empty()) {
            printHelp(std::cerr, table, {});
            return 2;
        }
        if (!command) {
            std::string words;
            for (const auto& w : args.positional)
                words += (words.empty() ? "" : " ") + w;
            std::cerr << "posenc: unknown command '" << words << "'; see posenc --help\n";
            return 2;
        }
        const std::size_t expected = command->words.size() + static_cast<std::size_t>(command->positionalArgs);
        if (args.positional.size() != expected) {
            if (args.positional.size() < expected)
                std::cerr << "posenc: missing argument; usage:\n" << command->synopsis << "\n";
            else
                std::cerr << "posenc: unexpected argument '" << args.positional[expected] << "'; usage:\n"
                          << command->synopsis << "\n";
            return 2;
        }
        parseOptions(args, command->options);
        rejectUnknownFlags(args, *command);
        return command->run(args);
    } catch (const InvalidInput& e) {
        std::cerr << "posenc: " << e.what() << "\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << "posenc: error: " << e.what() << "\n";
        return 1;
    }
}

} // namespace posenc::cli
