// SPDX-License-Identifier: GPL-3.0-or-later
// The core library stays Qt-free (house style): fails if any file under core/ includes a Qt or QCustomPlot
// header, or if core/'s CMake links a Qt target.

#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>

namespace {

/// #include <QString>, "QtCore/qglobal.h", <qstring.h>, <qcustomplot.h>; not <queue> or "posenc/...".
const QRegularExpression& qtInclude()
{
    static const QRegularExpression re(
        QStringLiteral("^\\s*#\\s*include\\s*[<\"](Qt[A-Z]|Q[A-Z]|q[a-z0-9_]*\\.h\\b|qcustomplot)"),
        QRegularExpression::MultilineOption);
    return re;
}

} // namespace

class TstNoQtInCore : public QObject {
    Q_OBJECT

private slots:
    void patternRecognisesQtIncludes()
    {
        for (const char* yes : {"#include <QString>", "#include \"QJsonObject\"", "  #  include <QtCore/qglobal.h>",
                                "#include <qstring.h>", "#include <qcustomplot.h>", "#include <QtWidgets>"})
            QVERIFY2(qtInclude().match(QLatin1String(yes)).hasMatch(), yes);
        for (const char* no :
             {"#include <queue>", "#include \"posenc/matrix.h\"", "// QString is not used here", "#include <cmath>"})
            QVERIFY2(!qtInclude().match(QLatin1String(no)).hasMatch(), no);
    }

    void noQtHeaderUnderCore()
    {
        const QString root = QStringLiteral(POSENC_SOURCE_DIR "/core");
        QDirIterator it(root, QDir::Files, QDirIterator::Subdirectories);
        int scanned = 0;
        QStringList offenders;
        while (it.hasNext()) {
            const QString path = it.next();
            QFile f(path);
            QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(path));
            const QString text = QString::fromUtf8(f.readAll());
            ++scanned;
            auto matches = qtInclude().globalMatch(text);
            while (matches.hasNext())
                offenders << QStringLiteral("%1: %2").arg(path, matches.next().captured(0).trimmed());
            if (path.endsWith(QLatin1String("CMakeLists.txt")) || path.endsWith(QLatin1String(".cmake"))) {
                static const QRegularExpression qtTarget(QStringLiteral("\\bQt[56]?::|find_package\\s*\\(\\s*Qt"));
                if (qtTarget.match(text).hasMatch())
                    offenders << path + QStringLiteral(": links or finds Qt");
            }
        }
        qInfo("scanned %d files under %s", scanned, qPrintable(root));
        QVERIFY2(scanned >= 30, "core/ looks empty: wrong POSENC_SOURCE_DIR?");
        QVERIFY2(offenders.isEmpty(), qPrintable(QStringLiteral("Qt in core:\n") + offenders.join('\n')));
    }
};

QTEST_GUILESS_MAIN(TstNoQtInCore)
#include "tst_no_qt_in_core.moc"
