// SPDX-License-Identifier: GPL-3.0-or-later
#include "i18n/ErrorText.h"

#include <QCoreApplication>
#include <QRegularExpression>

#include <array>

namespace posenc::widgets {

namespace {

/// One shape of a core message: the English pattern (captures in order) and the template that words it.
struct Shape {
    const char* pattern;
    const char* wording; ///< QT_TRANSLATE_NOOP in the context "posenc::errors"; %1, %2, ... the captures
    int reason = 0;      ///< the capture that is the system's reason (strerror), worded by systemReason(); 0: none
};

constexpr const char* kContext = "posenc::errors";

// The shapes of core/src/io (hf_config.cpp, session.cpp, json_object_reader.cpp, hf_dual_chunk.cpp,
// hf_rope_resolve.cpp). The JSON parser's own detail (nlohmann's words) is left out of the wording: the byte says
// where.
const std::array<Shape, 18> kShapes{{
    {R"(^(.+): not valid JSON \(NUL byte at byte (\d+)\)$)",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: not valid JSON (a NUL byte at byte %2)")},
    {R"(^(.+): not valid JSON \(byte (\d+): .*\)$)",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: not valid JSON (syntax error at byte %2)")},
    {R"(^(.+): not valid JSON: .*byte (\d+).*$)",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: not valid JSON (syntax error at byte %2)")},
    {R"(^(.+): not valid JSON \(.*\)$)",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: not valid JSON (a number beyond the range of a double)")},
    {R"(^(.+): cannot be read$)", QT_TRANSLATE_NOOP("posenc::errors", "%1: cannot be read")},
    {R"(^(.+): cannot be read \((.+)\)$)", QT_TRANSLATE_NOOP("posenc::errors", "%1: cannot be read (%2)"), 2},
    {R"(^(.+): is a folder, not a file$)", QT_TRANSLATE_NOOP("posenc::errors", "%1: is a folder, not a file")},
    {R"(^(.+): is not a regular file \(a FIFO, device or socket\)$)",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: is not a regular file (a FIFO, device or socket)")},
    {R"(^(.+): read error$)", QT_TRANSLATE_NOOP("posenc::errors", "%1: read error")},
    {R"(^(.+): (\S+) must be a number, got (.+)$)",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be a number, got %3")},
    {R"(^(.+): (\S+) must be finite, got (.+)$)", QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be finite, got %3")},
    {R"(^(.+): (\S+) must be a positive integer, got (.+)$)",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be a positive integer, got %3")},
    {R"(^(.+): (\S+) must be a string, got (.+)$)",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be a string, got %3")},
    {R"(^(.+): (\S+) must be true or false, got (.+)$)",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be true or false, got %3")},
    {R"(^(.+): (\S+) must be an array of numbers, got (.+)$)",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be an array of numbers, got %3")},
    {R"(^(.+): (\S+) must be an object, got (.+)$)",
     QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 must be an object, got %3")},
    {R"(^(.+): (\S+) is missing$)", QT_TRANSLATE_NOOP("posenc::errors", "%1: %2 is missing")},
    {R"(^(\S+) is missing; HF has no default for it$)",
     QT_TRANSLATE_NOOP("posenc::errors", "%1 is missing; HF has no default for it")},
}};

} // namespace

QString ErrorText::systemReason(const QString& english)
{
    // strerror()'s texts (glibc) of the errors a file chooser leads to
    static const std::array<std::pair<const char*, const char*>, 7> kReasons{{
        {"No such file or directory", QT_TRANSLATE_NOOP("posenc::errors", "no such file or folder")},
        {"Permission denied", QT_TRANSLATE_NOOP("posenc::errors", "permission denied")},
        {"Operation not permitted", QT_TRANSLATE_NOOP("posenc::errors", "permission denied")},
        {"Too many levels of symbolic links", QT_TRANSLATE_NOOP("posenc::errors", "too many levels of symbolic links")},
        {"Not a directory", QT_TRANSLATE_NOOP("posenc::errors", "a part of the path is not a folder")},
        {"File name too long", QT_TRANSLATE_NOOP("posenc::errors", "the file name is too long")},
        {"Input/output error", QT_TRANSLATE_NOOP("posenc::errors", "input/output error")},
    }};
    for (const auto& [system, wording] : kReasons)
        if (english == QLatin1String(system))
            return QCoreApplication::translate(kContext, wording);
    return english;
}

QString ErrorText::text(const QString& english)
{
    static const auto compiled = [] {
        std::array<QRegularExpression, kShapes.size()> out;
        for (std::size_t i = 0; i < kShapes.size(); ++i) {
            out[i] = QRegularExpression(QString::fromLatin1(kShapes[i].pattern));
            out[i].optimize(); // compiled once, here
        }
        return out;
    }();
    for (std::size_t i = 0; i < kShapes.size(); ++i) {
        const QRegularExpressionMatch m = compiled[i].match(english);
        if (!m.hasMatch())
            continue;
        QStringList captures = m.capturedTexts().mid(1);
        if (const int r = kShapes[i].reason; r > 0)
            captures[r - 1] = systemReason(captures[r - 1]);
        // one pass (a path with "%2" in it is not substituted again); the shapes have one to three captures
        const QString wording = QCoreApplication::translate(kContext, kShapes[i].wording);
        switch (captures.size()) {
        case 1:
            return wording.arg(captures[0]);
        case 2:
            return wording.arg(captures[0], captures[1]);
        default:
            return wording.arg(captures[0], captures[1], captures[2]);
        }
    }
    return english;
}

QString ErrorText::of(const std::exception& error)
{
    return text(QString::fromUtf8(error.what()));
}

} // namespace posenc::widgets
