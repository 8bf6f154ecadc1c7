// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Command-line parsing for `posenc`: positional words, then --flag VALUE / --flag=VALUE / -o FILE.

#include "posenc/params.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace posenc::cli {

struct Args {
    std::vector<std::string> positional;      ///< e.g. {"compute", "frequencies"}
    std::map<std::string, std::string> flags; ///< name without the dashes -> value
    std::set<std::string> switches;           ///< flags given without value (--help, --version)
    ParamSet options; ///< the command's typed options, checked, with their defaults (see parseOptions)

    bool has(const std::string& name) const { return flags.count(name) != 0; }
    std::string get(const std::string& name, const std::string& fallback = {}) const;
};

/// Parses argv. Flags in `valueless` take no value (e.g. "help"). Throws InvalidInput on a flag without value
/// and on a flag given twice.
Args parseArgs(int argc, char** argv, const std::set<std::string>& valueless = {"help", "version", "h", "no-caption"});

} // namespace posenc::cli
