// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/Exporter.h"

#include "export/ExportTable_p.h"
#include "figures/FigureWidget.h"
#include "i18n/ErrorText.h"
#include "posenc/io/output_file.h"
#include "posenc/io/writers.h"

#include <qcustomplot.h>

#include <QBuffer>
#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <QPdfWriter>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <sstream>

namespace posenc::widgets {

using detail::paintTableFigure;
using detail::tableRowsOf;

namespace {

// Peak resident bytes per device pixel of an export (Exporter::estimateBytes): measured peak RSS above a 400 x 400
// render (42 MB), `posenc render VIEW --method rope --width 2000 --height 2000 -o x.FMT` (/usr/bin/time -v, 2-core
// machine, Qt 6.4): heatmap PNG 16, SVG 44, PDF 85 B/px (an 8000 x 8000 PDF peaked at 5.8 GB, 90 B/px); curves
// (frequencies) PDF 9.5 B/px. Rounded up by about 1.5x.
constexpr double kPngBytes = 24, kPngGridBytes = 24;
constexpr double kSvgBytes = 24, kSvgGridBytes = 64;
constexpr double kPdfBytes = 24, kPdfGridBytes = 128;
/// The largest side of an export in logical pixels (ExportOptions' range).
constexpr int kMaxExportPixels = 20000;

ExportResult failure(const QString& path, const QString& message)
{
    return {false, message, path, {}};
}

/// Empty when `path` can be written, else the reason.
QString folderProblem(const QString& path)
{
    if (path.isEmpty())
        return QCoreApplication::translate("posenc::export", "no output file given");
    const QFileInfo info(path);
    const QDir dir = info.absoluteDir();
    if (!dir.exists())
        return QCoreApplication::translate("posenc::export", "the folder %1 does not exist").arg(dir.absolutePath());
    if (!QFileInfo(dir.absolutePath()).isWritable())
        return QCoreApplication::translate("posenc::export", "the folder %1 is not writable").arg(dir.absolutePath());
    if (info.exists() && info.isDir())
        return QCoreApplication::translate("posenc::export", "%1 is a folder").arg(path);
    return {};
}

/// Through core's OutputFile (the one atomic-write mechanism): a failure names the file and the system's reason
/// ("No space left on device", "File too large", ...) and leaves no partial file; the free space is checked
/// before anything is made.
ExportResult writeAtomically(const QString& path, const QByteArray& bytes, const QString& what)
{
    try {
        io::OutputFile file(path.toStdString(), static_cast<std::uint64_t>(bytes.size()));
        file.write(bytes.constData(), static_cast<std::size_t>(bytes.size()));
        file.commit();
    } catch (const std::exception& e) {
        return failure(path, ErrorText::text(QString::fromStdString(e.what())));
    }
    return {true, QCoreApplication::translate("posenc::export", "wrote %1 (%2)").arg(path, what), path, what};
}

// CSV text through core's writer rules (io::csvField, io::csvNumber): the same quoting and number form as
// `posenc compute ... --format csv`.
QString csvField(const QString& s)
{
    return QString::fromStdString(io::csvField(s.toStdString()));
}

QString csvNumber(double v)
{
    return QString::fromStdString(io::csvNumber(v));
}

/// The plot's height above its table: what the table's rows leave (at least half the height), never less than the
/// plot's own layout needs (title, legends, the note wrapped for the export and each panel at its minimum:
/// presentation mode's larger text cut the Bounds export's title, legends and note).
int plotHeightAbove(const FigureWidget& figure, int height, int tableHeight)
{
    return std::max(height - std::min(height / 2, tableHeight),
                    figure.plot()->plotLayout()->minimumOuterSizeHint().height());
}

/// Renders the figure asked at width x height (logical; a table makes it Exporter::exportSize) through
/// QCustomPlot's own export path.
void paintFigure(FigureWidget& figure, QCPPainter& painter, int width, int height)
{
    const FigureData& data = figure.data();
    if (figure.showsTable() && figure.showsPlot()) { // plot above, table below (as on screen)
        const TableLayout t = Exporter::tableLayout(data, width, 0, false);
        const int plotHeight = plotHeightAbove(figure, height, t.size.height());
        figure.plot()->toPainter(&painter, t.size.width(), plotHeight);
        painter.save();
        painter.translate(0, plotHeight);
        paintTableFigure(painter, data, t, false);
        painter.restore();
    } else if (figure.showsTable()) {
        paintTableFigure(painter, data, Exporter::tableLayout(data, width, height, true), true);
    } else {
        figure.plot()->toPainter(&painter, width, height);
    }
}

QByteArray renderPng(FigureWidget& figure, const ExportOptions& o)
{
    QImage image = Exporter::figureImage(figure, o.width, o.height, o.scale, o.pixels);
    const int dpm = static_cast<int>(std::lround(96.0 * o.scale / 0.0254));
    image.setDotsPerMeterX(dpm);
    image.setDotsPerMeterY(dpm);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (image.isNull() || !image.save(&buffer, "PNG"))
        return {};
    return bytes;
}

/// Paints the figure in vector mode (no pixmap caching) on an SVG or PDF device.
bool paintVector(FigureWidget& figure, QPaintDevice& device, const ExportOptions& o)
{
    QCPPainter painter;
    if (!painter.begin(&device))
        return false;
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    paintFigure(figure, painter, o.width, o.height);
    painter.end();
    return true;
}

QByteArray renderSvg(FigureWidget& figure, const ExportOptions& o)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    const QSize size = Exporter::exportSize(figure, o.width, o.height);
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    generator.setTitle(figure.data().title);
    generator.setDescription(QStringLiteral("PosEnc Explorer figure"));
    return paintVector(figure, generator, o) ? bytes : QByteArray();
}

QByteArray renderPdf(FigureWidget& figure, const ExportOptions& o)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setResolution(72); // one logical pixel = one point
    const QSize size = Exporter::exportSize(figure, o.width, o.height);
    writer.setPageSize(QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch));
    writer.setPageMargins(QMarginsF(0, 0, 0, 0), QPageLayout::Point);
    writer.setTitle(figure.data().title);
    writer.setCreator(QStringLiteral("PosEnc Explorer"));
    return paintVector(figure, writer, o) ? bytes : QByteArray();
}

QByteArray csvOf(const FigureData& data)
{
    QString out;
    if (auto rows = tableRowsOf(data); !rows.empty()) {
        // CSV carries full precision: the machine column names and each cell's exact value (FigureData::tableExact).
        for (std::size_t c = 0; c < data.tableHeaderExact.size() && c < rows.front().size(); ++c)
            rows.front()[c] = data.tableHeaderExact[c];
        for (std::size_t r = 0; r < data.tableExact.size() && r + 1 < rows.size(); ++r)
            for (std::size_t c = 0; c < data.tableExact[r].size() && c < rows[r + 1].size(); ++c)
                if (!data.tableExact[r][c].isEmpty())
                    rows[r + 1][c] = data.tableExact[r][c];
        for (const auto& row : rows) {
            QStringList fields;
            for (const QString& f : row)
                fields << csvField(f);
            out += fields.join(QLatin1Char(',')) + QLatin1Char('\n');
        }
    }
    if (!data.curves.empty()) {
        out +=
            QStringLiteral("curve,") + csvField(data.csvX) + QLatin1Char(',') + csvField(data.csvY) + QLatin1Char('\n');
        for (const Curve& c : data.curves)
            for (std::size_t i = 0; i < c.x.size(); ++i)
                out += csvField(c.name) + QLatin1Char(',') + csvNumber(c.x[i]) + QLatin1Char(',') + csvNumber(c.y[i]) +
                       QLatin1Char('\n');
    }
    if (!data.grids.empty()) {
        out += QStringLiteral("grid,x_first,x_last,y,value\n");
        for (const Grid& g : data.grids) {
            const bool edges = g.rowEdges.size() == static_cast<std::size_t>(g.rows) + 1;
            const double wx = (g.xLast - g.xFirst) / static_cast<double>(std::max<std::int64_t>(1, g.rows));
            const double wy = (g.yLast - g.yFirst) / static_cast<double>(std::max<std::int64_t>(1, g.cols));
            const QString name = csvField(g.title);
            for (std::int64_t r = 0; r < g.rows; ++r) {
                const QString x0 = edges ? QString::number(g.rowEdges[static_cast<std::size_t>(r)])
                                         : csvNumber(g.xFirst + wx * (static_cast<double>(r) + 0.5));
                const QString x1 = edges ? QString::number(g.rowEdges[static_cast<std::size_t>(r) + 1] - 1) : x0;
                for (std::int64_t c = 0; c < g.cols; ++c) {
                    const double y = g.yEdges.empty() ? g.yFirst + wy * (static_cast<double>(c) + 0.5)
                                                      : g.yEdges[static_cast<std::size_t>(c)] + 0.5;
                    out += name + QLatin1Char(',') + x0 + QLatin1Char(',') + x1 + QLatin1Char(',') + csvNumber(y) +
                           QLatin1Char(',') + csvNumber(g.values[static_cast<std::size_t>(r * g.cols + c)]) +
                           QLatin1Char('\n');
                }
            }
        }
    }
    return out.toUtf8();
}

/// NPY of the first grid, or of the curves as columns when they share x; empty + reason otherwise.
QByteArray npyOf(const FigureData& data, QString* reason)
{
    Matrix m;
    if (!data.grids.empty()) {
        const Grid& g = data.grids.front();
        m.rows = static_cast<std::size_t>(g.rows);
        m.cols = static_cast<std::size_t>(g.cols);
        m.data = g.values;
    } else if (!data.curves.empty()) {
        const auto& x = data.curves.front().x;
        for (const Curve& c : data.curves)
            if (c.x != x) {
                *reason = QCoreApplication::translate("posenc::export",
                                                      "the curves do not share their x values; export CSV instead");
                return {};
            }
        m.rows = x.size();
        m.cols = 1 + data.curves.size();
        m.data.resize(m.rows * m.cols);
        for (std::size_t i = 0; i < m.rows; ++i) {
            m.data[i * m.cols] = x[i];
            for (std::size_t k = 0; k < data.curves.size(); ++k)
                m.data[i * m.cols + 1 + k] = data.curves[k].y[i];
        }
    } else {
        *reason =
            QCoreApplication::translate("posenc::export", "this figure has no numeric array (export CSV for tables)");
        return {};
    }
    std::ostringstream s;
    io::writeNpy(s, m);
    const std::string bytes = s.str();
    return QByteArray(bytes.data(), static_cast<qsizetype>(bytes.size()));
}

} // namespace

QString Exporter::formatName(ExportFormat format)
{
    switch (format) {
    case ExportFormat::Auto:
        return QStringLiteral("auto");
    case ExportFormat::Png:
        return QStringLiteral("png");
    case ExportFormat::Svg:
        return QStringLiteral("svg");
    case ExportFormat::Pdf:
        return QStringLiteral("pdf");
    case ExportFormat::Csv:
        return QStringLiteral("csv");
    case ExportFormat::Npy:
        return QStringLiteral("npy");
    }
    return {};
}

ExportFormat Exporter::formatForPath(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    for (ExportFormat f :
         {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv, ExportFormat::Npy})
        if (suffix == formatName(f))
            return f;
    return ExportFormat::Auto;
}

double Exporter::estimateBytes(ExportFormat format, const ExportOptions& options, bool grid)
{
    // Bytes per device pixel of the peak resident memory (the constants above: measured, rounded up).
    const double pixels = std::ceil(options.width * options.scale) * std::ceil(options.height * options.scale);
    switch (format) {
    case ExportFormat::Png:
        return pixels * (grid ? kPngGridBytes : kPngBytes);
    case ExportFormat::Svg:
        return pixels * (grid ? kSvgGridBytes : kSvgBytes);
    case ExportFormat::Pdf:
        return pixels * (grid ? kPdfGridBytes : kPdfBytes);
    case ExportFormat::Auto:
    case ExportFormat::Csv:
    case ExportFormat::Npy:
        break;
    }
    return 0;
}

QSize Exporter::exportSize(const FigureWidget& figure, int width, int height)
{
    if (!figure.showsTable())
        return {width, height};
    if (!figure.showsPlot())
        return tableLayout(figure.data(), width, height, true).size;
    const TableLayout t = tableLayout(figure.data(), width, 0, false); // under the plot (paintFigure)
    return {t.size.width(), plotHeightAbove(figure, height, t.size.height()) + t.size.height()};
}

Exporter::PngPlan Exporter::pngPlan(FigureWidget& figure, int width, int height, double scale)
{
    PngPlan plan;
    if (!figure.showsTable()) {
        plan.logical = {width, height};
    } else {
        const FigureWidget::ExportScope scope(figure, exportSize(figure, width, height).width());
        plan.logical = exportSize(figure, width, height);
    }
    plan.pixels = rasterSize(plan.logical, width, height, scale, {});
    plan.refused = plan.logical.width() > kMaxExportPixels || plan.logical.height() > kMaxExportPixels;
    return plan;
}

QImage Exporter::figureImage(FigureWidget& figure, int width, int height, double scale, QSize pixels)
{
    // the note wrapped for the export's width first: the plot's minimum height above a table depends on it
    const FigureWidget::ExportScope scope(figure, exportSize(figure, width, height).width());
    const QSize size = exportSize(figure, width, height);
    if (!figure.showsTable() && !pixels.isValid())
        return figure.plot()->toPixmap(width, height, scale).toImage();
    if (size.width() > kMaxExportPixels || size.height() > kMaxExportPixels)
        return {}; // a table of thousands of rows: exportFigure says so, CSV has it all
    const QSize raster = rasterSize(size, width, height, scale, pixels);
    QImage image(raster, QImage::Format_ARGB32_Premultiplied);
    if (image.isNull())
        return image;
    image.fill(Qt::white);
    QCPPainter painter(&image);
    if (pixels.isValid())
        painter.scale(double(raster.width()) / size.width(), double(raster.height()) / size.height());
    else
        painter.scale(scale, scale);
    if (figure.showsTable())
        paintFigure(figure, painter, width, height);
    else
        figure.plot()->toPainter(&painter, width, height);
    return image;
}

QSize Exporter::rasterSize(QSize size, int width, int height, double scale, QSize pixels)
{
    if (!pixels.isValid()) // a grown table keeps the factor of the asked size
        return {static_cast<int>(std::lround(size.width() * scale)),
                static_cast<int>(std::lround(size.height() * scale))};
    return {static_cast<int>(std::lround(size.width() * double(pixels.width()) / width)),
            static_cast<int>(std::lround(size.height() * double(pixels.height()) / height))};
}

ExportResult Exporter::exportFigure(FigureWidget& figure, const ExportOptions& options)
{
    const ExportFormat format = options.format == ExportFormat::Auto ? formatForPath(options.path) : options.format;
    if (format == ExportFormat::Auto)
        return failure(options.path,
                       QCoreApplication::translate("posenc::export",
                                                   "cannot tell the format of %1: use a .png, .svg, .pdf, .csv or "
                                                   ".npy file name")
                           .arg(options.path));
    if (format == ExportFormat::Csv || format == ExportFormat::Npy)
        return exportData(figure.data(), {options.path, format, options.width, options.height, options.scale, {}});
    if (options.width < 16 || options.width > 20000 || options.height < 16 || options.height > 20000)
        return failure(options.path,
                       QCoreApplication::translate("posenc::export", "the size %1 x %2 is outside 16 … 20000 pixels")
                           .arg(options.width)
                           .arg(options.height));
    if (!(options.scale >= 0.25 && options.scale <= 8))
        return failure(
            options.path,
            QCoreApplication::translate("posenc::export", "the scale %1 is outside 0.25 … 8").arg(options.scale));
    if (const QString problem = folderProblem(options.path); !problem.isEmpty())
        return failure(options.path, QCoreApplication::translate("posenc::export", "cannot export: %1").arg(problem));
    // The figure only: no hover crosshair or other overlay; the note wrapped for the export's width (before the
    // size: the plot's minimum height above a table depends on it).
    const FigureWidget::ExportScope scope(figure, exportSize(figure, options.width, options.height).width());
    // A table grows the image to fit its cells and the plot above it: refused (not cut) beyond the size limit.
    const QSize size = exportSize(figure, options.width, options.height);
    if (size.width() > kMaxExportPixels || size.height() > kMaxExportPixels)
        return failure(options.path,
                       QCoreApplication::translate("posenc::export",
                                                   "the table needs %1 x %2 pixels to show every cell, over 20000 "
                                                   "pixels: export CSV, or compare fewer methods")
                           .arg(size.width())
                           .arg(size.height()));
    QByteArray bytes;
    QString what;
    if (format == ExportFormat::Png) {
        bytes = renderPng(figure, options);
        const QSize raster = rasterSize(size, options.width, options.height, options.scale, options.pixels);
        what = QCoreApplication::translate("posenc::export", "%1 x %2 px PNG").arg(raster.width()).arg(raster.height());
        if (size != QSize(options.width, options.height)) // said, never silent
            what += QCoreApplication::translate("posenc::export",
                                                ", grown from %1 x %2 to show the whole figure and every table cell")
                        .arg(std::lround(options.width * options.scale))
                        .arg(std::lround(options.height * options.scale));
    } else if (format == ExportFormat::Svg) {
        bytes = renderSvg(figure, options);
        what = QStringLiteral("SVG");
    } else {
        bytes = renderPdf(figure, options);
        what = QStringLiteral("PDF");
    }
    if (bytes.isEmpty())
        return failure(
            options.path,
            QCoreApplication::translate("posenc::export", "rendering the %1 failed").arg(formatName(format).toUpper()));
    return writeAtomically(options.path, bytes, what);
}

ExportResult Exporter::exportData(const FigureData& data, const ExportOptions& options)
{
    const ExportFormat format = options.format == ExportFormat::Auto ? formatForPath(options.path) : options.format;
    if (format != ExportFormat::Csv && format != ExportFormat::Npy)
        return failure(
            options.path,
            QCoreApplication::translate("posenc::export", "data export writes .csv or .npy, not %1").arg(options.path));
    if (const QString problem = folderProblem(options.path); !problem.isEmpty())
        return failure(options.path, QCoreApplication::translate("posenc::export", "cannot export: %1").arg(problem));
    if (format == ExportFormat::Csv)
        return writeAtomically(options.path, csvOf(data), QStringLiteral("CSV"));
    QString reason;
    const QByteArray bytes = npyOf(data, &reason);
    if (bytes.isEmpty())
        return failure(options.path,
                       QCoreApplication::translate("posenc::export", "cannot export NPY: %1").arg(reason));
    return writeAtomically(options.path, bytes, QStringLiteral("NPY"));
}

} // namespace posenc::widgets
