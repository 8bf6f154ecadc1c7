// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Command flags described as data (ParamSpec): their help lines and their parsing/validation come from the same
// description (as method parameters do). `posenc render` takes its view options this way from FigureSpec.

#include "cli_common.h"

#include "posenc/params.h"

#include <vector>

namespace posenc::cli {

/// The flags of `specs` present in `args`, parsed and checked (InvalidInput naming the flag, the value and the
/// valid range). Absent flags are not set.
ParamSet parseSpecOptions(const Args& args, const std::vector<ParamSpec>& specs);

} // namespace posenc::cli
