// SPDX-License-Identifier: GPL-3.0-or-later
#include "render_helper.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <system_error>

#ifndef POSENC_RENDER_HELPER
#error "POSENC_RENDER_HELPER (the helper's path relative to the folder of posenc) is set by app/CMakeLists.txt"
#endif

namespace posenc::cli {

std::string renderHelperPath()
{
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    const std::filesystem::path folder = ec ? std::filesystem::path(".") : self.parent_path();
    return (folder / POSENC_RENDER_HELPER).lexically_normal().string();
}

int execRenderHelper(char** argv)
{
    const std::string helper = renderHelperPath();
    std::cout.flush();
    ::execv(helper.c_str(), argv);
    const int error = errno;
    std::cerr << "posenc: error: cannot run " << helper << ": " << std::strerror(error)
              << " (that program draws for render, gallery and render-all and lists every command for --help, "
                 "manpage and completion; the installation is incomplete)\n";
    return 1;
}

} // namespace posenc::cli
