// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file options.h
/// Options shared by several analyses, declared once (name, range, default, help): the CLI's flags
/// (app/cli/cmd_*.cpp), the GUI's view controls (widgets/figures) and Python's keyword arguments read these
/// declarations instead of repeating the range.
#include "posenc/params.h"

#include <string>

namespace posenc {

/// The most attention heads a method may declare (ALiBi's num-heads, T5's heads): head indices are
/// 0 .. kMaxHeads - 1.
inline constexpr int kMaxHeads = 4096;

/// `head`: the attention head of a bias method an analysis reads, 0 .. kMaxHeads - 1, default 0.
ParamSpec headOption(std::string help);

} // namespace posenc
