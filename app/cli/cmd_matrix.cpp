// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute matrix`: an encoding matrix view as .npy, CSV or JSON.
#include "cli_common.h"
#include "commands_list.h"
#include "grid_cli.h"

#include "posenc/analysis/options.h"
#include "posenc/errors.h"
#include "posenc/param_state.h"
#include "posenc/matrix.h"
#include "posenc/matrix_request.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    if (const auto grid = diffusersConfigArg(args)) // a diffusers image/video config (posenc/grid_rope.h)
        return runGridMatrix(args, *grid);
    if (args.has("order"))
        throw InvalidInput("order", "--order applies to --config (an image/video or vision-tower config)");
    const auto choice = resolveMethod(args, self);
    const MatrixRequest req = matrixRequest(args, choice);
    (void)matrixFormat(args); // reject a bad --format (or .npy bound for a terminal) before computing
    // Streamed: the block size and its budget check are core's (streamBlockBytes).
    streamMatrixOutput(args, *choice.encoding, req);
    return 0;
}

} // namespace

MatrixRequest matrixRequest(const Args& args, const MethodChoice& choice)
{
    // The command's flags as the core's request options (posenc/matrix_request.h), checked there once.
    ParamSet given;
    for (const char* text : {"view", "memory-budget"})
        if (args.has(text))
            given.set(text, args.get(text));
    for (const char* name : {"length", "start", "head", "probe"})
        if (args.options.has(name))
            given.set(name, args.options.get(name));
    return matrixRequestFrom(*choice.encoding, given, choice.def->info.id);
}

Command matrixCommand()
{
    Command c{
        {"compute", "matrix"},
        "posenc compute matrix --method M --length N --view pe|cos|sin|angle|rotated|bias [--PARAM VALUE ...]\n"
        "                      [--start P] [--head H] [--probe LIST] [--memory-budget 2GiB]\n"
        "                      [--format npy|csv|json] [-o FILE]\n"
        "       posenc compute matrix --config transformer/config.json --layout L --view cos|sin|angle "
        "[--tower vision] [--order model|window|blocks|raster] [--format json|csv|npy]",
        "An encoding matrix: rows are positions start..start+N-1 (bias: queries x keys).",
        {intOpt("length", "number of positions (rows; default with --input: the whole table)", std::nullopt, 1,
                kMaxLength),
         {"view", "pe, cos, sin, angle, rotated or bias (which apply depends on the method)"},
         intOpt("start", "first position", 0, 0, std::int64_t(1) << 50),
         headOption("attention head for the bias view"),
         listOpt("probe", "probe vector for the rotated view (head_dim numbers; default 1..1,-1..-1)", -1e300, 1e300),
         {"memory-budget", "memory for the row buffers, e.g. 512MiB (default 2GiB); the matrix is streamed to the "
                           "output in blocks of <= 8 MiB, so any length fits (the disk space is checked first)"},
         matrixFormatOption(),
         towerOption(),
         orderOption()},
        true,
        {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
