// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer harness: the `posenc` argument parser. The input is argv, one word per line; the harness runs
// everything `posenc` does before a command computes: flag parsing, command lookup, option parsing and checks
// from the option tables, and method resolution (Registry::resolve + build). InvalidInput is the expected
// outcome of bad input; a crash, sanitizer report, leak of control or other exception type is a finding.
#include "cli_common.h"

#include "posenc/errors.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size)
{
    using namespace posenc;
    using namespace posenc::cli;
    std::vector<std::string> words = {"posenc"};
    std::string word;
    for (std::size_t i = 0; i < size && words.size() < 64; ++i) {
        if (data[i] == '\n') {
            words.push_back(word);
            word.clear();
        } else {
            word.push_back(static_cast<char>(data[i]));
        }
    }
    if (!word.empty())
        words.push_back(word);
    std::vector<char*> argv;
    for (auto& w : words)
        argv.push_back(w.data());
    argv.push_back(nullptr);
    try {
        Args args = parseArgs(static_cast<int>(words.size()), argv.data());
        const Command* command = findCommand(args.positional);
        if (!command || args.switches.count("help") || args.switches.count("version"))
            return 0;
        parseOptions(args, command->options);
        rejectUnknownFlags(args, *command);
        if (command->takesMethod)
            (void)resolveMethod(args, *command);
    } catch (const InvalidInput&) {
        // rejected with a message: the expected outcome
    }
    return 0;
}
