// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// What `posenc` does with its arguments, over a command table: --version, --help, command lookup, option checks
// and the run, with exit status 0 success, 2 invalid input, 1 anything else. Both executables run it: `posenc`
// over the headless table, `posenc-render` over the full one (cli_common.h, headlessCommands / commands).

#include "cli_common.h"

#include <functional>
#include <vector>

namespace posenc::cli {

/// Hands the whole request (argv as given) to another program; returns the exit status to use if it could not.
using Delegate = std::function<int(char** argv)>;

/// Runs `posenc argv...` with the commands of `table`. When no command of `table` matches the words (the full
/// help, an unknown command, or a command that is not in `table`) and `delegate` is set, the request goes to
/// `delegate` instead of the help or the unknown-command error.
int runCli(int argc, char** argv, const std::vector<Command>& table, const Delegate& delegate);

} // namespace posenc::cli
