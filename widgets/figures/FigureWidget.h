// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// FigureWidget draws a computed FigureData with QCustomPlot: colour maps without interpolation and a labelled
// colour scale, line plots with a legend, reference lines, a title and the note. It only draws cached data:
// computing happens in computeFigure() off the GUI thread.

#include "figures/ColorMaps.h"
#include "figures/FigureTypes.h"

#include <QWidget>

#include <optional>
#include <vector>

class QCustomPlot;
class QCPAxisRect;
class QCPColorMap;
class QCPColorScale;
class QCPMarginGroup;
class QCPTextElement;
class QVBoxLayout;
class QCPLayoutGrid;
class QTableWidget;
class QLabel;
struct QCPRange;

namespace posenc::widgets {

class Crosshair;

class FigureWidget : public QWidget {
    Q_OBJECT
public:
    explicit FigureWidget(QWidget* parent = nullptr);

    /// Presentation mode (slides, a projector): every figure's text and lines drawn `scale` times larger (1:
    /// normal). Applies to figures drawn afterwards; call redraw() on the existing ones. Exports keep it.
    static void setPresentationScale(double scale);
    static double presentationScale();
    /// Draws the current data again (after a presentation-scale change).
    void redraw();

    /// Draws `data`. A heatmap that replaces a heatmap of the same length keeps the user's zoom (the new data is
    /// the recomputed visible window); anything else is shown in full.
    /// Data from computeFigure() is drawn as prepared there; other data is prepared here first (slow if large).
    /// A figure on a hidden page of a shown window only keeps the data: it is drawn when the page is shown, or when
    /// something asks for its plot or table, so that live hidden views cost the GUI thread nothing.
    void setData(const FigureData& data);
    void setData(FigureData&& data);
    const FigureData& data() const { return m_data; }
    /// True while data handed over on a hidden page waits to be drawn.
    bool drawPending() const { return m_drawPending; }

    QCustomPlot* plot() const { return built()->m_plot; }
    /// The Bounds table (shown below the plot when the figure also has curves, instead of it otherwise).
    QTableWidget* table() const { return built()->m_table; }
    /// The note above a table shown alone (the pair table), where the plot that would carry it is hidden.
    QLabel* tableNote() const { return built()->m_tableNote; }
    bool showsTable() const { return built()->m_showTable; }
    bool showsPlot() const { return built()->m_showPlot; }

    /// Colour map and range of heatmaps. By default the map follows the data (Grid::scale) and the range is
    /// automatic (symmetric around 0 for diverging maps); setting either keeps it until reset.
    void setColorMap(ColorMapKind kind);
    void resetColorMap();
    ColorMapKind colorMap() const { return m_colorMap; }
    void setColorRange(double lower, double upper);
    void setAutoColorRange();
    std::pair<double, double> colorRange() const;

    /// Bins across positions at the current size (device pixels of the heatmap area); the level of detail
    /// to request.
    int pixelColumns() const;
    /// Device pixel rows of the heatmap area (dimensions beyond this are drawn as group means).
    int pixelRows() const;

    /// Shows everything: the full length for heatmaps, all data for line plots.
    void resetView();

    /// Whether the hover crosshair is shown (over the plot, not in it).
    bool crosshairShown() const;

    /// Explorer pages: the plot is at least 320 px wide and tall enough for its title, legends, note and every
    /// panel at `panelHeight` px of plot area (times the presentation scale), so a small screen or presentation
    /// mode scrolls the page instead of squeezing panels under their labels. Exports keep their requested size.
    void setReadableMinimum(int panelHeight);

    /// Exports are the figure only (the hover crosshair is a pair of widgets over the plot, never drawn into it);
    /// between beginExport and endExport the note is wrapped for an image `width` logical pixels wide.
    void beginExport(int width);
    void endExport();
    /// RAII form of beginExport/endExport.
    class ExportScope {
    public:
        ExportScope(FigureWidget& figure, int width) : m_figure(figure) { m_figure.beginExport(width); }
        ~ExportScope() { m_figure.endExport(); }
        ExportScope(const ExportScope&) = delete;
        ExportScope& operator=(const ExportScope&) = delete;

    private:
        FigureWidget& m_figure;
    };

signals:
    void hovered(const QString& text);
    /// The user zoomed or panned a heatmap: positions [first, last) are visible on `pixels` device pixels.
    void visibleWindowChanged(qint64 first, qint64 last, int pixels);
    void exportRequested();
    /// A left click inside a curve panel, at plot coordinates (x, y) (the Layers view picks a layer by y).
    void plotClicked(double x, double y);

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    /// Draws pending data now; returns this (for the accessors above).
    FigureWidget* built() const;
    bool hiddenInShownWindow() const;
    void rebuild(bool keepXRange);
    /// New cells, ranges and note into the plot as built, when nothing else changed; false: build anew.
    bool refreshGridsInPlace();
    void buildGrids(std::optional<QCPRange> keptX);
    void buildCurves();
    void addMarkers(QCPAxisRect* rect, int panel);
    /// The grid's border lines (Grid::xBorders, yBorders) over its cells.
    void addBorders(QCPAxisRect* rect, const Grid& g);
    void addCurvePanel(QCPLayoutGrid* sub, int panel, int column, int row = 0);
    /// After each layout: panels with Panel::square get equal scales on x and y (circles stay circles).
    void keepSquarePanels();
    void addNote(int row);
    void addCaption(int row);
    /// Wraps the note into lines at most `width` pixels wide.
    void wrapNote(int width);
    void updateMinimumHeight();
    void applyColorMap();
    void onXRangeChanged(const QCPRange& range);
    void onMouseMove(QMouseEvent* event);
    void showContextMenu(const QPoint& pos);
    void fillTable();
    QCPAxisRect* rectAt(const QPointF& pos, int* index) const;

    QCustomPlot* m_plot = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_tableNote = nullptr;
    QVBoxLayout* m_column = nullptr;
    bool m_showTable = false, m_showPlot = true;
    Crosshair* m_crosshair = nullptr;
    FigureData m_data;
    std::vector<QCPAxisRect*> m_rects;
    std::vector<QCPColorMap*> m_maps;
    QCPColorScale* m_colorScale = nullptr;
    QCPTextElement* m_note = nullptr;
    int m_panelMinimum = 0;            ///< setReadableMinimum; 0: the plot's minimum is left alone
    QCPTextElement* m_title = nullptr; ///< wrapped with the note (wrapNote): a long title is never cut
    QCPMarginGroup* m_marginGroup = nullptr;
    ColorMapKind m_colorMap = ColorMapKind::Diverging;
    bool m_colorMapOverridden = false;
    std::optional<std::pair<double, double>> m_colorRange; ///< user range; nullopt = automatic
    QString m_builtKey;                                    ///< gridLayoutKey of the figure as built
    QString m_wrappedKey;                                  ///< texts and widths wrapNote last wrapped (empty: none yet)
    bool m_building = false;      ///< suppresses visibleWindowChanged while axes are set programmatically
    bool m_drawPending = false;   ///< data set while hidden, not drawn yet
    bool m_pendingKeepX = false;  ///< ... and whether its rebuild keeps the zoom
    bool m_resizePending = false; ///< resized while hidden: the note is wrapped again when shown
};

} // namespace posenc::widgets
