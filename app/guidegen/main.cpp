// SPDX-License-Identifier: GPL-3.0-or-later
// posenc-guidegen: fills the guide's placeholders with the core's values (guide_template.h).
//   posenc-guidegen SOURCE_DIR OUTPUT_DIR FILE...
// reads SOURCE_DIR/FILE, writes OUTPUT_DIR/FILE for each FILE (a relative path such as guide/en/yarn.html);
// files other than .html are copied as they are. Exit 0, or 2 with the page, line and reason of the first
// placeholder that cannot be filled (the build stops there), or 1 when a file cannot be read or written.
#include "guide_quantities.h"
#include "guide_template.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include <unistd.h>

namespace fs = std::filesystem;

namespace {

bool readFile(const fs::path& path, std::string& out)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        std::cerr << "posenc-guidegen: cannot read " << path.string() << ": " << std::strerror(errno) << '\n';
        return false;
    }
    std::ostringstream s;
    s << in.rdbuf();
    out = s.str();
    return true;
}

/// Writes through a temporary file renamed over the target: no partial page is ever left behind.
bool writeFile(const fs::path& path, const std::string& text)
{
    std::error_code ec;
    fs::create_directories(path.parent_path(), ec);
    // A name of its own: the build may run two generators at once over the same pages.
    const fs::path tmp = path.string() + ".tmp." + std::to_string(::getpid());
    {
        std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
        if (!(out << text) || !out.flush()) {
            std::cerr << "posenc-guidegen: cannot write " << tmp.string() << ": " << std::strerror(errno) << '\n';
            fs::remove(tmp, ec);
            return false;
        }
    }
    fs::rename(tmp, path, ec);
    if (ec) {
        std::cerr << "posenc-guidegen: cannot write " << path.string() << ": " << ec.message() << '\n';
        fs::remove(tmp, ec);
        return false;
    }
    return true;
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 3) {
        std::cerr << "usage: posenc-guidegen SOURCE_DIR OUTPUT_DIR FILE...\n";
        return 2;
    }
    const fs::path source = argv[1], output = argv[2];
    for (int k = 3; k < argc; ++k) {
        const std::string file = argv[k];
        std::string text;
        if (!readFile(source / file, text))
            return 1;
        if (fs::path(file).extension() == ".html") {
            try {
                text = posenc::guide::render(text, file, posenc::guide::evaluateText);
            } catch (const std::exception& e) {
                std::cerr << "posenc-guidegen: " << e.what() << '\n';
                return 2;
            }
        }
        if (!writeFile(output / file, text))
            return 1;
    }
    return 0;
}
