// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace posenc::widgets {

/// The interface languages and the translators that show them. English is the source language (no translator);
/// zh_CN comes from resources/translations/posenc_zh_CN.ts (compiled into the binary) plus Qt's own qtbase
/// catalogue for the standard dialogs when it is installed. The CLI never calls this: it stays English.
class Translations {
public:
    /// Language codes the GUI can show, English first ("en", "zh_CN").
    static QStringList available();
    /// The language's name in itself ("English", "简体中文"): menus list languages so a reader can find theirs.
    static QString nativeName(const QString& code);
    /// The code that best matches `localeName` (e.g. "zh_CN", "zh_Hans_SG" -> "zh_CN"; "de_DE" -> "en").
    static QString match(const QString& localeName);
    /// Removes the previous translators and installs the ones of `code` ("" = the system locale). Returns the code
    /// actually installed ("en" when the catalogue is missing). Sends QEvent::LanguageChange to every widget.
    static QString install(const QString& code);
    /// The installed language code.
    static QString current();
    /// The guide's folder for `code`: "en" or "zh_CN".
    static QString guideFolder(const QString& code);
    /// `text` without a space between two Chinese characters (nor after a closing full-width parenthesis before
    /// one), across closing HTML tags: a template's space after a placeholder filled with a Chinese name
    /// ("%1 的参数" with "Llama 3 缩放"). Other text is returned as it is.
    static QString tidySpaces(const QString& text);
    /// `text` with a word joiner (U+2060, invisible) between its characters, so that a short marker is never split
    /// over two lines ("（主⏎方法）" in a wrapping list). Spaces stay break opportunities.
    static QString keptWhole(const QString& text);
    /// `text` with a word joiner after each "/" or "-" inside a formula or word ("base^(−2i/d_rot)",
    /// "rotate-half"): a wrapping label breaks at spaces and between Chinese characters, never inside them.
    static QString keptFormulas(const QString& text);
};

} // namespace posenc::widgets
