// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The notes and warnings of reading a config or GGUF file, each kept in English (CLI, JSON, Python) and as a
// phrase (phrase.h; HfConfig::notePhrases) that the explorer words in its own language.

#include "posenc/phrase.h"

#include <string>
#include <vector>

namespace posenc::io::detail {

/// A config's notes and warnings, each kept in English and as a phrase (HfConfig::notePhrases).
struct Diagnostics {
    std::vector<std::string> warnings;
    std::vector<std::string> notes;
    std::vector<Phrase> warningPhrases;
    std::vector<Phrase> notePhrases;

    void warn(Phrase p)
    {
        warnings.push_back(english(p));
        warningPhrases.push_back(std::move(p));
    }
    void note(Phrase p)
    {
        notes.push_back(english(p));
        notePhrases.push_back(std::move(p));
    }
};

/// Shorthands for building phrases: a literal value, a number as formatNumber prints it.
inline Phrase lit(std::string v)
{
    return Phrase::literal(std::move(v));
}
Phrase num(double v);

} // namespace posenc::io::detail
