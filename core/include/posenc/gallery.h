// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file gallery.h
/// The gallery of canonical figures as data: each entry is a caption, the source it reproduces and the state that
/// draws it (view id, methods with their parameters, length, view options), values as typed on the command line.
/// `posenc gallery` renders each entry with `posenc render`; the explorer's Gallery menu opens it as a session
/// (widgets/guide/Gallery.h). A new figure is one table row, not new drawing code.

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace posenc {

using GalleryValues = std::vector<std::pair<std::string, std::string>>; ///< (name, value as typed on the CLI)

struct GalleryMethod {
    std::string id;
    GalleryValues params; ///< this method's own values
};

struct GalleryEntry {
    std::string id;                     ///< file name stem
    std::string title;                  ///< short heading (English; the GUI translates it, context "posenc::gallery")
    std::string caption;                ///< what the figure shows and how to read it (translated likewise)
    std::string source;                 ///< the paper / tutorial figure it reproduces (not translated)
    std::string view;                   ///< figure kind id ("heatmap", "rotation", ...)
    std::vector<GalleryMethod> methods; ///< primary first
    GalleryValues shared;               ///< parameters for every method that takes them
    std::int64_t length = 0;            ///< positions / max context (0: the view's default)
    GalleryValues options;              ///< view options
};

/// Every gallery figure, in handout order.
const std::vector<GalleryEntry>& galleryEntries();

} // namespace posenc
