// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands_list.h"

namespace posenc::cli {

const std::vector<Command>& headlessCommands()
{
    static const std::vector<Command> all = {
        methodsCommand(),   frequenciesCommand(),    matrixCommand(),    decayCommand(),
        entropyCommand(),   similarityCommand(),     spectrumCommand(),  pcaCommand(),
        boundsCommand(),    inspectCommand(),        baseBoundCommand(), checkCommand(),
        precisionCommand(), attentionScaleCommand(), positionsCommand(), dualChunkCommand(),
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
