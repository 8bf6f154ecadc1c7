// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The contract between computing a figure (off the GUI thread, no QObject) and drawing it (FigureWidget).
// The GUI's job runner and `posenc render` both go through computeFigure() + FigureWidget::setData(), so the
// interactive view and the exported figure are the same picture.

#include "posenc/encoding.h"
#include "posenc/matrix.h"
#include "posenc/param_state.h"
#include "posenc/params.h"

#include <QColor>
#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QCPColorMapData;

namespace posenc::io {
struct HfConfig;
}
namespace posenc::grid {
struct Model;
}

namespace posenc::widgets {

class FigureMemo;
/// The memo a request is computed with (FigureMemo.h). Not part of what is asked: requests that differ only in it
/// are equal. Null: computeFigure() computes with a fresh one.
struct FigureMemoRef {
    std::shared_ptr<FigureMemo> memo;
    bool operator==(const FigureMemoRef&) const { return true; }
};

enum class FigureKind {
    Heatmap,
    Frequencies,
    Ramp,
    Decay,
    Entropy,
    Similarity,
    Spectrum,
    Pca,
    Bounds,
    Rotation,
    Pairs,
    Precision,
    Engines,
    AttentionScale,
    Layers,
    Positions, // issue 20 (FigureSpecsModern.cpp)
    Grid
}; // issue 37 (FigureSpecsGrid.cpp)

/// "heatmap", "frequencies", ... (the `posenc render VIEW` names, FigureSpec::id); parse throws InvalidInput.
QString figureKindName(FigureKind kind);
FigureKind parseFigureKind(const std::string& name);
const std::vector<FigureKind>& allFigureKinds();

/// One method with its resolved parameters; the first in FigureRequest::methods is the primary.
struct MethodSelection {
    std::string id;
    ParamSet params;
    /// Which instance of the method (MethodKey::instance: 1, or K of "ID#K"); figures number it by this. 1 for a
    /// method that appears again (the CLI's --compare yarn:factor=4,yarn:...): the next free number.
    int instance = 1;
    bool operator==(const MethodSelection&) const = default;
};

/// What a figure job computes. The view options are data: `options` holds values of the FigureSpec::options of
/// `kind` (FigureSpec.h; a missing option takes its default), read by the kind's compute function by name.
struct FigureRequest {
    FigureKind kind = FigureKind::Heatmap;
    std::vector<MethodSelection> methods; ///< primary first
    std::int64_t length = kDefaultLength; ///< positions (heatmap, similarity, spectrum, pca), max distance (decay),
                                          ///< max context (entropy)
    ParamSet options;                     ///< view options (FigureSpec::options)
    // The visible window and level of detail (set by zoom, pan and the plot size, not by the option bar).
    std::int64_t windowFirst = 0; ///< visible position window [windowFirst, windowLast)
    std::int64_t windowLast = 0;  ///< 0 = length
    int pixelColumns = 1024;      ///< bins across positions: the level of detail
    int pixelRows = 512;          ///< bias view: bins across key positions
    std::size_t memoryBudget = kDefaultMemoryBudget;
    /// The config loaded last (File > Open config, a preset, --config): the Layers view draws its layers; null: none.
    std::shared_ptr<const io::HfConfig> config{};
    /// The diffusers transformer config loaded last (its `_class_name`, posenc/grid_rope.h): the Grid view's family
    /// "auto"; null: none.
    std::shared_ptr<const grid::Model> gridModel{};
    /// What the jobs of one runner share (FigureMemo.h); set by JobRunner::submit.
    FigureMemoRef memo{};

    bool operator==(const FigureRequest&) const = default;
};

/// One plotted line.
struct Curve {
    QString name;         ///< legend text (method display name, or "uniform ln n")
    std::string methodId; ///< for the per-method colour; empty for reference lines
    std::vector<double> x, y;
    bool dashed = false;
    bool points = false; ///< draw markers only (measured values beside an analytic line)
    /// What is drawn when x, y have more points than drawn columns (prepareDisplay()): per column of
    /// kEnvelopeColumns, the mean of y (drawX, drawY: the trend line) and the lowest and highest y (drawLow,
    /// drawHigh: a light band). Empty: x, y are drawn. Export and read-out use x, y.
    std::vector<double> drawX{}, drawY{}, drawLow{}, drawHigh{};
    int panel = 0; ///< index into FigureData::panels (0 when there are none)
    /// A band around the curve at the same x (e.g. mean ± 1 std), drawn light in the curve's colour, no legend.
    std::vector<double> bandLow{}, bandHigh{};
    /// Points coloured by this value (one per point, e.g. the position), with a colour bar labelled
    /// Panel::colorLabel; empty: the method's colour.
    std::vector<double> colorBy{};
    /// Its own colour (e.g. one per channel pair or head); invalid: the method's colour.
    QColor color{};
    /// Pen width in points (e.g. the Layers view's bars); 0: the default.
    double lineWidth = 0;
    /// What y is, when the curves of one panel draw different quantities (the Ramp view: the ramp γ solid, the
    /// interpolation dashed): the hover read-out groups the values by it. Empty: the y axis's quantity.
    QString quantity{};
};

/// One axis rect of a curve figure; FigureData::panels empty means one panel from FigureData's own labels.
struct Panel {
    QString title; ///< above the axis rect (empty: none)
    QString xLabel, yLabel;
    bool logX = false, logY = false;
    QString colorLabel; ///< label of the colour bar for Curve::colorBy
    /// Equal scales on x and y around the origin, the range ±square (a circle stays a circle); 0: fitted ranges.
    double square = 0;
};

/// A shaded x range of a curve panel (e.g. the pairs a scaled method keeps / ramps / interpolates).
struct Span {
    double first = 0, last = 0;
    QString label;
    QColor color;
    int panel = 0;
};

/// A colour-mapped grid. Rows are the x axis (positions), columns the y axis (dimension / pair).
struct Grid {
    QString title;
    std::int64_t rows = 0, cols = 0;
    double xFirst = 0, xLast = 0; ///< x range covered (positions)
    double yFirst = 0, yLast = 0; ///< y range covered
    std::vector<double> values;   ///< row-major rows x cols
    QString xLabel, yLabel, valueLabel;
    enum class Scale { Diverging, Cyclic, Sequential } scale = Scale::Diverging;
    std::vector<std::int64_t> rowEdges; ///< rows + 1 position edges of the bins (row r: [e_r, e_{r+1}))
    /// What a bin of rowEdges holds: the mean over it, the value at its first position (and, with yEdges, its
    /// first key), or a difference of the two (the figure's notes say which method gave which).
    enum class Bins { Mean, FirstPosition, Mixed } bins = Bins::Mean;
    std::vector<double> yEdges;         ///< cols + 1 edges on y when they are not 0..cols (bias: key positions)
    std::vector<int> columnPair;        ///< rotary/sinusoidal views: the pair of each column (-1: none)
    std::vector<double> pairWavelength; ///< wavelength of each pair (positions), for the hover read-out
    double originalLength = 0;          ///< L0 of the method (0: none), for "rotations in L0"
    /// Most cells drawn along an axis (0: all); beyond it the picture shows exact means of square blocks.
    std::int64_t drawLimit = 0;
    /// Most cells drawn along y (0: no limit of its own); beyond it columns are drawn as exact means of groups.
    std::int64_t drawRowLimit = 0;
    /// Categories instead of a colour scale: value v (an integer) is drawn in categoryColors[v], beside the shared
    /// colour scale, not on it (e.g. the Grid view's channel → axis strip). Empty: the shared colour scale.
    std::vector<QColor> categoryColors{};
    /// What each category is, for the hover read-out ("axis h", "not rotated"); empty: the value is read out.
    std::vector<QString> categoryNames{};
    /// Width of this grid's panel relative to the others in the row (1: equal).
    double widthShare = 1;
    /// Lines drawn over the cells (the Grid view: Qwen2.5-VL's attention windows): at x = each of xBorders from
    /// yFirst to yLast, at y = each of yBorders from xFirst to xLast. Empty: none.
    std::vector<double> xBorders{}, yBorders{};
    // Filled by prepareDisplay() off the GUI thread: the cells FigureWidget draws (values, or the block means
    // of drawBlock x drawBlock cells) and the range of the finite values.
    std::shared_ptr<const QCPColorMapData> drawn;
    std::int64_t drawBlock = 1;    ///< cells per drawn cell along x (and y for square blocks)
    std::int64_t drawColBlock = 1; ///< cells per drawn cell along y
    double finiteLow = 0, finiteHigh = 0;
};

/// A computed figure: everything FigureWidget needs, nothing it must compute.
struct FigureData {
    FigureKind kind = FigureKind::Heatmap;
    QString title;
    QString xLabel, yLabel;
    bool logX = false, logY = false;
    std::vector<Curve> curves;
    std::vector<Grid> grids; ///< heatmap / similarity (one, or two side by side)
    struct Marker {
        double x;
        QString label;
        int panel = 0;
    };
    /// Text drawn over the cells of grid `grid` at its data coordinates (e.g. the Positions view's region names).
    struct GridLabel {
        double x = 0, y = 0;
        QString text;
        int grid = 0;
    };
    std::vector<GridLabel> gridLabels;
    std::vector<Panel> panels; ///< curve figures with several axis rects (side by side); empty: one
    std::vector<Span> spans;
    std::vector<Marker> verticalMarkers;            ///< e.g. L0, s*L0 on wavelength plots (as horizontal lines when
    std::vector<Marker> horizontalMarkers;          ///< the quantity is on y)
    std::vector<std::pair<QString, QString>> table; ///< Bounds: (quantity, value) rows
    /// Bounds: one column per method (tableHeader[0] = "quantity"), rows of cells; `table` holds the primary's.
    std::vector<QString> tableHeader;
    std::vector<std::vector<QString>> tableRows;
    /// Same shape as tableRows: each cell's value at full precision, copied instead of the rounded display
    /// (empty: the display text is copied).
    std::vector<std::vector<QString>> tableExact;
    /// Machine names of the columns for CSV / Python copies (empty: tableHeader).
    std::vector<QString> tableHeaderExact;
    double xLimitLow = 0, xLimitHigh = 0; ///< heatmaps: the full position range zoom and pan may reach
    QString csvX = QStringLiteral("x"), csvY = QStringLiteral("y"); ///< the curves' CSV columns (quantities)
    QString note; ///< shown under the plot: e.g. what does not apply / is missing
    /// Under the note (gallery figures, `posenc render --caption/--source`): what the figure shows and whose it is.
    QString caption, source;
    double computeMs = 0;
    /// The methods drawn (BuiltMethod ids: "yarn", "yarn#2") when the figure draws fewer than the request's (the
    /// Matrix view's primary alone or its partner, a view of the primary only); empty: every requested method.
    /// The export's file name names these.
    std::vector<std::string> methodsDrawn;
    bool displayPrepared = false; ///< prepareDisplay() has run (computeFigure() does it)
};

using FigureProgress = std::function<bool(double)>;

/// Pure computation (thread-safe, no QObject): builds the encodings through the registry and computes what the
/// figure shows. Throws InvalidInput with the reason, or Cancelled.
FigureData computeFigure(const FigureRequest& request, const FigureProgress& progress = {});

/// A stable colour per method id, the same in every view.
QColor methodColor(const std::string& methodId);

} // namespace posenc::widgets
