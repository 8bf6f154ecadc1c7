// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc`: the headless command-line tool. Exit status: 0 success, 2 invalid input, 1 anything else.
// It links no Qt, so the commands that compute or read start in a few milliseconds; the requests that draw or
// list every command go to posenc-render with the same arguments (render_helper.h).
#include "cli_main.h"
#include "render_helper.h"

#include "posenc/io/output_file.h"

int main(int argc, char** argv)
{
    posenc::io::installSignalCleanup(); // a killed write leaves no hidden temporary file
    return posenc::cli::runCli(argc, argv, posenc::cli::headlessCommands(), posenc::cli::execRenderHelper);
}
