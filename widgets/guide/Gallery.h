// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The gallery of canonical figures (the table is core's, posenc/gallery.h) for the GUI and the CLI: titles and
// captions in the user's language, the `posenc render` arguments of an entry (galleryRenderArgs) and the explorer
// state that shows it (gallerySession, for the Gallery menu).

#include "posenc/gallery.h"
#include "posenc/io/session.h"

#include <QString>

#include <string>
#include <vector>

namespace posenc::widgets {

using posenc::galleryEntries;
using posenc::GalleryEntry;

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
