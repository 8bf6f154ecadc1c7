// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc-render`: every `posenc` command, including those that draw with the explorer's figures (render,
// gallery, render-all) and those that list every command (the full --help, manpage, completion). `posenc` runs
// it with its own arguments for those requests (render_helper.h); its output and exit status are posenc's.
#include "cli_main.h"

#include "posenc/io/output_file.h"

int main(int argc, char** argv)
{
    posenc::io::installSignalCleanup(); // a killed write leaves no hidden temporary file
    return posenc::cli::runCli(argc, argv, posenc::cli::commands(), {});
}
