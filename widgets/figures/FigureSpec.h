// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The figure kinds as one table: what each view is called, what it shows, which options it takes and which
// function computes it. The GUI's view tabs and option bars and `posenc render VIEW` (flags, help, validation)
// are generated from this table (also the default length and the memory estimate of `posenc render`); adding a
// view or a view option is one row here plus its compute function.

#include "figures/FigureTypes.h"

#include "posenc/param_state.h"

#include <QString>

#include <functional>
#include <string>
#include <vector>

namespace posenc::widgets {

namespace detail {
struct BuiltMethod;
}

/// What a view's memory estimate is given: the request's sizes, known before anything is computed.
struct FigureMemoryInput {
    double length = 0;   ///< FigureRequest::length
    double methods = 1;  ///< the primary and the compared methods
    double heads = 0;    ///< the most attention-bias heads among the methods
    double rowBytes = 8; ///< bytes of the widest non-bias matrix row among the methods
};

/// Peak bytes of a view's data, and the flag that drives it (named in a refusal).
struct FigureMemoryEstimate {
    double bytes = 0;
    std::string flag = "length";
};

using FigureComputeFn =
    std::function<FigureData(const FigureRequest&, const std::vector<detail::BuiltMethod>&, const FigureProgress&)>;

struct FigureSpec {
    FigureKind kind;
    std::string id;                 ///< `posenc render ID`
    QString title;                  ///< tab title
    QString explanation;            ///< one line under the option bar
    std::vector<ParamSpec> options; ///< view options: option bar editors and render flags (`--name`)
    FigureComputeFn compute;
    /// x is positions: zoom and pan recompute the visible window at screen resolution (window, pixel columns),
    /// and the page offers colour-map controls.
    bool positionAxis = false;
    /// The line under the option bar when it depends on the options (empty: `explanation`): the current option
    /// values and the primary's available matrix views (for "auto"), in the user's language.
    std::function<QString(const ParamSet& options, const std::vector<View>& views)> hint = nullptr;
    /// The integer option that the view's Play button advances and `posenc render VIEW --frames N` steps through
    /// (empty: the view is not animated), by the value of the option `animationStep` per frame.
    std::string animated{};
    std::string animationStep{};
    /// Positions when no length is given (`posenc render`; a learned table shows all its positions instead).
    long long defaultLength = kDefaultLength;
    /// The longest length the view computes (checkFigureOptions refuses more, naming this limit): kMaxLength,
    /// or an analysis's own limit when its cost grows with the length.
    long long maxLength = kMaxLength;
    /// Peak bytes of the view's data before it is drawn (`posenc render` refuses above --memory-budget before
    /// computing); null: independent of the sizes (a few KiB). Heatmaps are computed at screen resolution
    /// whatever the length, so their cost is the export's (Exporter::estimateBytes).
    std::function<FigureMemoryEstimate(const FigureMemoryInput&)> memory = nullptr;
    /// Whether the explorer shows the view's tab for the compared method ids and the config loaded last (null:
    /// always). A view with nothing to draw for them (Positions without an M-RoPE method, Layers without a config
    /// whose layers differ) hides its tab, so that the tabs that apply fit a 1366 px screen; `posenc render` draws
    /// it regardless (saying what is missing).
    std::function<bool(const std::vector<std::string>& methodIds, const io::HfConfig* config)> shown = nullptr;
};

/// Every figure kind, in tab order.
const std::vector<FigureSpec>& figureSpecs();
const FigureSpec& figureSpec(FigureKind kind);
/// The tab title of `kind` in the user's language ("Wavelengths"; the id "frequencies" is the CLI's).
QString viewTitle(FigureKind kind);
/// The spec called `id`; throws InvalidInput("view", ...) naming the valid ids.
const FigureSpec& figureSpec(const std::string& id);
/// The option called `name` of `kind`, or null.
const ParamSpec* figureOption(FigureKind kind, const std::string& name);

/// Every option's default for `kind`.
ParamSet defaultFigureOptions(FigureKind kind);
/// Checks every option value of `request` against its spec (type, range, choice) and that no option is foreign
/// to the kind. Throws InvalidInput naming the option.
void checkFigureOptions(const FigureRequest& request);

} // namespace posenc::widgets
