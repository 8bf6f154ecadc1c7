// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A read-only table whose numbers copy at full precision: each cell may carry its exact value as text (17
// significant digits, kExactRole) beside the rounded display; Ctrl+C copies the selected cells (Ctrl+A selects
// all) as tab-separated exact values, and the context menu copies the selection or the whole table as CSV or as
// a Python list of rows. Used by the Bounds table and the per-pair table.

#include <QTableWidget>

namespace posenc::widgets {

class CopyableTable : public QTableWidget {
    Q_OBJECT
public:
    static constexpr int kExactRole = Qt::UserRole + 17;
    enum class Format { Tsv, Csv, Python };

    explicit CopyableTable(QWidget* parent = nullptr);

    /// A number in full precision (17 significant digits; "inf", "nan" as Python reads them).
    static QString exact(double value);
    /// A cell showing `display` that copies as `exactText` (empty: as `display`).
    static QTableWidgetItem* cell(const QString& display, const QString& exactText = {});

    /// The selected cells (the whole table when nothing is selected) in `format`, with the header row unless a single
    /// cell is copied as tab-separated text.
    QString selectionText(Format format) const;
    /// Every cell, with the header row.
    QString allText(Format format) const;
    /// Puts selectionText(format) on the clipboard.
    void copySelection(Format format);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;

private:
    QString text(const QList<int>& rows, const QList<int>& cols, Format format) const;
};

} // namespace posenc::widgets
