// SPDX-License-Identifier: GPL-3.0-or-later
// MainWindow: File ▸ Export view, Edit ▸ Copy figure, and the default export file name.
#include "MainWindow.h"

#include "explorer/ParamsModel.h"
#include "explorer/Settings.h"
#include "explorer/StatusReadout.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "export/ExportDialog.h"
#include "export/Exporter.h"
#include "figures/FigureWidget.h"

#include <QClipboard>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLayout>
#include <QStatusBar>

#include <algorithm>
#include <cmath>

#include <qcustomplot.h>

namespace posenc::widgets {

namespace {

/// `text` as a file-name part: letters, digits, '.', '-' ("yarn#2" -> "yarn-2").
QString fileNamePart(const std::string& text)
{
    QString out;
    for (const QChar c : QString::fromStdString(text))
        out += c.isLetterOrNumber() || c == QLatin1Char('.') || c == QLatin1Char('-') ? c : QLatin1Char('-');
    return out;
}

} // namespace

void MainWindow::exportCurrentView()
{
    auto* p = currentPage();
    if (!p)
        return;
    const auto result = ExportDialog::exportFigure(*p->figure(), this, defaultExportBase(),
                                                   [this](const ExportOptions& o) { return exportCurrentViewTo(o); });
    if (!result.ok)
        return;
    const QFileInfo written(result.path);
    m_settings->setLastExportDir(written.absolutePath());
    // with the size written: a PNG grown to show every table cell says so here too
    const QString message = tr("Exported to %1 (%2)").arg(QDir::toNativeSeparators(written.absoluteFilePath()), result.what);
    m_lastExport = written.absoluteFilePath();
    statusBar()->showMessage(message, 30000);
    m_readout->setHover(message);
}

ExportResult MainWindow::exportCurrentViewTo(const ExportOptions& options)
{
    ViewPage* p = currentPage();
    if (!p)
        return {false, tr("No view to export"), options.path, {}};
    FigureWidget& figure = *p->figure();
    const ExportFormat format =
        options.format == ExportFormat::Auto ? Exporter::formatForPath(options.path) : options.format;
    const bool image = format == ExportFormat::Png || format == ExportFormat::Svg || format == ExportFormat::Pdf;
    const auto& shown = m_coordinator->shownRequest(p);
    if (!image || !p->spec().positionAxis || !shown || options.width < 16 || options.height < 16)
        return Exporter::exportFigure(figure, options); // CSV / NPY: the data on screen; a bad size: its message
    // Laid out at the export's size, then one bin per device pixel of its plot (as posenc render).
    FigureWidget layout;
    layout.resize(options.width, options.height);
    layout.setData(figure.data());
    if (QLayout* column = layout.layout()) // never shown: its plot gets the export's size only when activated
        column->activate();
    layout.plot()->replot(QCustomPlot::rpImmediateRefresh);
    if (layout.plot()->width() < options.width / 2) // not laid out: the screen's data rather than a wrong binning
        return Exporter::exportFigure(figure, options);
    FigureRequest request = *shown;
    request.pixelColumns = std::max(1, static_cast<int>(std::lround(layout.pixelColumns() * options.scale)));
    request.pixelRows = std::max(1, static_cast<int>(std::lround(layout.pixelRows() * options.scale)));
    if (request.pixelColumns == shown->pixelColumns && request.pixelRows == shown->pixelRows)
        return Exporter::exportFigure(figure, options);
    FigureData atExport;
    try {
        atExport = computeFigure(request);
    } catch (const std::exception& e) {
        return {false, tr("Cannot draw %1 at the export's size: %2").arg(p->title(), QString::fromUtf8(e.what())),
                options.path, {}};
    }
    // The figure on screen draws the export's data for the export only (no event is processed in between): its
    // colour map, colour range and zoom stay the user's.
    const FigureData onScreen = figure.data();
    figure.setData(std::move(atExport));
    ExportResult result = Exporter::exportFigure(figure, options);
    figure.setData(onScreen);
    return result;
}

void MainWindow::copyFigure()
{
    auto* p = currentPage();
    if (!p)
        return;
    FigureWidget* figure = p->figure();
    const QSize size = figure->showsPlot() ? figure->plot()->size() : figure->size();
    const QImage image =
        Exporter::figureImage(*figure, std::max(16, size.width()), std::max(16, size.height()), devicePixelRatioF());
    if (image.isNull()) { // a table too large for one image
        statusBar()->showMessage(tr("The figure is too large to copy as an image: use File ▸ Export view as CSV"),
                                 10000);
        return;
    }
    QGuiApplication::clipboard()->setImage(image);
    statusBar()->showMessage(
        tr("Copied the figure to the clipboard (%1 x %2 pixels)").arg(image.width()).arg(image.height()), 10000);
}

QString MainWindow::defaultExportBase() const
{
    // The view and what is on it now (methods, matrix view, length): never the name of an earlier state.
    const ViewPage* p = currentPage();
    QStringList parts{p ? QString::fromStdString(p->spec().id) : QStringLiteral("view")};
    if (p) {
        if (const auto& shown = m_coordinator->shownRequest(p)) {
            // the methods the figure draws (the Matrix view's primary alone, a view of the primary only), else all
            std::vector<std::string> named = p->figure()->data().methodsDrawn;
            if (named.empty())
                for (const auto& m : shown->methods)
                    named.push_back(m.id);
            constexpr int kNamed = 4;
            const int n = static_cast<int>(named.size());
            for (int i = 0; i < std::min(n, kNamed); ++i)
                parts << fileNamePart(named[static_cast<std::size_t>(i)]);
            if (n > kNamed)
                parts << QStringLiteral("and-%1-more").arg(n - kNamed);
            const auto& options = shown->options.values();
            if (const auto it = options.find("view"); it != options.end())
                if (const auto* v = std::get_if<std::string>(&it->second); v && *v != "auto")
                    parts << fileNamePart(*v);
            if (p->spec().positionAxis)
                parts << QString::number(shown->length);
        }
    }
    // A model's rows (an opened config or a preset) name the model:
    // "heatmap-llama3-32768-llama-4-scout-17b-16e-instruct".
    if (const auto label = m_model->state().labels.find(m_model->primary()); label != m_model->state().labels.end()) {
        std::string model = label->second.substr(0, label->second.find(" ("));
        model = model.substr(model.find_last_of('/') == std::string::npos ? 0 : model.find_last_of('/') + 1);
        if (!model.empty())
            parts << fileNamePart(model).toLower();
    }
    return QDir(m_settings->lastExportDir()).filePath(parts.join(QLatin1Char('-')));
}

} // namespace posenc::widgets
