// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// `posenc` runs without Qt: the requests that draw (render, gallery, render-all) or that list every command
// (the full --help, manpage, completion) are run by the helper program posenc-render, installed at a fixed
// place relative to `posenc` (both in the build tree and in an installed tree).

#include <string>

namespace posenc::cli {

/// The helper's path: this executable's folder (/proc/self/exe) joined with POSENC_RENDER_HELPER, the helper's
/// path relative to the folder of `posenc` (set by app/CMakeLists.txt).
std::string renderHelperPath();

/// Replaces this process with the helper, given the same arguments. Returns only if that fails: then it prints
/// an error naming the helper's path and the reason, and returns 1.
int execRenderHelper(char** argv);

} // namespace posenc::cli
