// SPDX-License-Identifier: GPL-3.0-or-later
#include "explorer/CompactTabStyle.h"

#include <cmath>

namespace posenc::widgets {

int CompactTabStyle::pixelMetric(PixelMetric metric, const QStyleOption* option, const QWidget* widget) const
{
    const int base = QProxyStyle::pixelMetric(metric, option, widget);
    if (metric == PM_TabBarTabHSpace)
        return static_cast<int>(std::lround(base * kHSpaceFraction));
    return base;
}

} // namespace posenc::widgets
