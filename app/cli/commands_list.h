// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One factory per command file; headless_commands.cpp and commands.cpp list them.

#include "cli_common.h"

namespace posenc::cli {

Command methodsCommand();
Command commandsCommand();
Command frequenciesCommand();
Command matrixCommand();
Command renderCommand();
Command decayCommand();
Command entropyCommand();
Command similarityCommand();
Command spectrumCommand();
Command pcaCommand();
Command boundsCommand();
Command completionCommand();
Command manpageCommand();
Command galleryCommand();
Command renderAllCommand();
Command inspectCommand();
Command checkCommand();
Command precisionCommand();

/// The request `compute matrix` computes for its flags (view, length, start, head, probe, memory budget), checked
/// like the command checks them (core's matrixRequestFrom, which the Python module calls too).
MatrixRequest matrixRequest(const Args& args, const MethodChoice& choice);
Command attentionScaleCommand();
Command positionsCommand();

/// "compute frequencies": the command's words joined by spaces.
std::string commandName(const Command& c);

} // namespace posenc::cli
