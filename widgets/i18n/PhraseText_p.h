// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The translatable templates of core's phrases, one table per domain (PhraseTextCheck.cpp, PhraseTextConfig.cpp,
// PhraseTextGrid.cpp):
// the source of each is core's English template of that id, so the catalogue and the CLI say the same.

#include <vector>

namespace posenc::widgets::detail {

struct PhraseSource {
    const char* id;
    struct {
        const char* source;  ///< QT_TRANSLATE_NOOP in the context "posenc::widgets::PhraseText"
        const char* comment; ///< the disambiguation, or nullptr
    } text;
};

const std::vector<PhraseSource>& checkPhraseSources();
const std::vector<PhraseSource>& configPhraseSources();
const std::vector<PhraseSource>& gridPhraseSources();
const std::vector<PhraseSource>& diagnosisKindSources();

} // namespace posenc::widgets::detail
