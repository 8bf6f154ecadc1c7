// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// One factory per command file; commands.cpp lists them.

#include "cli_common.h"

namespace posenc::cli {

Command methodsCommand();
Command frequenciesCommand();
Command matrixCommand();
Command renderCommand();
Command decayCommand();
Command entropyCommand();
Command similarityCommand();
Command spectrumCommand();
Command pcaCommand();
Command boundsCommand();
Command inspectCommand();
Command completionCommand();
Command manpageCommand();
Command galleryCommand();
Command renderAllCommand();

} // namespace posenc::cli
