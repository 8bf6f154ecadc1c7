// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file phrase.h
/// A sentence core reports as an id and its arguments, so that a user interface can word it in its own language
/// while the CLI and JSON keep the English text. The English templates live in one place (phrase.cpp); english()
/// is the only way core turns a Phrase into text, so the English output and the structure cannot drift apart.

#include <string>
#include <vector>

namespace posenc {

struct Phrase {
    std::string id;           ///< a template id (phraseIds()); empty: `text` is a literal value
    std::string text;         ///< the literal value (a number as printed, a name, a shape) when `id` is empty
    std::vector<Phrase> args; ///< the template's %1, %2, ... in order

    static Phrase literal(std::string value) { return {{}, std::move(value), {}}; }
    static Phrase of(std::string id, std::vector<Phrase> args = {}) { return {std::move(id), {}, std::move(args)}; }
};

/// The English sentence: the template of `p.id` with %1.. replaced by english(args); a literal's text as is.
/// Throws std::logic_error on an unknown id (a programming error, caught by the tests).
std::string english(const Phrase& p);
/// The English template of `id` ("%1 x %2"), empty for an unknown id.
const std::string& englishTemplate(const std::string& id);
/// Every id english() knows, for the tests that require a translation of each.
std::vector<std::string> phraseIds();

} // namespace posenc
