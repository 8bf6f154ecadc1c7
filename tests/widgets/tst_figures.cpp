// SPDX-License-Identifier: GPL-3.0-or-later
// computeFigure against core numbers, paper numbers and direct formulas; FigureWidget behaviour (zoom window
// signal, hover read-out); the Exporter (pixel size, formats, failures leave no file).
#include "figure_selection.h"
#include "export/Exporter.h"
#include "figures/FigureWidget.h"
#include "posenc/errors.h"
#include "posenc/registry.h"

#include <qcustomplot.h>

#include <QElapsedTimer>
#include <QMouseEvent>
#include <QImageReader>
#include <QPainter>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>

#include <set>

#include <cmath>
#include <numbers>
#include <unistd.h>

using namespace posenc;
using namespace posenc::widgets;
using posenc::widgets::test::method;
using posenc::widgets::test::request;

namespace {

const Curve& curveNamed(const FigureData& d, const QString& name)
{
    for (const Curve& c : d.curves)
        if (c.name == name)
            return c;
    throw std::runtime_error("no curve " + name.toStdString());
}

} // namespace

class TestFigures : public QObject {
    Q_OBJECT
private slots:
    void sameMethodTwiceIsNamedAndColouredApart()
    {
        auto r = request(FigureKind::Frequencies, {method("yarn", {{"factor", "8"}}), method("yarn", {{"factor", "4"}}),
                                                   method("yarn", {{"factor", "8"}, {"ramp", "paper"}})});
        const auto d = computeFigure(r);
        QStringList names;
        std::set<std::string> keys;
        for (const Curve& c : d.curves)
            if (!c.methodId.empty()) {
                names << c.name;
                keys.insert(c.methodId);
            }
        QVERIFY2(names.join(";").contains(QStringLiteral("factor=4")), qPrintable(names.join(";")));
        QVERIFY2(names.join(";").contains(QStringLiteral("ramp=paper")), qPrintable(names.join(";")));
        QCOMPARE(keys.size(), std::size_t(3));
        QVERIFY(methodColor("yarn") != methodColor("yarn#2"));
        QVERIFY(methodColor("yarn#2") != methodColor("yarn#3"));
        // The figure states what each compared instance uses where it differs from the primary.
        QVERIFY2(d.note.contains(QStringLiteral("differ from YaRN")) && d.note.contains(QStringLiteral("factor=4")),
                 qPrintable(d.note));
    }

    void everyMethodHasItsOwnColour()
    {
        // Qwen3-VL's config compares M-RoPE with RoPE and PI: with 16 colours for 18 methods, M-RoPE was RoPE's
        // black and interleaved M-RoPE PI's orange. Every pair of registered methods must be told apart by eye
        // (RGB distance above 25; the closest pair drawn together in a preset is further apart).
        const auto& methods = posenc::Registry::instance().methods();
        for (std::size_t i = 0; i < methods.size(); ++i)
            for (std::size_t j = i + 1; j < methods.size(); ++j) {
                const QColor a = methodColor(methods[i].info.id), b = methodColor(methods[j].info.id);
                const double dr = a.red() - b.red(), dg = a.green() - b.green(), db = a.blue() - b.blue();
                QVERIFY2(std::sqrt(dr * dr + dg * dg + db * db) > 25,
                         qPrintable(QStringLiteral("%1 and %2 share %3")
                                        .arg(QString::fromStdString(methods[i].info.id),
                                             QString::fromStdString(methods[j].info.id), a.name())));
            }
    }

    void wavelengthCurvesAreTheMethodsWavelengths()
    {
        const auto d =
            computeFigure(request(FigureKind::Frequencies, {method("rope"), method("yarn"), method("alibi")}));
        QVERIFY(d.logY);
        QCOMPARE(d.curves.size(), std::size_t(2)); // ALiBi has no frequencies, and the note says so
        QVERIFY(d.note.contains(QStringLiteral("ALiBi")));
        // RoPE: lambda_i = 2 pi 10000^(2i/128) (direct formula).
        const Curve& rope = d.curves[0];
        QCOMPARE(rope.y.size(), std::size_t(64));
        for (std::size_t i = 0; i < 64; ++i)
            QVERIFY(std::abs(rope.y[i] / (2 * std::numbers::pi * std::pow(10000.0, 2.0 * i / 128.0)) - 1) < 1e-13);
        // YaRN: the curve is core's frequency table.
        const auto yarn = Registry::build(Registry::instance().find("yarn"), method("yarn").params);
        QVERIFY(d.curves[1].y == yarn->frequencyTable()->wavelength);
    }

    void referenceLinesAtL0AndTheRampBounds()
    {
        // YaRN defaults: L0 4096, s 8, beta 32, alpha 1 -> lines at 4096 (L0 = L0/alpha), 32768 (s L0), 128 (L0/beta).
        const auto d = computeFigure(request(FigureKind::Frequencies, {method("yarn")}));
        std::map<double, QString> lines;
        for (const auto& m : d.horizontalMarkers)
            lines[m.x] = m.label;
        QCOMPARE(lines.size(), std::size_t(3));
        QVERIFY(lines.at(4096).contains(QStringLiteral("L0/α")) && lines.at(4096).contains(QStringLiteral("L0 =")));
        QVERIFY(lines.at(32768).startsWith(QStringLiteral("s·L0")));
        QVERIFY(lines.at(128).startsWith(QStringLiteral("L0/β")));
    }

    void rampCurvesAndWhereThereIsNone()
    {
        const auto d = computeFigure(request(FigureKind::Ramp, {method("llama3"), method("pi"), method("rope")}));
        const auto llama3 = Registry::build(Registry::instance().find("llama3"), method("llama3").params);
        // One legend entry per method (its first line, gamma_paper when it has one); the axis says solid/dashed.
        QVERIFY(curveNamed(d, QStringLiteral("Llama 3 scaling")).y == *llama3->frequencyTable()->ramp);
        QVERIFY(!curveNamed(d, QStringLiteral("Llama 3 scaling")).dashed);
        // Llama 3.1 bands (paper numbers): 29 pairs kept (gamma 1), 29 divided by 8 (gamma 0).
        const auto& g = curveNamed(d, QStringLiteral("Llama 3 scaling")).y;
        QCOMPARE(std::count(g.begin(), g.end(), 1.0), 29L);
        QCOMPARE(std::count(g.begin(), g.end(), 0.0), 29L);
        // PI interpolates every pair fully: fraction 1 = log(theta/theta')/log(s).
        QVERIFY(curveNamed(d, QStringLiteral("Position Interpolation")).dashed);
        for (double f : curveNamed(d, QStringLiteral("Position Interpolation")).y)
            QVERIFY(std::abs(f - 1) < 1e-12);
        // No "Position Interpolation interpolation"; one entry says what dashed means (issue 35).
        int dashedEntries = 0;
        for (const Curve& c : d.curves) {
            dashedEntries += c.name.startsWith(QStringLiteral("dashed: "));
            QVERIFY2(c.name.startsWith(QStringLiteral("dashed: ")) ||
                         !c.name.contains(QStringLiteral("interpolation"), Qt::CaseSensitive),
                     qPrintable(c.name));
        }
        QCOMPARE(dashedEntries, 1);
        QVERIFY(d.yLabel.contains(QStringLiteral("ramp γᵢ")) && d.yLabel.contains(QStringLiteral("interpolation")));
        QVERIFY(d.note.contains(QStringLiteral("RoPE")));
        QVERIFY_THROWS_EXCEPTION(InvalidInput, computeFigure(request(FigureKind::Ramp, {method("rope")})));
    }

    void heatmapOfAMillionPositionsAtScreenResolution()
    {
        auto r = request(FigureKind::Heatmap, {method("yarn")}, 1048576);
        r.pixelColumns = 1024;
        QElapsedTimer timer;
        timer.start();
        const auto d = computeFigure(r);
        qInfo("heatmap of 1,048,576 positions at 1024 bins: %.1f ms", static_cast<double>(timer.nsecsElapsed()) / 1e6);
        QCOMPARE(d.grids.size(), std::size_t(1));
        const Grid& g = d.grids[0];
        QCOMPARE(g.rows, std::int64_t(1024));
        QCOMPARE(g.cols, std::int64_t(128));
        QCOMPARE(g.rowEdges.back(), std::int64_t(1048576));
        QVERIFY(g.scale == Grid::Scale::Diverging);
        // Bin 700 of channel 50 against the direct mean of a cos(m theta'_50) (YaRN: half pairing).
        const auto yarn = Registry::build(Registry::instance().find("yarn"), method("yarn").params);
        const auto* f = yarn->rotary();
        long double s = 0;
        for (std::int64_t m = g.rowEdges[700]; m < g.rowEdges[701]; ++m)
            s += std::cos(static_cast<long double>(m) * f->invFreq[50]);
        const double ref = static_cast<double>(f->attentionFactor * s / (g.rowEdges[701] - g.rowEdges[700]));
        QVERIFY(std::abs(g.values[700 * 128 + 50] - ref) < 1e-12);
        QVERIFY(g.valueLabel.contains(QStringLiteral("a·cos")));
        QVERIFY(d.note.contains(QStringLiteral("exact mean")));
    }

    void heatmapWindowSidesAndDifference()
    {
        auto r = request(FigureKind::Heatmap, {method("rope"), method("pi")}, 32768);
        r.windowFirst = 1000;
        r.windowLast = 3000;
        r.pixelColumns = 500;
        r.options.set("mode", std::string("side-by-side"));
        const auto side = computeFigure(r);
        QCOMPARE(side.grids.size(), std::size_t(2));
        QCOMPARE(side.grids[0].xFirst, 999.5);
        QCOMPARE(side.grids[0].xLast, 2999.5);
        r.options.set("mode", std::string("difference"));
        const auto diff = computeFigure(r);
        QCOMPARE(diff.grids.size(), std::size_t(1));
        for (std::size_t i = 0; i < diff.grids[0].values.size(); i += 97)
            QCOMPARE(diff.grids[0].values[i], side.grids[0].values[i] - side.grids[1].values[i]);
        // Different shapes: a note, not a wrong picture.
        auto other = request(FigureKind::Heatmap, {method("rope"), method("pi", {{"head-dim", "64"}})}, 4096);
        other.options.set("mode", std::string("difference"));
        const auto mismatch = computeFigure(other);
        QCOMPARE(mismatch.grids.size(), std::size_t(1));
        QVERIFY(mismatch.note.contains(QStringLiteral("equal shapes")));
        // Point sampling shows the first position of each bin.
        r.options.set("mode", std::string("primary"));
        r.options.set("sampling", std::string("point"));
        const auto point = computeFigure(r);
        QVERIFY(point.note.contains(QStringLiteral("point sampling"), Qt::CaseInsensitive));
    }

    void heatmapRejectsViewsAMethodDoesNotHave()
    {
        auto r = request(FigureKind::Heatmap, {method("alibi")});
        r.options.set("view", std::string("cos"));
        try {
            computeFigure(r);
            QFAIL("expected InvalidInput");
        } catch (const InvalidInput& e) {
            QVERIFY(QString::fromUtf8(e.what()).contains(QStringLiteral("bias")));
        }
        r.options.set("view", std::string("bias"));
        const auto d = computeFigure(r);
        QCOMPARE(d.grids.size(), std::size_t(1));
        const Grid& g = d.grids[0];
        QVERIFY(std::isnan(g.values[static_cast<std::size_t>(g.cols - 1)]));    // query 0, last keys: masked (future)
        QVERIFY(g.values[static_cast<std::size_t>((g.rows - 1) * g.cols)] < 0); // last queries, first keys: -m (q - k)
        QVERIFY(g.xLabel == QStringLiteral("query position") && g.yLabel == QStringLiteral("key position"));
    }

    void entropyMatchesThePaperNumbers()
    {
        // theory.md §6, all-ones score: H(4096) = 3.5641 (RoPE, d 128) and 1.8980 (YaRN s 8, index ramp, L0 4096).
        auto r = request(FigureKind::Entropy, {method("rope"), method("yarn")}, 4096);
        r.options.set("show", std::string("entropy")); // H itself (the default draws H − H(RoPE, n))
        r.options.set("score", std::string("all-ones"));
        const auto d = computeFigure(r);
        QVERIFY(std::abs(curveNamed(d, QStringLiteral("RoPE")).y.back() - 3.5641) < 5e-5);
        QVERIFY(std::abs(curveNamed(d, QStringLiteral("YaRN")).y.back() - 1.8980) < 5e-5);
        const Curve& uniform = curveNamed(d, QStringLiteral("uniform ln n"));
        QVERIFY(uniform.methodId.empty() && uniform.dashed);
        QVERIFY(std::abs(uniform.y.back() - std::log(4096.0)) < 1e-12);
        QVERIFY(d.logX);
        // The view's default score model (expected-similar, sigma2 0.25): 8.2300 and 8.2241 (NumPy,
        // tests/data/entropy_default.json), YaRN's temperature bringing H back to RoPE's.
        r.options = {};
        r.options.set("show", std::string("entropy"));
        const auto def = computeFigure(r);
        QVERIFY(std::abs(curveNamed(def, QStringLiteral("RoPE")).y.back() - 8.229954337887843) < 1e-9);
        QVERIFY(std::abs(curveNamed(def, QStringLiteral("YaRN")).y.back() - 8.224068525419828) < 1e-9);
        QCOMPARE(def.panels.size(), std::size_t(1)); // the score model on the figure, above the curves
        QVERIFY2(def.panels[0].title.contains(QStringLiteral("expected-similar, σ² = 0.25")),
                 qPrintable(def.panels[0].title));
        // The score model is the rotary methods': ALiBi's logits are its bias alone, the sinusoidal encoding's the
        // dot product of its vectors, and the note says so for each (their curves do not move with Score or σ²).
        auto mixed = request(FigureKind::Entropy, {method("rope"), method("alibi"), method("sinusoidal")}, 4096);
        mixed.options.set("show", std::string("entropy")); // H itself: the default subtracts RoPE's, which moves
        const auto m = computeFigure(mixed);
        QVERIFY2(m.note.contains(QStringLiteral("ALiBi: logits z(Δ) = bias(Δ)/t")), qPrintable(m.note));
        QVERIFY2(m.note.contains(QStringLiteral("z(Δ) = Σᵢ cos(Δωᵢ)/(t·√d_model)")), qPrintable(m.note));
        QVERIFY2(m.note.contains(QStringLiteral("Rotary methods: logits z(Δ) = c_sm·score(Δ)/(t·√head_dim)")),
                 qPrintable(m.note));
        QVERIFY2(m.note.contains(QStringLiteral("temperature t = 1 (“method”: the method's own factors enter as a² "
                                                "and c_sm, not through t)")),
                 qPrintable(m.note));
        mixed.options.set("sigma2", 1.0);
        const auto m1 = computeFigure(mixed);
        QCOMPARE(curveNamed(m1, QStringLiteral("ALiBi")).y, curveNamed(m, QStringLiteral("ALiBi")).y);
    }

    void decayMatchesRoFormer()
    {
        // RoFormer bound, d 128: U(0) = 32.5, U(100) = 10.2273.
        const auto d = computeFigure(request(FigureKind::Decay, {method("rope")}, 256));
        const Curve& u = d.curves.front();
        QCOMPARE(u.x.size(), std::size_t(256));
        QVERIFY(std::abs(u.y[0] - 32.5) < 1e-9);
        QVERIFY(std::abs(u.y[100] - 10.2273) < 5e-5);
    }

    void boundsTable()
    {
        // LLaMA-2 (d 128, base 1e4, 4096): d_extra 92, T_extra 4711.7; L_theta(1e4) = 1706.
        const auto d = computeFigure(request(FigureKind::Bounds, {method("rope"), method("alibi")}, 4096));
        QCOMPARE(d.tableHeader.size(), std::size_t(2));
        QCOMPARE(d.tableRows[0][1], QStringLiteral("92"));
        QCOMPARE(d.tableRows[1][1], QStringLiteral("4.71 × 10³")); // 4711.7, three significant digits
        QCOMPARE(d.tableRows[2][1], QStringLiteral("1706"));
        QVERIFY(d.note.contains(QStringLiteral("ALiBi")));
    }

    void float16EndIsExplainedOnlyWhereItIs()
    {
        // "float16 holds numbers only up to 65504: its curve ends at m = 31459" at a length of 32768 gave a false
        // reason (the curve ends at its last point with an error); said only when the view goes past 65504
        const auto shortView = computeFigure(request(FigureKind::Precision, {method("rope")}, 32768));
        QVERIFY2(!shortView.note.contains(QStringLiteral("65504")), qPrintable(shortView.note));
        const auto longView = computeFigure(request(FigureKind::Precision, {method("rope")}, 131072));
        QVERIFY2(longView.note.contains(QStringLiteral("65504")), qPrintable(longView.note));
    }

    void collisionMarkersNameTheirPosition()
    {
        // A marker's label may stand on either side of its line (label placement): it says where the collisions
        // start. Pair 0 turns by m itself: bfloat16's 8 significant bits hold every integer up to 256 (257 rounds to
        // 256), float16's 11 bits every integer up to 2048.
        const auto d = computeFigure(request(FigureKind::Precision, {method("rope")}, 32768));
        QStringList labels;
        for (const auto& m : d.verticalMarkers)
            labels << m.label;
        const QString all = labels.join(QLatin1Char('|'));
        QVERIFY2(labels.contains(QStringLiteral("bfloat16: neighbours collide from m = 256")), qPrintable(all));
        QVERIFY2(labels.contains(QStringLiteral("float16: neighbours collide from m = 2048")), qPrintable(all));
    }

    void zoomingAHeatmapAsksForTheVisibleWindow()
    {
        FigureWidget w;
        w.resize(900, 500);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto r = request(FigureKind::Heatmap, {method("rope")}, 32768);
        r.pixelColumns = 600;
        w.setData(computeFigure(r));
        w.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QSignalSpy spy(&w, &FigureWidget::visibleWindowChanged);
        w.plot()->axisRects().front()->axis(QCPAxis::atBottom)->setRange(1000.2, 2000.7);
        QCOMPARE(spy.count(), 1);
        QCOMPARE(spy.at(0).at(0).toLongLong(), 1001LL);
        QCOMPARE(spy.at(0).at(1).toLongLong(), 2001LL);
        QVERIFY(spy.at(0).at(2).toInt() > 100);
        // Panning past the end is held at the encoded length.
        w.plot()->axisRects().front()->axis(QCPAxis::atBottom)->setRange(32000, 33000);
        QCOMPARE(spy.last().at(1).toLongLong(), 32768LL);
        // New data for the window keeps the zoom.
        r.windowFirst = 31768;
        w.setData(computeFigure(r));
        QCOMPARE(w.plot()->axisRects().front()->axis(QCPAxis::atBottom)->range().upper, 32767.5);
        w.resetView();
        QCOMPARE(spy.last().at(0).toLongLong(), 0LL);
        QCOMPARE(spy.last().at(1).toLongLong(), 32768LL);
        // Hovering the map reads out the cell under the mouse.
        w.plot()->replot(QCustomPlot::rpImmediateRefresh);
        QSignalSpy hover(&w, &FigureWidget::hovered);
        QCPAxisRect* rect = w.plot()->axisRects().front();
        const QPointF at(rect->axis(QCPAxis::atBottom)->coordToPixel(32000),
                         rect->axis(QCPAxis::atLeft)->coordToPixel(5));
        QMouseEvent move(QEvent::MouseMove, at, w.plot()->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QCoreApplication::sendEvent(w.plot(), &move);
        QCOMPARE(hover.count(), 1); // the data shown is the window 31768..32767 (its last setData)
        QVERIFY2(hover.last().at(0).toString().contains(QStringLiteral("dimension j = 5")),
                 qPrintable(hover.last().at(0).toString()));
    }

    void colourMapsAndRange()
    {
        FigureWidget w;
        auto r = request(FigureKind::Heatmap, {method("rope")}, 1024);
        r.options.set("view", std::string("angle"));
        w.setData(computeFigure(r));
        QVERIFY(w.colorMap() == ColorMapKind::Cyclic);
        QCOMPARE(w.colorRange().first, 0.0);
        QCOMPARE(w.colorRange().second, 2 * std::numbers::pi);
        r.options.set("view", std::string("sin"));
        w.setData(computeFigure(r));
        QVERIFY(w.colorMap() == ColorMapKind::Diverging);
        QCOMPARE(w.colorRange().first, -w.colorRange().second); // symmetric around 0
        w.setColorRange(-0.5, 0.25);
        QCOMPARE(w.colorRange().second, 0.25);
        w.setAutoColorRange();
        QCOMPARE(w.colorRange().first, -w.colorRange().second);
        w.setColorMap(ColorMapKind::Grey);
        w.setData(computeFigure(r));
        QVERIFY(w.colorMap() == ColorMapKind::Grey); // a user choice survives new data
    }

    void exportsAtTheRequestedSize()
    {
        QTemporaryDir dir;
        FigureWidget w;
        w.resize(640, 480);
        auto r = request(FigureKind::Heatmap, {method("rope"), method("yarn")}, 8192);
        r.options.set("mode", std::string("side-by-side"));
        r.pixelColumns = 400;
        w.setData(computeFigure(r));
        ExportOptions o{dir.filePath(QStringLiteral("fig.png")), ExportFormat::Auto, 800, 500, 2.0, {}};
        const auto png = Exporter::exportFigure(w, o);
        QVERIFY2(png.ok, qPrintable(png.message));
        QImageReader reader(o.path);
        QCOMPARE(reader.size(), QSize(1600, 1000));
        QCOMPARE(reader.format(), QByteArray("png"));
        const QImage image = reader.read();
        QVERIFY(image.pixelColor(400, 500) != image.pixelColor(5, 5)); // the left map is drawn

        for (const char* name : {"fig.svg", "fig.pdf", "fig.csv", "fig.npy"}) {
            o.path = dir.filePath(QString::fromLatin1(name));
            const auto res = Exporter::exportFigure(w, o);
            QVERIFY2(res.ok, qPrintable(res.message));
            QFile f(o.path);
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray head = f.read(128);
            if (o.path.endsWith(QStringLiteral(".svg"))) {
                QVERIFY(head.contains("<?xml"));
                QSvgRenderer svg(o.path);
                QVERIFY(svg.isValid());
                QCOMPARE(svg.viewBox(), QRect(0, 0, 800, 500));
                QImage drawn(800, 500, QImage::Format_ARGB32);
                drawn.fill(Qt::white);
                QPainter painter(&drawn);
                svg.render(&painter);
                painter.end();
                QVERIFY(drawn.pixelColor(200, 250) != QColor(Qt::white)); // the left colour map is in the SVG
            } else if (o.path.endsWith(QStringLiteral(".pdf")))
                QVERIFY(head.startsWith("%PDF"));
            else if (o.path.endsWith(QStringLiteral(".npy")))
                QVERIFY(head.startsWith("\x93NUMPY") && head.contains("'shape': (400, 128)"));
            else
                QVERIFY(head.startsWith("grid,x_first,x_last,y,value"));
        }
    }

    void failedExportsLeaveNoFile()
    {
        FigureWidget w;
        w.setData(computeFigure(request(FigureKind::Frequencies, {method("rope")})));
        const QString missing = QStringLiteral("/nonexistent-posenc-folder/fig.png");
        auto res = Exporter::exportFigure(w, {missing, ExportFormat::Auto, 800, 500, 1.0, {}});
        QVERIFY(!res.ok);
        QVERIFY2(res.message.contains(QStringLiteral("does not exist")), qPrintable(res.message));
        QVERIFY(!QFile::exists(missing));
        // A folder nobody may create files in (/proc refuses even root).
        const QString proc = QStringLiteral("/proc/posenc-export-test.png");
        res = Exporter::exportFigure(w, {proc, ExportFormat::Auto, 800, 500, 1.0, {}});
        QVERIFY(!res.ok);
        QVERIFY(!res.message.isEmpty());
        QVERIFY(!QFile::exists(proc));
        QTemporaryDir dir;
        if (geteuid() != 0) {
            const QString locked = dir.filePath(QStringLiteral("locked"));
            QVERIFY(QDir().mkdir(locked));
            QFile::setPermissions(locked, QFileDevice::ReadOwner | QFileDevice::ExeOwner);
            res = Exporter::exportFigure(w, {locked + QStringLiteral("/fig.png"), ExportFormat::Auto, 800, 500, 1.0, {}});
            QVERIFY(!res.ok);
            QVERIFY2(res.message.contains(QStringLiteral("not writable")), qPrintable(res.message));
            QVERIFY(QDir(locked).entryList(QDir::Files | QDir::Hidden).isEmpty());
            QFile::setPermissions(locked, QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
        }
        // An existing file is untouched by a rejected export.
        const QString keep = dir.filePath(QStringLiteral("keep.png"));
        QFile f(keep);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("old");
        f.close();
        res = Exporter::exportFigure(w, {keep, ExportFormat::Auto, 8, 8, 1.0, {}});
        QVERIFY(!res.ok);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), QByteArray("old"));
    }
};

QTEST_MAIN(TestFigures)
#include "tst_figures.moc"
