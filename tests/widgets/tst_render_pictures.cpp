// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc render` options of issue 7 §2 as a user passes them: bounds context / training length, the difference
// without the attention factor (checked in the exported CSV), its partner, the decay and PCA options.
#include <QFile>
#include <QImageReader>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <map>

namespace {

struct Run {
    int exitCode = -1;
    QString err;
};

Run render(const QStringList& args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("DISPLAY"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(POSENC_BINARY), QStringList{QStringLiteral("render")} + args);
    if (!p.waitForFinished(-1))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardError())};
}

QStringList split(const QString& s)
{
    return s.split(QLatin1Char(' '), Qt::SkipEmptyParts);
}

} // namespace

class TestRenderPictures : public QObject {
    Q_OBJECT
private slots:
    void boundsContextAndTrainingLength()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("b.png"));
        Run r = render(split(QStringLiteral("bounds --method yarn --compare rope --context-length 4096 "
                                            "--train-length 2048 -o ")) +
                       QStringList{png});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(QImageReader(png).size(), QSize(1200, 700));
        const QString csv = dir.filePath(QStringLiteral("b.csv"));
        r = render(split(QStringLiteral("bounds --method yarn --compare rope --context-length 4096 "
                                        "--train-length 2048 -o ")) +
                   QStringList{csv});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(f.readAll());
        // d_extra at T_train 2048 for both methods (Liu et al.: 2 ceil(64 log_1e4(2048 / 2 pi)) = 82).
        QVERIFY2(text.contains(QStringLiteral("(Liu et al.),82,82")), qPrintable(text.left(400)));
        r = render(split(QStringLiteral("bounds --method yarn --train-length 0 -o ")) + QStringList{png});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("train-length")));
    }

    void differenceWithoutAttentionFactorInTheExport()
    {
        QTemporaryDir dir;
        const QString csv = dir.filePath(QStringLiteral("d.csv"));
        Run r = render(split(QStringLiteral("heatmap --method rope --compare pi,yarn --partner yarn --mode difference "
                                            "--view cos --length 256 --pixels 256 -o ")) +
                       QStringList{csv});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile f(csv);
        QVERIFY(f.open(QIODevice::ReadOnly));
        // grid,x_first,x_last,y,value: channel y of pair y mod 64; YaRN keeps pairs 0..20 (YaRN paper, β 32) and
        // ramps 21..45.
        std::map<int, double> largest;
        f.readLine();
        while (!f.atEnd()) {
            const auto fields = QString::fromUtf8(f.readLine()).trimmed().split(QLatin1Char(','));
            const int channel = static_cast<int>(std::lround(fields[3].toDouble()));
            largest[channel] = std::max(largest[channel], std::abs(fields[4].toDouble()));
        }
        QCOMPARE(largest.size(), std::size_t(128));
        for (const auto& [channel, value] : largest) {
            if (channel % 64 <= 20)
                QCOMPARE(value, 0.0);
            else if (channel % 64 <= 30) // ramped pairs with wavelengths of a few hundred positions
                QVERIFY(value > 0.01);
        }
        r = render(split(QStringLiteral("heatmap --method rope --compare pi --partner yarn --mode difference -o ")) +
                   QStringList{csv});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("Partner “yarn” is not a compared method; the compared methods are Position Interpolation (pi)")),
                 qPrintable(r.err));
        r = render(split(QStringLiteral("heatmap --method rope --compare yarn --mode difference "
                                        "--attention-factor-in-view maybe -o ")) +
                   QStringList{csv});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("attention-factor-in-view")));
    }

    void decayAndPcaOptions()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("x.png"));
        Run r = render(split(QStringLiteral("decay --method rope --compare alibi --max-distance 4096 --log-x true "
                                            "--normalise true -o ")) +
                       QStringList{png});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        r = render(split(QStringLiteral("decay --method rope --max-distance 1 -o ")) + QStringList{png});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("max-distance")));
        r = render(split(QStringLiteral("pca --method sinusoidal --components 5 -o ")) + QStringList{png});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("components")));
    }
};

QTEST_GUILESS_MAIN(TestRenderPictures)
#include "tst_render_pictures.moc"
