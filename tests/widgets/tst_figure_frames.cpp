// SPDX-License-Identifier: GPL-3.0-or-later
// How FigureWidget draws its frames (issue 16 §7): a heatmap step drawn into the plot as built equals a fresh
// build; the opaque frame buffer (FigurePlot) paints what QCustomPlot's own way paints; the hover crosshair is on
// screen and in no export.
#include "figure_selection.h"
#include "export/Exporter.h"
#include "figures/FigurePlot.h"
#include "figures/FigureWidget.h"

#include <qcustomplot.h>

#include <QMouseEvent>
#include <QPointer>
#include <QTest>

#include <algorithm>
#include <cstdlib>

using namespace posenc;
using namespace posenc::widgets;
using posenc::widgets::test::method;
using posenc::widgets::test::request;

class TestFigureFrames : public QObject {
    Q_OBJECT
private slots:
    void aHeatmapStepIsDrawnInPlaceAsAFreshBuildDrawsIt()
    {
        // A slider step of the visible heatmap (same panels, labels and markers; new cells, ranges and note) keeps
        // the plot's axis rects and colour maps, and the picture is the one a widget built afresh from the same
        // data draws, pixel for pixel.
        const auto make = [](const char* base) {
            auto r = request(FigureKind::Heatmap, {method("rope", {{"base", base}}), method("yarn", {{"base", base}})},
                             8192);
            r.options.set("mode", std::string("side-by-side"));
            r.pixelColumns = 400;
            return computeFigure(r);
        };
        const FigureData first = make("10000"), second = make("20000");
        QVERIFY(first.grids[0].values != second.grids[0].values);
        FigureWidget stepped;
        stepped.resize(800, 500);
        stepped.setData(first);
        const QImage before = Exporter::figureImage(stepped, 800, 500);
        const QPointer<QCPAxisRect> rect = stepped.plot()->axisRect(0); // null once deleted (a rebuild)
        const QPointer<QCPAbstractPlottable> map = stepped.plot()->plottable(0);
        stepped.setData(second);
        QVERIFY2(rect && map && stepped.plot()->axisRect(0) == rect && stepped.plot()->plottable(0) == map,
                 "the step was drawn into the plot as built");
        FigureWidget fresh;
        fresh.resize(800, 500);
        fresh.setData(second);
        const QImage after = Exporter::figureImage(stepped, 800, 500);
        QVERIFY(after != before);
        QVERIFY2(after == Exporter::figureImage(fresh, 800, 500), "the step draws what a fresh build draws");
        QCOMPARE(stepped.colorRange(), fresh.colorRange());

        // Another layout (the difference of the two: one panel, another title) is built anew.
        auto r = request(FigureKind::Heatmap, {method("rope"), method("yarn")}, 8192);
        r.options.set("mode", std::string("difference"));
        r.pixelColumns = 400;
        const FigureData difference = computeFigure(r);
        stepped.setData(difference);
        QCOMPARE(stepped.plot()->axisRectCount(), static_cast<int>(difference.grids.size()));
        QVERIFY(rect.isNull());
    }

    void theScreenFrameIsTheFigureOnItsBackground()
    {
        // The plot paints its frames from one opaque buffer (FigurePlot) and the hover crosshair is two strips over
        // it: a frame is what QCustomPlot's own way paints (a background that is not opaque takes it), the
        // crosshair shows on screen only.
        const auto shown = [](FigureWidget& w, const QColor& background) {
            w.resize(700, 460);
            auto r = request(FigureKind::Heatmap, {method("rope"), method("yarn")}, 8192);
            r.options.set("mode", std::string("side-by-side"));
            r.pixelColumns = 300;
            w.setData(computeFigure(r));
            w.plot()->setBackground(background);
            w.show();
            if (!QTest::qWaitForWindowExposed(&w))
                qWarning("not exposed");
            w.plot()->replot();
            return w.plot()->grab().toImage().convertToFormat(QImage::Format_RGB32);
        };
        FigureWidget opaque, stock;
        const QImage screen = shown(opaque, Qt::white);
        const QImage reference = shown(stock, QColor(255, 255, 255, 254));
        QVERIFY(static_cast<FigurePlot*>(opaque.plot())->opaqueBackground());
        QVERIFY(!static_cast<FigurePlot*>(stock.plot())->opaqueBackground());
        QCOMPARE(screen.size(), reference.size());
        int worst = 0;
        for (int y = 0; y < screen.height(); ++y)
            for (int x = 0; x < screen.width(); ++x) {
                const QRgb a = screen.pixel(x, y), b = reference.pixel(x, y);
                worst = std::max({worst, std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                                  std::abs(qBlue(a) - qBlue(b))});
            }
        QVERIFY2(worst <= 2, qPrintable(QStringLiteral("the frames differ by %1 in a channel").arg(worst)));

        QCustomPlot* plot = opaque.plot();
        const QImage drawn = plot->toPixmap(plot->width(), plot->height()).toImage();
        const QPointF at = plot->axisRect()->rect().center();
        QMouseEvent move(QEvent::MouseMove, at, plot->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
        QCoreApplication::sendEvent(plot, &move);
        QVERIFY(opaque.crosshairShown());
        const QImage hovered = plot->grab().toImage().convertToFormat(QImage::Format_RGB32);
        const QPoint onLine(at.toPoint().x(), plot->axisRect()->rect().top() + 3);
        QVERIFY(hovered.pixel(onLine) != screen.pixel(onLine)); // the vertical line
        QVERIFY(plot->toPixmap(plot->width(), plot->height()).toImage() == drawn); // not in what is drawn
        QEvent leave(QEvent::Leave);
        QCoreApplication::sendEvent(plot, &leave);
        QVERIFY(!opaque.crosshairShown());
    }
};

QTEST_MAIN(TestFigureFrames)
#include "tst_figure_frames.moc"
