// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/CopyableTable.h"

#include <QApplication>
#include <QClipboard>
#include <QContextMenuEvent>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>

#include <algorithm>
#include <cmath>
#include <set>

namespace posenc::widgets {

namespace {

bool isNumber(const QString& s)
{
    bool ok = false;
    s.toDouble(&ok);
    return ok || s == QLatin1String("inf") || s == QLatin1String("-inf") || s == QLatin1String("nan");
}

QString csvField(const QString& s)
{
    if (!s.contains(QLatin1Char(',')) && !s.contains(QLatin1Char('"')) && !s.contains(QLatin1Char('\n')))
        return s;
    QString q = s;
    q.replace(QLatin1Char('"'), QStringLiteral("\"\""));
    return QString(QLatin1Char('"') + q + QLatin1Char('"'));
}

QString pythonField(const QString& s)
{
    if (s.isEmpty())
        return QStringLiteral("None");
    if (s == QLatin1String("inf") || s == QLatin1String("-inf") || s == QLatin1String("nan"))
        return QStringLiteral("float('%1')").arg(s);
    if (isNumber(s))
        return s;
    QString q = s;
    q.replace(QLatin1Char('\\'), QStringLiteral("\\\\")).replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QString(QLatin1Char('\'') + q + QLatin1Char('\''));
}

} // namespace

CopyableTable::CopyableTable(QWidget* parent) : QTableWidget(parent)
{
    setEditTriggers(QAbstractItemView::NoEditTriggers);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setSelectionBehavior(QAbstractItemView::SelectItems);
    verticalHeader()->setVisible(false);
}

QString CopyableTable::exact(double value)
{
    if (std::isnan(value))
        return QStringLiteral("nan");
    if (std::isinf(value))
        return value > 0 ? QStringLiteral("inf") : QStringLiteral("-inf");
    return QString::number(value, 'g', 17);
}

QTableWidgetItem* CopyableTable::cell(const QString& display, const QString& exactText)
{
    auto* item = new QTableWidgetItem(display);
    if (!exactText.isEmpty()) {
        item->setData(kExactRole, exactText);
        item->setToolTip(exactText);
    }
    return item;
}

QString CopyableTable::text(const QList<int>& rows, const QList<int>& cols, Format format) const
{
    auto value = [this](int r, int c) {
        const QTableWidgetItem* it = item(r, c);
        if (!it)
            return QString();
        const QVariant e = it->data(kExactRole);
        return e.isValid() ? e.toString() : it->text();
    };
    auto headerText = [this, format](int c) { // CSV and Python: the machine name when the column has one
        const QTableWidgetItem* h = horizontalHeaderItem(c);
        if (!h)
            return QString::number(c);
        const QVariant e = h->data(kExactRole);
        return format != Format::Tsv && e.isValid() ? e.toString() : h->text();
    };
    QStringList lines;
    auto join = [format](const QStringList& fields) {
        QStringList out;
        for (const QString& f : fields)
            out << (format == Format::Csv ? csvField(f) : format == Format::Python ? pythonField(f) : f);
        if (format == Format::Tsv)
            return out.join(QLatin1Char('\t'));
        if (format == Format::Csv)
            return out.join(QLatin1Char(','));
        return QString(QLatin1Char('[') + out.join(QStringLiteral(", ")) + QLatin1Char(']'));
    };
    QStringList header;
    for (int c : cols)
        header << headerText(c);
    // One cell copies as its value alone (a number to paste); more cells carry the column names.
    if (format != Format::Tsv || rows.size() * cols.size() > 1)
        lines << join(header);
    for (int r : rows) {
        QStringList fields;
        for (int c : cols)
            fields << value(r, c);
        lines << join(fields);
    }
    if (format == Format::Python)
        return QString(QLatin1Char('[') + lines.join(QStringLiteral(",\n ")) + QStringLiteral("]\n"));
    return QString(lines.join(QLatin1Char('\n')) + QLatin1Char('\n'));
}

QString CopyableTable::allText(Format format) const
{
    QList<int> rows, cols;
    for (int r = 0; r < rowCount(); ++r)
        rows << r;
    for (int c = 0; c < columnCount(); ++c)
        cols << c;
    return text(rows, cols, format);
}

QString CopyableTable::selectionText(Format format) const
{
    const QModelIndexList selected = selectedIndexes();
    if (selected.isEmpty())
        return allText(format);
    std::set<int> rows, cols; // the bounding rows and columns of the selection, in table order
    for (const QModelIndex& i : selected) {
        rows.insert(i.row());
        cols.insert(i.column());
    }
    return text(QList<int>(rows.begin(), rows.end()), QList<int>(cols.begin(), cols.end()), format);
}

void CopyableTable::copySelection(Format format)
{
    QApplication::clipboard()->setText(selectionText(format));
}

void CopyableTable::keyPressEvent(QKeyEvent* event)
{
    if (event->matches(QKeySequence::Copy)) {
        copySelection(Format::Tsv);
        event->accept();
        return;
    }
    QTableWidget::keyPressEvent(event); // Ctrl+A: QAbstractItemView selects all
}

void CopyableTable::contextMenuEvent(QContextMenuEvent* event)
{
    QMenu menu(this);
    menu.addAction(tr("Copy"), this, [this] { copySelection(Format::Tsv); });
    menu.addAction(tr("Copy as CSV"), this, [this] { copySelection(Format::Csv); });
    menu.addAction(tr("Copy as Python list"), this, [this] { copySelection(Format::Python); });
    menu.addSeparator();
    menu.addAction(tr("Select all"), this, &QTableWidget::selectAll);
    menu.exec(event->globalPos());
}

} // namespace posenc::widgets
