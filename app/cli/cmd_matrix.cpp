// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute matrix`: an encoding matrix view as .npy, CSV or JSON.
#include "cli_common.h"
#include "commands_list.h"

#include "posenc/errors.h"
#include "posenc/matrix.h"

namespace posenc::cli {

namespace {

std::size_t parseBudget(const Args& args)
{
    if (!args.has("memory-budget"))
        return kDefaultMemoryBudget;
    std::string t = args.get("memory-budget");
    double mult = 1;
    for (const auto& [suffix, m] : {std::pair<const char*, double>{"KiB", 1024.0}, {"MiB", 1048576.0},
                                    {"GiB", 1073741824.0}, {"TiB", 1099511627776.0}}) {
        const std::string s = suffix;
        if (t.size() > s.size() && t.compare(t.size() - s.size(), s.size(), s) == 0) {
            mult = m;
            t.resize(t.size() - s.size());
            break;
        }
    }
    Args tmp;
    tmp.flags["memory-budget"] = t;
    const double v = realOption(tmp, "memory-budget", 0, 1, 1e18) * mult;
    return static_cast<std::size_t>(v);
}

int run(const Args& args, const Command& self)
{
    const auto choice = resolveMethod(args, self);
    if (!args.has("view"))
        throw InvalidInput("view", "--view is required; " + choice.def->info.id + " supports " + [&] {
            std::string s;
            for (View v : choice.encoding->views())
                s += (s.empty() ? "" : ", ") + toString(v);
            return s.empty() ? std::string("no matrix view") : s;
        }());
    MatrixRequest req;
    req.view = parseView(args.get("view"));
    req.length = lengthOption(args, choice, 1, std::int64_t(1) << 40, "number of positions");
    req.firstPosition = intOption(args, "start", 0, 0, std::int64_t(1) << 50);
    req.options.head = static_cast<int>(intOption(args, "head", 0, 0, 1 << 20));
    req.options.probe = listOption(args, "probe");
    req.memoryBudget = parseBudget(args);
    (void)matrixFormat(args); // reject a bad --format before computing
    const Matrix m = computeMatrix(*choice.encoding, req);
    writeMatrixOutput(args, m);
    return 0;
}

} // namespace

Command matrixCommand()
{
    Command c{{"compute", "matrix"},
              "posenc compute matrix --method M --length N --view pe|cos|sin|angle|rotated|bias [--PARAM VALUE ...]\n"
              "                      [--start P] [--head H] [--probe LIST] [--memory-budget 2GiB]\n"
              "                      [--format npy|csv|json] [-o FILE]",
              "An encoding matrix: rows are positions start..start+N-1 (bias: queries x keys).",
              {{"length", "number of positions (rows; default with --input: the whole table)"},
               {"view", "pe, cos, sin, angle, rotated or bias (which apply depends on the method)"},
               {"start", "first position (default 0)"},
               {"head", "attention head for the bias view (default 0)"},
               {"probe", "probe vector for the rotated view (head_dim numbers; default 1..1,-1..-1)"},
               {"memory-budget", "largest matrix allowed, e.g. 512MiB or 4GiB (default 2GiB)"},
               {"format", "npy (default), csv or json"}},
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
