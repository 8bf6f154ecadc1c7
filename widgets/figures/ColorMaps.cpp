// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/ColorMaps.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>
#include <numbers>

namespace posenc::widgets {

namespace {

struct Stop {
    double at;
    const char* color;
};

// ColorBrewer RdBu (11 classes), negative = blue, positive = red.
constexpr Stop kDiverging[] = {
    {0.0, "#053061"}, {0.1, "#2166AC"}, {0.2, "#4393C3"}, {0.3, "#92C5DE"}, {0.4, "#D1E5F0"}, {0.5, "#F7F7F7"},
    {0.6, "#FDDBC7"}, {0.7, "#F4A582"}, {0.8, "#D6604D"}, {0.9, "#B2182B"}, {1.0, "#67001F"},
};
// A twilight-like cyclic map: both ends light grey, blue half then red half, lightness symmetric.
constexpr Stop kCyclic[] = {
    {0.0, "#E2D9E2"},   {0.125, "#9EBBC9"}, {0.25, "#6785BE"},  {0.375, "#5E43A5"}, {0.5, "#2F1436"},
    {0.625, "#6D2352"}, {0.75, "#B0574B"},  {0.875, "#D6A18E"}, {1.0, "#E2D9E2"},
};
// Viridis-like: monotone lightness from dark blue-violet through teal and green to yellow.
constexpr Stop kSequential[] = {
    {0.0, "#440154"},     {1.0 / 9, "#482878"}, {2.0 / 9, "#3E4A89"}, {3.0 / 9, "#31688E"}, {4.0 / 9, "#26828E"},
    {5.0 / 9, "#1F9E89"}, {6.0 / 9, "#35B779"}, {7.0 / 9, "#6DCD59"}, {8.0 / 9, "#B4DE2C"}, {1.0, "#FDE725"},
};

template <std::size_t N> QCPColorGradient fromStops(const Stop (&stops)[N])
{
    QCPColorGradient g;
    g.clearColorStops();
    for (const Stop& s : stops)
        g.setColorStopAt(s.at, QColor(QString::fromLatin1(s.color)));
    return g;
}

} // namespace

QString colorMapName(ColorMapKind kind)
{
    switch (kind) {
    case ColorMapKind::Diverging:
        return QCoreApplication::translate("posenc::figures", "Diverging (blue–white–red)");
    case ColorMapKind::Cyclic:
        return QCoreApplication::translate("posenc::figures", "Cyclic (angles)");
    case ColorMapKind::Sequential:
        return QCoreApplication::translate("posenc::figures", "Sequential (viridis-like)");
    case ColorMapKind::Grey:
        return QCoreApplication::translate("posenc::figures", "Grey");
    }
    return {};
}

const std::vector<ColorMapKind>& allColorMaps()
{
    static const std::vector<ColorMapKind> all = {ColorMapKind::Diverging, ColorMapKind::Cyclic,
                                                  ColorMapKind::Sequential, ColorMapKind::Grey};
    return all;
}

ColorMapKind defaultColorMap(Grid::Scale scale)
{
    switch (scale) {
    case Grid::Scale::Diverging:
        return ColorMapKind::Diverging;
    case Grid::Scale::Cyclic:
        return ColorMapKind::Cyclic;
    case Grid::Scale::Sequential:
        return ColorMapKind::Sequential;
    }
    return ColorMapKind::Diverging;
}

QCPColorGradient makeGradient(ColorMapKind kind)
{
    QCPColorGradient g;
    switch (kind) {
    case ColorMapKind::Diverging:
        g = fromStops(kDiverging);
        break;
    case ColorMapKind::Cyclic:
        g = fromStops(kCyclic);
        g.setPeriodic(true);
        break;
    case ColorMapKind::Sequential:
        g = fromStops(kSequential);
        break;
    case ColorMapKind::Grey:
        g = QCPColorGradient(QCPColorGradient::gpGrayscale);
        break;
    }
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setLevelCount(512);
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(QColor(205, 205, 205));
    return g;
}

QCPRange defaultColorRange(ColorMapKind kind, const std::vector<const std::vector<double>*>& values)
{
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const auto* v : values)
        for (double x : *v)
            if (std::isfinite(x)) {
                lo = std::min(lo, x);
                hi = std::max(hi, x);
            }
    return defaultColorRange(kind, lo, hi);
}

QCPRange defaultColorRange(ColorMapKind kind, double lo, double hi)
{
    if (!(lo <= hi))
        return {-1.0, 1.0};
    constexpr double twoPi = 2.0 * std::numbers::pi;
    if (kind == ColorMapKind::Diverging) {
        // Rounded up to two significant digits, so the scale ends at a labelled value (0.9995 -> 1).
        const double m = std::max(std::abs(lo), std::abs(hi));
        if (!(m > 0))
            return {-1.0, 1.0};
        const double unit = std::pow(10.0, std::floor(std::log10(m)) - 1);
        const double nice = std::ceil(m / unit - 1e-9) * unit;
        return {-nice, nice};
    }
    if (kind == ColorMapKind::Cyclic && lo >= 0 && hi <= twoPi)
        return {0.0, twoPi};
    if (lo == hi)
        return {lo - 0.5, hi + 0.5};
    return {lo, hi};
}

} // namespace posenc::widgets
