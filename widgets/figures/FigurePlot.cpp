// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/FigurePlot.h"

namespace posenc::widgets {

namespace {

/// QCustomPlot's pixmap buffer, cleared to the plot's background instead of transparent when that is one opaque
/// colour (the pixmap then has no alpha channel and is copied to the screen without blending).
class OpaqueBuffer : public QCPPaintBufferPixmap {
public:
    OpaqueBuffer(const FigurePlot* plot, const QSize& size, double devicePixelRatio)
        : QCPPaintBufferPixmap(size, devicePixelRatio), m_plot(plot)
    {
    }
    void clear(const QColor& color) override
    {
        QCPPaintBufferPixmap::clear(m_plot->opaqueBackground() ? m_plot->backgroundColor() : color);
    }

private:
    const FigurePlot* m_plot;
};

} // namespace

FigurePlot::FigurePlot(QWidget* parent) : QCustomPlot(parent)
{
    // Before each replot sets its buffers up (setupPaintBuffers keeps the bottom one it finds).
    connect(this, &QCustomPlot::beforeReplot, this, &FigurePlot::useOpaqueBase);
}

bool FigurePlot::opaqueBackground() const
{
    return mBackgroundBrush.style() == Qt::SolidPattern && mBackgroundBrush.color().alpha() == 255 &&
           mBackgroundPixmap.isNull();
}

void FigurePlot::useOpaqueBase()
{
    if (!mPaintBuffers.isEmpty() && dynamic_cast<OpaqueBuffer*>(mPaintBuffers.front().data()))
        return;
    auto buffer = QSharedPointer<QCPAbstractPaintBuffer>(new OpaqueBuffer(this, viewport().size(), mBufferDevicePixelRatio));
    if (mPaintBuffers.isEmpty())
        mPaintBuffers.append(buffer);
    else
        mPaintBuffers.front() = buffer; // the layers take their buffers anew in setupPaintBuffers
}

void FigurePlot::paintEvent(QPaintEvent* event)
{
    const bool opaqueBase = !mPaintBuffers.isEmpty() && dynamic_cast<OpaqueBuffer*>(mPaintBuffers.front().data()) &&
                            opaqueBackground() && !mPaintBuffers.front()->invalidated() &&
                            qFuzzyCompare(mBufferDevicePixelRatio, devicePixelRatioF());
    if (!opaqueBase) { // not drawn opaque yet, another background, or a new device pixel ratio: QCustomPlot's way
        QCustomPlot::paintEvent(event);
        return;
    }
    QCPPainter painter(this);
    if (!painter.isActive())
        return;
    for (const auto& buffer : std::as_const(mPaintBuffers))
        buffer->draw(&painter);
}

} // namespace posenc::widgets
