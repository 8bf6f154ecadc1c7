// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/ExportDialog.h"

#include "figures/FigureWidget.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>

#include <cmath>

namespace posenc::widgets {

namespace {

constexpr ExportFormat kFormats[] = {ExportFormat::Png, ExportFormat::Svg, ExportFormat::Pdf, ExportFormat::Csv,
                                     ExportFormat::Npy};

/// The options of the last export in this session, offered again next time.
ExportOptions& lastOptions()
{
    static ExportOptions last{
        QDir::home().filePath(QStringLiteral("posenc-figure.png")), ExportFormat::Png, 1200, 700, 1.0, {}};
    return last;
}

QString formatLabel(ExportFormat f)
{
    switch (f) {
    case ExportFormat::Png:
        return QObject::tr("PNG image");
    case ExportFormat::Svg:
        return QObject::tr("SVG vector graphic");
    case ExportFormat::Pdf:
        return QObject::tr("PDF");
    case ExportFormat::Csv:
        return QObject::tr("CSV (figure data)");
    case ExportFormat::Npy:
        return QObject::tr("NumPy .npy (figure data)");
    case ExportFormat::Auto:
        break;
    }
    return {};
}

} // namespace

ExportDialog::ExportDialog(QWidget* parent) : QDialog(parent)
{
    setWindowTitle(tr("Export view"));
    m_format = new QComboBox(this);
    for (ExportFormat f : kFormats)
        m_format->addItem(formatLabel(f), static_cast<int>(f));
    m_path = new QLineEdit(this);
    auto* browseButton = new QPushButton(tr("Browse…"), this);
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);
    m_width = new QSpinBox(this);
    m_width->setRange(16, 20000);
    m_width->setSuffix(tr(" px"));
    m_height = new QSpinBox(this);
    m_height->setRange(16, 20000);
    m_height->setSuffix(tr(" px"));
    m_scale = new QDoubleSpinBox(this);
    m_scale->setRange(0.25, 8.0);
    m_scale->setSingleStep(0.5);
    m_scale->setToolTip(tr("Raster pixels per figure pixel: 2 gives a sharp image for print or high-DPI screens"));
    m_pixels = new QLabel(this);

    auto* form = new QFormLayout;
    form->addRow(tr("Format"), m_format);
    form->addRow(tr("File"), pathRow);
    form->addRow(tr("Width"), m_width);
    form->addRow(tr("Height"), m_height);
    form->addRow(tr("Scale (DPI ×)"), m_scale);
    form->addRow(QString(), m_pixels);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ExportDialog::formatChanged);
    connect(m_width, &QSpinBox::valueChanged, this, &ExportDialog::updatePixels);
    connect(m_height, &QSpinBox::valueChanged, this, &ExportDialog::updatePixels);
    connect(m_scale, &QDoubleSpinBox::valueChanged, this, &ExportDialog::updatePixels);
    setOptions(lastOptions());
    updatePixels();
}

ExportDialog::ExportDialog(FigureWidget& figure, QWidget* parent) : ExportDialog(parent)
{
    m_figure = &figure;
    updatePixels();
}

void ExportDialog::updatePixels()
{
    const int width = m_width->value(), height = m_height->value();
    const double scale = m_scale->value();
    const QSize asked(static_cast<int>(std::lround(width * scale)), static_cast<int>(std::lround(height * scale)));
    const Exporter::PngPlan plan =
        m_figure ? Exporter::pngPlan(*m_figure, width, height, scale) : Exporter::PngPlan{{}, asked, false};
    const long dpi = std::lround(96 * scale);
    if (plan.refused) // said before OK, in exportFigure's words
        m_pixels->setText(tr("The table needs %1 x %2 pixels to show every cell, over 20000 pixels: a PNG, SVG or PDF "
                             "export is refused; export CSV, or compare fewer methods")
                              .arg(plan.logical.width())
                              .arg(plan.logical.height()));
    else if (plan.pixels == asked)
        m_pixels->setText(tr("PNG: %1 x %2 pixels at %3 dpi").arg(asked.width()).arg(asked.height()).arg(dpi));
    else
        m_pixels->setText(tr("PNG: %1 x %2 pixels at %3 dpi (larger than the %4 x %5 set: the export grows to show "
                             "the whole figure and every table cell)")
                              .arg(plan.pixels.width())
                              .arg(plan.pixels.height())
                              .arg(dpi)
                              .arg(asked.width())
                              .arg(asked.height()));
}

void ExportDialog::accept()
{
    lastOptions() = options();
    if (!m_figure) {
        QDialog::accept();
        return;
    }
    m_result = m_write ? m_write(options()) : Exporter::exportFigure(*m_figure, options());
    if (!m_result.ok) {
        QMessageBox::warning(this, tr("Export failed"), m_result.message);
        return; // stay open so the user can pick another folder
    }
    QDialog::accept();
}

void ExportDialog::setOptions(const ExportOptions& options)
{
    const ExportFormat f =
        options.format == ExportFormat::Auto ? Exporter::formatForPath(options.path) : options.format;
    const int index = m_format->findData(static_cast<int>(f == ExportFormat::Auto ? ExportFormat::Png : f));
    m_format->setCurrentIndex(std::max(0, index));
    m_path->setText(options.path);
    m_width->setValue(options.width);
    m_height->setValue(options.height);
    m_scale->setValue(options.scale);
}

ExportOptions ExportDialog::options() const
{
    ExportOptions o;
    o.path = m_path->text();
    o.format = static_cast<ExportFormat>(m_format->currentData().toInt());
    o.width = m_width->value();
    o.height = m_height->value();
    o.scale = m_scale->value();
    return o;
}

void ExportDialog::formatChanged()
{
    const auto f = static_cast<ExportFormat>(m_format->currentData().toInt());
    const QString suffix = Exporter::formatName(f);
    QFileInfo info(m_path->text());
    if (!m_path->text().isEmpty() && info.suffix().toLower() != suffix)
        m_path->setText(info.dir().filePath(info.completeBaseName() + QLatin1Char('.') + suffix));
    const bool sized = f == ExportFormat::Png || f == ExportFormat::Svg || f == ExportFormat::Pdf;
    m_width->setEnabled(sized);
    m_height->setEnabled(sized);
    m_scale->setEnabled(f == ExportFormat::Png);
}

void ExportDialog::browse()
{
    const auto f = static_cast<ExportFormat>(m_format->currentData().toInt());
    const QString suffix = Exporter::formatName(f);
    const QString path = QFileDialog::getSaveFileName(this, tr("Export view"), m_path->text(),
                                                      QStringLiteral("%1 (*.%2)").arg(formatLabel(f), suffix));
    if (!path.isEmpty())
        m_path->setText(path);
}

ExportResult ExportDialog::exportFigure(FigureWidget& figure, QWidget* parent, const QString& suggestedBase,
                                        Writer write)
{
    ExportDialog dialog(figure, parent);
    dialog.m_write = std::move(write);
    if (!suggestedBase.isEmpty()) {
        ExportOptions o = dialog.options();
        o.path = suggestedBase + QLatin1Char('.') + Exporter::formatName(o.format);
        dialog.setOptions(o);
    }
    dialog.exec();
    return dialog.result();
}

} // namespace posenc::widgets
