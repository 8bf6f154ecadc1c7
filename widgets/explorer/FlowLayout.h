// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// A layout that places its items left to right and wraps onto a new line when the row is full (Qt's
// widgets/layouts/flowlayout example): a view's option bar takes the width it is given instead of widening the
// window. Its minimum width is the widest single item; its height follows the width (heightForWidth).

#include <QLayout>
#include <QList>

namespace posenc::widgets {

class FlowLayout : public QLayout {
public:
    explicit FlowLayout(QWidget* parent = nullptr, int hSpacing = 12, int vSpacing = 4);
    ~FlowLayout() override;

    void addItem(QLayoutItem* item) override;
    int count() const override { return static_cast<int>(m_items.size()); }
    QLayoutItem* itemAt(int index) const override;
    QLayoutItem* takeAt(int index) override;
    Qt::Orientations expandingDirections() const override { return {}; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect& rect) override;

private:
    /// Lays the items out in `rect` (moving them unless `testOnly`); returns the height used.
    int doLayout(const QRect& rect, bool testOnly) const;

    QList<QLayoutItem*> m_items;
    int m_hSpacing;
    int m_vSpacing;
};

} // namespace posenc::widgets
