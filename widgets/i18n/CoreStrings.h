// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

namespace posenc::widgets {

/// Every English string of core's registry that the GUI shows (method names and summaries, parameter labels,
/// help, units, choices), marked for lupdate in the context CoreText::kContext.
const std::vector<const char*>& coreStrings();
/// The views' option strings (ViewOptionStrings.cpp); coreStrings() includes them.
const std::vector<const char*>& viewOptionStrings();
/// The Grid view's option strings (GridStrings.cpp, issue 37); coreStrings() includes them.
const std::vector<const char*>& gridViewStrings();

/// Choices whose id another parameter (or a label) shares, as {choice, parameter name}: translated per parameter
/// (CoreText::choice(spec, choice) passes the parameter's name as the disambiguation).
struct DisambiguatedString {
    const char* source;
    const char* comment;
};
const std::vector<DisambiguatedString>& choiceStrings();

/// The names and descriptions of the built-in presets (resources/presets/*.json), context "posenc::presets".
const std::vector<const char*>& presetStrings();

/// The engines' notes with their numbers as %1, %2, ... and the engines' pinned revisions (EngineStrings.cpp),
/// context "posenc::params": the Engines view words them with CoreText::withNumbers.
const std::vector<const char*>& engineNoteStrings();

/// The checks a method makes across its parameters, with their numbers as %1, %2, ... (ValidationStrings.cpp),
/// context "posenc::params": ParamText::problem words them with CoreText::withNumbers.
const std::vector<const char*>& validationStrings();

/// The titles and captions of the gallery (posenc/gallery.h), context "posenc::gallery".
const std::vector<const char*>& galleryStrings();

} // namespace posenc::widgets
