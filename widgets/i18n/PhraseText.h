// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QCoreApplication>
#include <QString>

#include <string>

namespace posenc {
struct Phrase;
}

namespace posenc::widgets {

/// Core's phrases (posenc/phrase.h: a `posenc check` report's alignment and evidence) in the user's language.
/// Core decides and names the sentence (id + arguments, English in phrase.cpp for the CLI); this class words it
/// through one translatable template per id, like ParamText does for parameter rules. An id without a template
/// here shows core's English sentence and logs a warning (tst_phrase_text fails on it).
class PhraseText {
    Q_DECLARE_TR_FUNCTIONS(posenc::widgets::PhraseText)
public:
    static QString text(const Phrase& phrase);
    /// The template of `id` ("%1 × %2"), null when this class has none.
    static QString templateFor(const std::string& id);
    /// A `posenc check` diagnosis kind (check.h DiagnosisKind::id) as shown: the id in English, its name in a
    /// translation; an unknown id as is.
    static QString diagnosisKind(const std::string& id);
};

} // namespace posenc::widgets
