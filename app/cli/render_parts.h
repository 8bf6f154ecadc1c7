// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The parts of `posenc render` (cmd_render.cpp), one job per file; every view-specific fact comes from the
// figure table (widgets/figures/FigureSpec.h), so adding a view touches none of them:
// - render_compare.cpp: the --compare grammar (ID or ID:NAME=VALUE[:NAME=VALUE...]) into resolved methods;
// - render_request.cpp: view options merged into flags, the FigureRequest, slide options, the memory check;
// - render_export.cpp: the offscreen QApplication, drawing at the export size, --frames export.

#include "cli_common.h"

#include "figures/ColorMaps.h"
#include "figures/FigureSpec.h"
#include "figures/FigureTheme.h"
#include "figures/FigureTypes.h"

#include <QString>

#include <filesystem>
#include <memory>
#include <optional>
#include <vector>

class QApplication;

namespace posenc::widgets {
struct ExportOptions;
struct ExportResult;
class FigureWidget;
} // namespace posenc::widgets

namespace posenc::cli {

// ---- render_compare.cpp ----
/// The primary and the --compare methods. With --compare every parameter flag goes to the methods that take
/// it; a flag that no selected method takes is an error.
std::vector<MethodChoice> resolveRenderMethods(const Args& args, const Command& self);

// ---- render_request.cpp ----
/// Every view's options, once per name (the first view's spec; the help names the views that take it).
std::vector<ParamSpec> allViewOptions();
/// The request of `spec` for the arguments: methods, length (spec.defaultLength; a table's own positions),
/// view options (an option of another view is an error naming the view's options), the heatmap window.
widgets::FigureRequest buildRequest(const Args& args, const widgets::FigureSpec& spec,
                                    const std::vector<MethodChoice>& methods);

struct SlideOptions {
    std::optional<QString> title;
    QString caption, source; ///< drawn under the figure (gallery figures: what it shows, and whose figure it is)
    double fontScale = 1.0;
    std::optional<widgets::ColorMapKind> colorMap;
    widgets::FigureTheme theme = widgets::FigureTheme::Light;
};
std::vector<std::string> colorMapIds();
std::vector<std::string> themeIds();
SlideOptions slideOptions(const Args& args);

/// Peak memory from the arguments, before anything is allocated: the export at its size and format
/// (Exporter::estimateBytes) and the view's data (FigureSpec::memory); BudgetExceeded (exit 2) naming the flag,
/// the estimate and the budget.
void checkRenderMemory(const Args& args, const widgets::FigureSpec& spec, const widgets::FigureRequest& request,
                       const std::vector<MethodChoice>& methods, const widgets::ExportOptions& options);

// ---- render_export.cpp ----
/// The offscreen QApplication of a render or a batch of renders (null when one exists already); the offscreen
/// platform's notices are dropped.
std::unique_ptr<QApplication> offscreenApplication();

/// Draws `request` at the export size and writes it (`options.path`); the figure widget is reused across frames.
widgets::ExportResult drawAndExport(const Args& args, const widgets::FigureSpec& spec, widgets::FigureRequest request,
                                    const widgets::ExportOptions& options, const SlideOptions& slide,
                                    widgets::FigureWidget& figure, std::optional<widgets::FigureData> computed = {});

/// --frames N: the animated option of `spec` at its value, + step, ..., + (N-1) step; -o names a folder.
struct Frames {
    long long count = 0;
    long long first = 0, step = 1;
    std::filesystem::path folder;
};
std::optional<Frames> framesOf(const Args& args, const widgets::FigureSpec& spec, const widgets::FigureRequest& r);
/// Writes every frame as VIEW-0000.png ... into the folder; on a failure removes the frames it wrote.
int exportFrames(const Args& args, const widgets::FigureSpec& spec, widgets::FigureRequest request,
                 widgets::ExportOptions options, const SlideOptions& slide, widgets::FigureWidget& figure,
                 const Frames& frames);

} // namespace posenc::cli
