// SPDX-License-Identifier: GPL-3.0-or-later
#include "commands_list.h"

namespace posenc::cli {

const std::vector<Command>& commands()
{
    static const std::vector<Command> all = {
        methodsCommand(),
        frequenciesCommand(),
        matrixCommand(),
        renderCommand(),
        decayCommand(),
        entropyCommand(),
        similarityCommand(),
        spectrumCommand(),
        pcaCommand(),
        boundsCommand(),
        completionCommand(),
        galleryCommand(),
        renderAllCommand(),
        manpageCommand(),
        inspectCommand(),
        baseBoundCommand(),
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

} // namespace posenc::cli
