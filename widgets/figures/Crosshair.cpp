// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/Crosshair.h"

#include <QEvent>
#include <QPainter>
#include <QWidget>

#include <qcustomplot.h>

namespace posenc::widgets {

namespace {

/// One line of the crosshair: a translucent grey strip over the plot that lets every mouse event through.
class Strip : public QWidget {
public:
    explicit Strip(QWidget* parent) : QWidget(parent)
    {
        setAttribute(Qt::WA_TransparentForMouseEvents);
        setFocusPolicy(Qt::NoFocus);
        hide();
    }

protected:
    void paintEvent(QPaintEvent*) override { QPainter(this).fillRect(rect(), QColor(60, 60, 60, 110)); }
};

} // namespace

Crosshair::Crosshair(QCustomPlot* plot)
    : QObject(plot), m_plot(plot), m_vertical(new Strip(plot)), m_horizontal(new Strip(plot))
{
    plot->installEventFilter(this);
}

void Crosshair::showAt(const QCPAxisRect* rect, const QPoint& at)
{
    const QRect r = rect->rect();
    m_vertical->setGeometry(at.x(), r.top(), 1, r.height());
    m_horizontal->setGeometry(r.left(), at.y(), r.width(), 1);
    m_vertical->show();
    m_horizontal->show();
}

void Crosshair::clear()
{
    m_vertical->hide();
    m_horizontal->hide();
}

bool Crosshair::isShown() const { return m_vertical->isVisibleTo(m_plot); }

bool Crosshair::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_plot && event->type() == QEvent::Leave)
        clear();
    return false;
}

} // namespace posenc::widgets
