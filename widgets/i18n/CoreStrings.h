// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace posenc::widgets {

/// Every English string of core's registry that the GUI shows (method names and summaries, parameter labels,
/// help, units, choices), marked for lupdate in the context CoreText::kContext.
const std::vector<const char*>& coreStrings();

/// The names and descriptions of the built-in presets (resources/presets/*.json), context "posenc::presets".
const std::vector<const char*>& presetStrings();

/// The titles and captions of the gallery (posenc/gallery.h), context "posenc::gallery".
const std::vector<const char*>& galleryStrings();

} // namespace posenc::widgets
