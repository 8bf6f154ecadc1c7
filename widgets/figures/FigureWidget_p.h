// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to FigureWidget's layout files: shared styling helpers.

#include "figures/FigureTypes.h"

#include <QFont>
#include <Qt>
#include <QString>

class QCPAxis;
class QCPAxisRect;
class QCPItemText;
class QRectF;

namespace posenc::widgets::detail {

QFont sizedFont(double points, bool bold = false);
/// Breaks text into lines of at most `width` characters at spaces (QCPTextElement does not wrap).
QString wrapped(const QString& text, int width);
/// The same, at most `width` pixels of `font` per line.
QString wrappedToPixels(const QString& text, const QFont& font, double width);
void styleAxes(QCPAxisRect* rect, const QString& xLabel, const QString& yLabel);
/// Sets a vertical axis's label (set its font first), on two lines when it is long.
void setVerticalLabel(QCPAxis* axis, const QString& label);
/// The widest line of a (possibly multi-line) label, in pixels.
int longestLine(const QString& text, const QFont& font);
/// Opens a curve panel's axes on its curves, its shaded spans and markers, with a margin (PanelRanges.cpp).
void fitRanges(QCPAxis* x, QCPAxis* y, const FigureData& data, int panel, const Panel& p);
/// Widens y (log: in decades) so that panel `panel`'s horizontal lines stand inside it with room above for their
/// labels.
void roomAboveMarkers(QCPAxis* y, const FigureData& data, int panel, bool log);
/// Whether a drawn curve of `rect` (a point, or a line between two) meets `box`, in pixels (MarkerLabels.cpp).
bool curvesMeet(QCPAxisRect* rect, const QRectF& box);
/// Whether a visible legend inside `rect` meets `box`, in pixels (MarkerLabels.cpp).
bool legendMeets(QCPAxisRect* rect, const QRectF& box);
/// Puts `label` at (x, top) (top, bottom: shares of `rect`'s height from its top edge, the label's top or bottom
/// there; x in the label's own coordinates), or at `bottom` when a curve or the legend runs through it at the top
/// only; `side` its horizontal alignment. Crossed at both ends: without its box, so that no curve is hidden.
void placeAtTopOrBottom(QCPItemText* label, QCPAxisRect* rect, double x, double top, double bottom,
                        Qt::Alignment side);
/// Puts a vertical line's label at the top of `rect`, or at its bottom when a curve runs through it at the top
/// only, a line further in for each earlier vertical-line label it would cover; call after each layout.
void placeMarkerLabel(QCPItemText* label, QCPAxisRect* rect);
/// A horizontal line's label: above the line, or below it when it would leave the panel or meet the label of the
/// next higher line (`nextHigher`, NaN when none), at each layout.
void placeHorizontalLabel(QCPItemText* label, QCPAxisRect* rect, double nextHigher);
/// A panel's title as given (its top axis's property): the label itself is wrapped to the panel's width.
inline constexpr char kPanelTitleProperty[] = "posencPanelTitle";

} // namespace posenc::widgets::detail
