// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QProxyStyle>

namespace posenc::widgets {

/// The view tabs' style: the application's, with less space beside each tab's text (kHSpaceFraction of the
/// style's), so that all fourteen view tabs fit a 1366 px screen without scroll buttons while the text keeps
/// its size. Owned by the widget it is set on (parented to it).
class CompactTabStyle : public QProxyStyle {
public:
    static constexpr double kHSpaceFraction = 0.3;
    using QProxyStyle::QProxyStyle;
    int pixelMetric(PixelMetric metric, const QStyleOption* option = nullptr,
                    const QWidget* widget = nullptr) const override;
};

} // namespace posenc::widgets
