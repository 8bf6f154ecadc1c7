// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

#include <exception>
#include <string>

namespace posenc::widgets {

/// The core's error messages (what() of its exceptions: English, one sentence naming the file, the key and the
/// value) in the user's language. The messages a user meets when a file cannot be used — not valid JSON, a key of
/// the wrong type or missing, a file that cannot be read — are recognised by their shape and worded from
/// translatable templates with the file, key and value put back; any other message stays as the core wrote it.
class ErrorText {
public:
    static QString text(const QString& english);
    /// The C library's text of a system error (strerror: "No such file or directory") in the user's language,
    /// for the errors a file chooser leads to; else as given.
    static QString systemReason(const QString& english);
    /// What is wrong, without a place: a method's check across its parameters (CoreText::withNumbers, the
    /// templates of ValidationStrings.cpp), a session's dropped value, a token layout's entry; else as given.
    static QString problem(const std::string& english);
    /// text() of `error.what()`; an InvalidInput met inside a file (InvalidInput::located: a parameter of a config's
    /// rope type that breaks a rule, a method's own check) is worded as the parameter editors word it
    /// (ParamText::problem), after the place it was met.
    static QString of(const std::exception& error);
    /// `text` without the file name `file` and the separator after it that of() puts first (the file is named
    /// once, above a list of what is wrong in it); `text` as given when it does not start with `file`.
    static QString withoutFile(const QString& text, const QString& file);
};

} // namespace posenc::widgets
