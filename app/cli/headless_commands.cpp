// SPDX-License-Identifier: GPL-3.0-or-later
#include "analysis_output.h"
#include "commands_list.h"

namespace posenc::cli {

const std::vector<Command>& headlessCommands()
{
    static const std::vector<Command> all = {
        methodsCommand(),
        frequenciesCommand(),
        matrixCommand(),
        decayCommand(),
        entropyCommand(),
        similarityCommand(),
        spectrumCommand(),
        pcaCommand(),
        boundsCommand(),
        inspectCommand(),
        formulaAnalysisCommand("base-bound",
                               "posenc compute base-bound [--head-dim 128] --lengths 1024,2048,... [--format json|csv] "
                               "[-o FILE]",
                               "base bound"),
        checkCommand(),
        precisionCommand(),
        attentionScaleCommand(),
        positionsCommand(),
        formulaAnalysisCommand("dual-chunk",
                               "posenc compute dual-chunk [--chunk-size 262144 --local-size 8192] --query P "
                               "[--key-begin K] [--key-end E] [--key-step S] [--format json|csv] [-o FILE]"),
        formulaAnalysisCommand("dype",
                               "posenc compute dype [--dype-variant official|comfyui] [--dype-method yarn|ntk] "
                               "[--dim 56] [--theta 10000] [--base 64] [--target 128] [--dype-timestep t] "
                               "[--format json|csv] [-o FILE]"),
        commandsCommand(),
    };
    return all;
}

std::string commandName(const Command& c)
{
    std::string name;
    for (const auto& w : c.words)
        name += (name.empty() ? "" : " ") + w;
    return name;
}

const Command* findCommand(const std::vector<Command>& table, const std::vector<std::string>& words)
{
    const Command* best = nullptr;
    for (const auto& c : table) {
        if (c.words.size() > words.size())
            continue;
        bool match = true;
        for (std::size_t i = 0; i < c.words.size(); ++i)
            match = match && c.words[i] == words[i];
        if (match && (!best || c.words.size() > best->words.size()))
            best = &c;
    }
    return best;
}

} // namespace posenc::cli
