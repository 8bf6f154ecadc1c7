// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The gallery of canonical figures as data: each entry is a caption, the source it reproduces and the state that
// draws it (view, methods with their parameters, length, view options). `posenc gallery` renders each entry with
// `posenc render` (galleryRenderArgs); the explorer's Gallery menu opens it as a session (gallerySession). A new
// figure is one table row, not new drawing code.

#include "posenc/io/session.h"

#include <QString>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace posenc::widgets {

using GalleryValues = std::vector<std::pair<std::string, std::string>>; ///< (name, value as typed on the CLI)

struct GalleryMethod {
    std::string id;
    GalleryValues params; ///< this method's own values
};

struct GalleryEntry {
    std::string id;                     ///< file name stem
    const char* title;                  ///< short heading (English; galleryTitle() translates)
    const char* caption;                ///< what the figure shows and how to read it (galleryCaption())
    std::string source;                 ///< the paper / tutorial figure it reproduces (not translated)
    std::string view;                   ///< figure kind id
    std::vector<GalleryMethod> methods; ///< primary first
    GalleryValues shared;               ///< parameters for every method that takes them
    std::int64_t length = 0;            ///< positions / max context (0: the view's default)
    GalleryValues options;              ///< view options
};

/// Every gallery figure, in handout order.
const std::vector<GalleryEntry>& galleryEntries();

/// Title and caption in the user's language.
QString galleryTitle(const GalleryEntry& entry);
QString galleryCaption(const GalleryEntry& entry);

/// `posenc render` arguments: VIEW, then flags (--method, --compare ID:NAME=VALUE, parameters, options).
std::vector<std::string> galleryRenderArgs(const GalleryEntry& entry);

/// The explorer state that shows the entry: its methods (a repeated method as "id#2"), parameter values (shared
/// where the explorer shares them), length, the view's options (defaults for the ones not given) and the view.
/// Throws InvalidInput when a value does not fit its parameter (a broken table row).
io::Session gallerySession(const GalleryEntry& entry);

} // namespace posenc::widgets
