// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The one exporter: the publication figure (title, axis labels, colour scale, legend, note) rendered at the
// requested size as PNG / SVG / PDF, or the figure's data as CSV / NPY. Every write is atomic (core's
// io::OutputFile): a failed export leaves no partial file and names the file and the system's reason.

#include <QFont>
#include <QImage>
#include <QSize>
#include <QString>

#include <vector>

namespace posenc::widgets {

class FigureWidget;
struct FigureData;

enum class ExportFormat { Auto, Png, Svg, Pdf, Csv, Npy };

struct ExportOptions {
    QString path;
    ExportFormat format = ExportFormat::Auto; ///< Auto: from the file suffix
    int width = 1200;                         ///< logical size of the figure (the layout is done at this size)
    int height = 700;
    double scale = 1.0; ///< raster pixels per logical pixel (PNG is width*scale x height*scale)
    /// Exact raster size (PNG) when set: the layout at width x height is drawn into it (the two factors may differ
    /// by under a pixel's worth, e.g. a slide font scale that does not divide the size). Empty: rounded size*scale.
    QSize pixels;
};

struct ExportResult {
    bool ok = false;
    QString message; ///< what was written, or why nothing was
    QString path;
    QString what; ///< on success, the format and size written ("1600 x 900 px PNG", "CSV"), in the user's language
};

/// Where a table figure (the pair table, Bounds) is drawn in an export: every column as wide as its widest text
/// (header or any cell, in the fonts below) plus padding, so no number runs into the next. Logical pixels.
struct TableLayout {
    QFont titleFont, headerFont, cellFont, noteFont;
    int margin = 0;  ///< left and right of the table
    int top = 0;     ///< y of the header row
    int padding = 0; ///< inside each column, on either side of its text
    int rowHeight = 0;
    int rows = 0; ///< header row included
    std::vector<int> columnLeft, columnWidth;
    int noteTop = 0, noteHeight = 0;
    QSize size; ///< the image this table needs (at least the width and height asked for)
};

class Exporter {
public:
    /// Format names accepted on the command line and in the dialog: png, svg, pdf, csv, npy.
    static QString formatName(ExportFormat format);
    /// The format of `path` (by suffix), or Auto when unknown.
    static ExportFormat formatForPath(const QString& path);

    /// Peak bytes an export of `format` at options' size needs beyond the figure's data, estimated before
    /// anything is drawn (0 for CSV/NPY). `grid`: the figure has a heatmap computed at one bin per device pixel
    /// (FigureSpec::positionAxis), which PDF and SVG embed as an image. Measured peak RSS per device pixel
    /// (Exporter.cpp) with a margin; the CLI refuses an export above --memory-budget.
    static double estimateBytes(ExportFormat format, const ExportOptions& options, bool grid);

    /// The layout of `data`'s table in an export at least `width` logical pixels wide. `alone`: the table is the
    /// whole figure (title and note drawn with it); else it sits under a plot that carries them.
    static TableLayout tableLayout(const FigureData& data, int width, int height, bool alone);
    /// The logical size an export of `figure` asked at width x height has: a figure with a table grows wider (and
    /// taller) when its columns and rows need it, so every cell stays readable; plots keep the size asked for.
    static QSize exportSize(const FigureWidget& figure, int width, int height);
    /// A PNG export of `figure` asked at width x height and `scale`, as exportFigure lays it out (the note wrapped
    /// for the export): its logical size (exportSize), its pixels, and whether it is refused (a side of the logical
    /// size over the limit: a table of thousands of rows). What the Export dialog announces.
    struct PngPlan {
        QSize logical, pixels;
        bool refused = false;
    };
    static PngPlan pngPlan(FigureWidget& figure, int width, int height, double scale);

    static ExportResult exportFigure(FigureWidget& figure, const ExportOptions& options);
    /// The figure as an image width x height logical pixels at `scale` (what a PNG export writes; Edit ▸ Copy
    /// figure): the figure only, without crosshair or overlay. A table figure is exportSize() large.
    static QImage figureImage(FigureWidget& figure, int width, int height, double scale = 1.0, QSize pixels = {});
    /// The PNG size of a figure laid out at SIZE (width x height, or grown for a table): PIXELS scaled with it
    /// when set, else SIZE * scale rounded.
    static QSize rasterSize(QSize size, int width, int height, double scale, QSize pixels);
    /// CSV (long format: curves "curve,x,y", x and y named by the view when it names them: FigureData::csvX/csvY; grids "grid,x,y,value"; tables as is) or NPY (the first grid, or
    /// the curves as columns [x, y1, y2, ...] when they share x).
    static ExportResult exportData(const FigureData& data, const ExportOptions& options);
};

} // namespace posenc::widgets
