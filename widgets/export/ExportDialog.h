// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// File ▸ Export view… : format, file, size and scale, then the Exporter.

#include "export/Exporter.h"

#include <QDialog>

#include <functional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace posenc::widgets {

class ExportDialog : public QDialog {
    Q_OBJECT
public:
    /// A dialog that only collects options (options() after exec()).
    explicit ExportDialog(QWidget* parent = nullptr);
    /// A dialog that exports `figure` when accepted; on failure it shows the reason and stays open.
    ExportDialog(FigureWidget& figure, QWidget* parent);

    void setOptions(const ExportOptions& options);
    ExportOptions options() const;

    /// Asks for the options (remembering the last ones) and exports `figure`; failures are shown in a message
    /// box. Returns the result (ok = false also when the user cancelled, with an empty message).
    /// `suggestedBase`: the default file without suffix (the last format's suffix is added); empty: the last file.
    /// `write`: what accepting does with the options (the explorer draws the figure anew at the export's size);
    /// empty: Exporter::exportFigure(figure, options).
    using Writer = std::function<ExportResult(const ExportOptions&)>;
    static ExportResult exportFigure(FigureWidget& figure, QWidget* parent, const QString& suggestedBase = {},
                                     Writer write = {});
    /// The result of the last export this dialog ran.
    const ExportResult& result() const { return m_result; }

    void accept() override;

private:
    void browse();
    void formatChanged();
    /// The PNG's pixels and dpi under the size fields: what the export writes (a figure with a table may grow).
    void updatePixels();

    QComboBox* m_format = nullptr;
    QLineEdit* m_path = nullptr;
    QSpinBox* m_width = nullptr;
    QSpinBox* m_height = nullptr;
    QDoubleSpinBox* m_scale = nullptr;
    QLabel* m_pixels = nullptr;
    FigureWidget* m_figure = nullptr;
    Writer m_write;
    ExportResult m_result;
};

} // namespace posenc::widgets
