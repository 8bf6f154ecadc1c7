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
        inspectCommand(),
        completionCommand(),
        galleryCommand(),
        renderAllCommand(),
        manpageCommand(),
    };
    return all;
}

} // namespace posenc::cli
