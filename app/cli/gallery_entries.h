// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The gallery of canonical figures as data: each entry is a caption, the source it reproduces and a render
// request (the arguments of `posenc render`), so a new figure is one table row, not new drawing code.

#include <string>
#include <vector>

namespace posenc::cli {

struct GalleryEntry {
    std::string id;                ///< file name stem
    std::string title;             ///< short heading for the handout
    std::string caption;           ///< what the figure shows and how to read it
    std::string source;            ///< the paper / tutorial figure it reproduces
    std::vector<std::string> args; ///< `posenc render` arguments: VIEW, then flags
};

/// Every gallery figure, in handout order.
const std::vector<GalleryEntry>& galleryEntries();

} // namespace posenc::cli
