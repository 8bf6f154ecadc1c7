// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Helpers shared by the known-answer tests: loading the golden JSON files from tests/data (copies of
// ../shared/reference/golden) and comparing numbers with a relative tolerance.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace posenc::test {

/// Parses tests/data/<name>; fails the calling test (QFAIL) when the file is missing or not JSON.
inline QJsonObject loadGolden(const char* name)
{
    QFile f(QStringLiteral(POSENC_TEST_DATA_DIR "/") + QLatin1String(name));
    if (!f.open(QIODevice::ReadOnly)) {
        qWarning("cannot open golden file %s", qPrintable(f.fileName()));
        return {};
    }
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &err);
    if (err.error != QJsonParseError::NoError)
        qWarning("%s: %s", qPrintable(f.fileName()), qPrintable(err.errorString()));
    return doc.object();
}

inline std::vector<double> toVector(const QJsonValue& v)
{
    std::vector<double> out;
    for (const auto& x : v.toArray())
        out.push_back(x.toDouble());
    return out;
}

/// |a - b| / |b|; exact equality required when b == 0.
inline double relativeError(double actual, double expected)
{
    if (actual == expected)
        return 0.0;
    if (expected == 0.0)
        return std::numeric_limits<double>::infinity();
    return std::fabs(actual - expected) / std::fabs(expected);
}

/// Largest relative error over two equally long vectors (infinity if the lengths differ); `where` receives the
/// index of the worst entry.
inline double maxRelativeError(const std::vector<double>& actual, const std::vector<double>& expected,
                               std::size_t* where = nullptr)
{
    if (actual.size() != expected.size())
        return std::numeric_limits<double>::infinity();
    double worst = 0.0;
    for (std::size_t i = 0; i < actual.size(); ++i) {
        const double e = relativeError(actual[i], expected[i]);
        if (!(e <= worst)) {
            worst = e;
            if (where)
                *where = i;
        }
    }
    return worst;
}

/// Number text that round-trips exactly (as a user would type it on the command line).
inline std::string exactText(double x)
{
    return QString::number(x, 'g', 17).toStdString();
}

inline std::string listText(const std::vector<double>& v)
{
    std::string s;
    for (double x : v)
        s += (s.empty() ? "" : ",") + exactText(x);
    return s;
}

} // namespace posenc::test

/// QVERIFY2 with a formatted message.
#define POSENC_VERIFY_REL(actual, expected, tol, what)                                                                 \
    do {                                                                                                               \
        const double posencA_ = (actual);                                                                              \
        const double posencE_ = (expected);                                                                            \
        const double posencR_ = ::posenc::test::relativeError(posencA_, posencE_);                                     \
        QVERIFY2(posencR_ <= (tol), qPrintable(QStringLiteral("%1: got %2, expected %3 (relative error %4)")           \
                                                   .arg(QString::fromStdString(std::string(what)))                     \
                                                   .arg(posencA_, 0, 'g', 17)                                          \
                                                   .arg(posencE_, 0, 'g', 17)                                          \
                                                   .arg(posencR_, 0, 'g', 3)));                                        \
    } while (false)
