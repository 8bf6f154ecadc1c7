// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc render` as a user runs it (a separate process, no display): a PNG of the requested size for every
// view and every method where the view applies, exit status 2 and a message where it does not.
#include "posenc/registry.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QImageReader>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

using namespace posenc;

namespace {

struct Run {
    int exitCode = -1;
    QString err;
};

Run render(const QStringList& args)
{
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.remove(QStringLiteral("QT_QPA_PLATFORM")); // the command must choose the offscreen platform itself
    env.remove(QStringLiteral("DISPLAY"));
    env.remove(QStringLiteral("WAYLAND_DISPLAY"));
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(POSENC_BINARY), QStringList{QStringLiteral("render")} + args);
    if (!p.waitForFinished(-1))
        return {};
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, QString::fromUtf8(p.readAllStandardError())};
}

/// Whether VIEW applies to a method, from what its default encoding exposes (issue 4 §5 and the analysis
/// definitions): matrix views, frequencies, a rescaling, a score model, position vectors.
bool applies(const QString& view, const MethodDef& def)
{
    const ParamSet params = Registry::defaults(def);
    const auto e = Registry::build(def, params);
    const bool rotary = e->rotary() != nullptr;
    const bool none = e->kind() == MethodKind::None;
    bool vectors = false;
    for (View v : e->views())
        vectors = vectors || v != View::Bias;
    if (view == QLatin1String("heatmap"))
        return !e->views().empty();
    if (view == QLatin1String("frequencies"))
        return e->frequencyTable().has_value();
    if (view == QLatin1String("ramp"))
        return rotary && e->rotary()->scaled;
    if (view == QLatin1String("decay") || view == QLatin1String("similarity"))
        return !none;
    if (view == QLatin1String("entropy")) {
        const bool table = e->kind() == MethodKind::Additive && !e->frequencyTable(); // no relative score model
        const bool bucketIndices = def.findParam("bucket-values") && params.list("bucket-values").empty();
        return !table && !bucketIndices;
    }
    if (view == QLatin1String("spectrum") || view == QLatin1String("pca"))
        return vectors;
    if (view == QLatin1String("engines"))
        return rotary && def.findParam("engine");
    return rotary; // bounds
}

} // namespace

class TestRenderCli : public QObject {
    Q_OBJECT
private slots:
    void everyViewForEveryMethod_data()
    {
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("method");
        for (const char* view : {"heatmap", "frequencies", "ramp", "decay", "entropy", "similarity", "spectrum", "pca",
                                 "bounds", "engines"})
            for (const auto& def : Registry::instance().methods())
                QTest::addRow("%s %s", view, def.info.id.c_str())
                    << QString::fromLatin1(view) << QString::fromStdString(def.info.id);
    }
    void everyViewForEveryMethod()
    {
        QFETCH(QString, view);
        QFETCH(QString, method);
        QTemporaryDir dir;
        const QString out = dir.filePath(view + QLatin1Char('-') + method + QStringLiteral(".png"));
        const Run r = render({view, QStringLiteral("--method"), method, QStringLiteral("--length"),
                              QStringLiteral("1024"), QStringLiteral("--width"), QStringLiteral("480"),
                              QStringLiteral("--height"), QStringLiteral("320"), QStringLiteral("-o"), out});
        if (applies(view, Registry::instance().find(method.toStdString()))) {
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            QImageReader reader(out);
            if (reader.size() != QSize(480, 320)) { // a table grows the image to fit its cells, and says so
                QVERIFY2(r.err.contains(
                             QStringLiteral("grown from 480 x 320 to show the whole figure and every table cell")),
                         qPrintable(r.err));
                QVERIFY(reader.size().width() >= 480 && reader.size().height() >= 320);
            }
            const QImage image = reader.read();
            int distinct = 0;
            const QColor first = image.pixelColor(0, 0);
            for (int y = 0; y < image.height(); y += 7)
                for (int x = 0; x < image.width(); x += 7)
                    distinct += image.pixelColor(x, y) != first;
            QVERIFY2(distinct > 50, "the figure is not blank");
        } else {
            QVERIFY2(r.exitCode == 2, qPrintable(QStringLiteral("exit %1: %2").arg(r.exitCode).arg(r.err)));
            QVERIFY2(r.err.startsWith(QStringLiteral("posenc: ")) && r.err.size() > 30, qPrintable(r.err));
            QVERIFY(!QFile::exists(out));
        }
    }

    void sizeScaleAndVectorFormats()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("f.png"));
        Run r =
            render({QStringLiteral("frequencies"), QStringLiteral("--method"), QStringLiteral("yarn"),
                    QStringLiteral("--compare"), QStringLiteral("rope,pi"), QStringLiteral("--factor"),
                    QStringLiteral("16"), QStringLiteral("--width"), QStringLiteral("500"), QStringLiteral("--height"),
                    QStringLiteral("300"), QStringLiteral("--scale"), QStringLiteral("2"), QStringLiteral("-o"), png});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QCOMPARE(QImageReader(png).size(), QSize(1000, 600));
        const QString svg = dir.filePath(QStringLiteral("h.svg"));
        r = render({QStringLiteral("heatmap"), QStringLiteral("--method"), QStringLiteral("sinusoidal"),
                    QStringLiteral("--view"), QStringLiteral("pe"), QStringLiteral("--length"), QStringLiteral("2048"),
                    QStringLiteral("-o"), svg});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile f(svg);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.read(100).contains("<?xml"));
    }

    /// --font-scale keeps the output size exact: 1200 x 800 at 1.8 was laid out at 667 x 444 and written at
    /// 1201 x 799 (each side rounded, then multiplied).
    void fontScaleKeepsTheExactPixelSize()
    {
        QTemporaryDir dir;
        for (const QString& scale : {QStringLiteral("1.8"), QStringLiteral("1.3"), QStringLiteral("2.7")}) {
            const QString png = dir.filePath(QStringLiteral("s%1.png").arg(scale));
            const Run r =
                render({QStringLiteral("frequencies"), QStringLiteral("--method"), QStringLiteral("yarn"),
                        QStringLiteral("--width"), QStringLiteral("1200"), QStringLiteral("--height"),
                        QStringLiteral("800"), QStringLiteral("--font-scale"), scale, QStringLiteral("-o"), png});
            QVERIFY2(r.exitCode == 0, qPrintable(r.err));
            QCOMPARE(QImageReader(png).size(), QSize(1200, 800));
        }
    }

    /// M-RoPE's token layout is --token-layout; its first name --layout still reaches it unless a selected method
    /// has a --layout of its own (sinusoidal's interleaved / concatenated), which then takes it.
    void tokenLayoutAndSinusoidalLayout()
    {
        QTemporaryDir dir;
        const QString png = dir.filePath(QStringLiteral("m.png"));
        for (const QString& flag : {QStringLiteral("--token-layout"), QStringLiteral("--layout")}) {
            Run r = render({QStringLiteral("heatmap"), QStringLiteral("--method"), QStringLiteral("mrope"), flag,
                            QStringLiteral("text:2,image:4x4"), QStringLiteral("--length"), QStringLiteral("8"),
                            QStringLiteral("-o"), png});
            QVERIFY2(r.exitCode == 0, qPrintable(flag + QLatin1Char(' ') + r.err));
        }
        Run r = render({QStringLiteral("heatmap"), QStringLiteral("--method"), QStringLiteral("sinusoidal"),
                        QStringLiteral("--layout"), QStringLiteral("concatenated"), QStringLiteral("--compare"),
                        QStringLiteral("mrope"), QStringLiteral("--token-layout"), QStringLiteral("text:2,image:4x4"),
                        QStringLiteral("--length"), QStringLiteral("8"), QStringLiteral("-o"), png});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
    }

    void badInvocations()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("x.png"));
        // A flag no selected method takes.
        Run r = render({QStringLiteral("frequencies"), QStringLiteral("--method"), QStringLiteral("rope"),
                        QStringLiteral("--compare"), QStringLiteral("yarn"), QStringLiteral("--bogus"),
                        QStringLiteral("1"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("--bogus")));
        // Out-of-range parameter, named with its range.
        r = render({QStringLiteral("heatmap"), QStringLiteral("--method"), QStringLiteral("rope"),
                    QStringLiteral("--head-dim"), QStringLiteral("127"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("head-dim")));
        r = render({QStringLiteral("nonsense"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("heatmap")));
        r = render({QStringLiteral("--method"), QStringLiteral("rope"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        r = render({QStringLiteral("heatmap"), QStringLiteral("--method"), QStringLiteral("rope"),
                    QStringLiteral("--sampling"), QStringLiteral("median"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains(QStringLiteral("sampling")));
        QVERIFY(!QFile::exists(out));
        // View options come from the FigureSpec table: another view's option is rejected, naming the view's own.
        r = render({QStringLiteral("decay"), QStringLiteral("--method"), QStringLiteral("rope"),
                    QStringLiteral("--temperature"), QStringLiteral("none"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("not an option of the decay view")) &&
                     r.err.contains(QStringLiteral("--curve")),
                 qPrintable(r.err));
        r = render({QStringLiteral("pca"), QStringLiteral("--method"), QStringLiteral("rope"),
                    QStringLiteral("--components"), QStringLiteral("99"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--components 99")) && r.err.contains(QStringLiteral("[2, 3]")),
                 qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
        // One maximum length (2^40) for every view, and a view whose cost grows with the length names its own.
        r = render({QStringLiteral("entropy"), QStringLiteral("--method"), QStringLiteral("rope"),
                    QStringLiteral("--length"), QStringLiteral("4294967296"), QStringLiteral("--memory-budget"),
                    QStringLiteral("1000TiB"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("up to 2147483648 positions")) &&
                     r.err.contains(QStringLiteral("4294967296")),
                 qPrintable(r.err));
        r = render({QStringLiteral("frequencies"), QStringLiteral("--method"), QStringLiteral("rope"),
                    QStringLiteral("--length"), QStringLiteral("1099511627777"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("1099511627776")), qPrintable(r.err));
        QVERIFY(!QFile::exists(out));
        // Instances: a method twice with its own values; an unknown parameter of an instance is named.
        r = render({QStringLiteral("frequencies"), QStringLiteral("--method"), QStringLiteral("yarn"),
                    QStringLiteral("--compare"), QStringLiteral("yarn:bogus=1"), QStringLiteral("-o"), out});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(QStringLiteral("bogus")) && r.err.contains(QStringLiteral("yarn")), qPrintable(r.err));
        r = render({QStringLiteral("frequencies"), QStringLiteral("--method"), QStringLiteral("yarn"),
                    QStringLiteral("--factor"), QStringLiteral("8"), QStringLiteral("--compare"),
                    QStringLiteral("yarn:factor=4,yarn:ramp=paper"), QStringLiteral("-o"), out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QFile::remove(out);
        // A folder that does not exist: nothing written, the reason given.
        r = render({QStringLiteral("ramp"), QStringLiteral("--method"), QStringLiteral("yarn"), QStringLiteral("-o"),
                    QStringLiteral("/nonexistent-posenc/x.png")});
        QCOMPARE(r.exitCode, 1);
        QVERIFY(r.err.contains(QStringLiteral("does not exist")));
    }

    /// Gallery figures carry their caption and source under the figure (issue 16): `render --caption/--source`
    /// draws them (the picture differs from the one without), `posenc gallery --no-caption` leaves them out.
    void captionUnderTheFigure()
    {
        QTemporaryDir dir;
        const QString plain = dir.filePath(QStringLiteral("plain.png")),
                      captioned = dir.filePath(QStringLiteral("c.png"));
        const QStringList base = {QStringLiteral("ramp"), QStringLiteral("--method"), QStringLiteral("yarn")};
        QCOMPARE(render(base + QStringList{QStringLiteral("-o"), plain}).exitCode, 0);
        const Run r = render(base + QStringList{QStringLiteral("--caption"), QStringLiteral("What the figure shows."),
                                                QStringLiteral("--source"), QStringLiteral("Peng et al. 2023"),
                                                QStringLiteral("-o"), captioned});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QImage a(plain), b(captioned);
        QCOMPARE(a.size(), b.size());
        // The lowest 40 rows hold the caption: dark text pixels there only in the captioned image.
        auto darkBottom = [](const QImage& img) {
            int dark = 0;
            for (int y = img.height() - 40; y < img.height(); ++y)
                for (int x = 0; x < img.width(); ++x)
                    dark += qGray(img.pixel(x, y)) < 50; // caption text (30) is darker than the note (70)
            return dark;
        };
        QVERIFY2(darkBottom(b) > darkBottom(a) + 50,
                 qPrintable(QStringLiteral("%1 vs %2").arg(darkBottom(b)).arg(darkBottom(a))));

        QProcess p;
        p.start(QStringLiteral(POSENC_BINARY),
                {QStringLiteral("gallery"), QStringLiteral("--only"), QStringLiteral("t5-buckets"),
                 QStringLiteral("--no-caption"), QStringLiteral("--out"), dir.filePath(QStringLiteral("g"))});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY(QFileInfo::exists(dir.filePath(QStringLiteral("g/t5-buckets.png"))));
    }
};

QTEST_GUILESS_MAIN(TestRenderCli)
#include "tst_render_cli.moc"
