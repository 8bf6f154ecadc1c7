// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to the Grid view (FigureGrid.cpp, FigureGridWavelengths.cpp, its row in FigureSpecsGrid.cpp).

#include "figures/FigureTypes.h"

#include "posenc/grid_dype.h"
#include "posenc/grid_presets.h"
#include "posenc/grid_rope.h"
#include "posenc/grid_scaling.h"

#include <QColor>
#include <QString>

#include <optional>

namespace posenc::widgets::detail {

/// The family and grid the options choose: `base` as configured (θ option applied), `model` with the per-axis PI /
/// NTK and RIFLEx on top; the reference grid (the preset's default generation size) and the target grid.
struct GridSetup {
    grid::Model base, model;
    QString name;
    long long refT = 1, refH = 1, refW = 1;
    std::optional<grid::PixelSize> refSize; ///< the pixel size of the reference grid (a preset's)
    long long t = 1, h = 1, w = 1;
    bool scaled = false;
    /// Family "auto" without a loaded diffusers config: the first preset (FLUX.1-dev) drawn as the example.
    bool example = false;
    std::optional<grid::Riflex> riflex;
    /// DyPE at one timestep (option "dype" on): the request of each spatial axis it rescaled, in the model's axis
    /// order (FigureGridDype.cpp).
    struct Dype {
        grid::DypeRequest h, w;
        grid::DypeAxis hAxis, wAxis;
        int changedH = 0, changedW = 0; ///< pairs whose frequency DyPE changed
    };
    std::optional<Dype> dype;
};

/// Throws InvalidInput naming the option (an image model with frames > 1, a bad factor, RIFLEx on an image model).
GridSetup gridSetup(const FigureRequest& request);
/// DyPE (posenc/grid_dype.h, option "dype"): the h and w frequencies of FLUX.1 replaced by either published code's
/// at the chosen timestep. InvalidInput naming the option for another family or with PI / NTK on h or w.
void applyDype(GridSetup& setup, const FigureRequest& request);
/// What a Grid picture draws: angles or wavelengths (mscale does not change them) or a score (it leaves mscale out).
enum class DypePicture { AnglesOrWavelengths, Score };
/// The DyPE note: which code's formula, the timestep, the strength, mscale and the pairs it rescales.
void addDypeNotes(FigureData& data, const GridSetup& setup, DypePicture picture);
/// The family, the channel allocation, the id rule and the scaling applied, as notes.
void addGridNotes(FigureData& data, const GridSetup& setup, const FigureRequest& request);
/// t blue, h orange, w green, l (FLUX.2's text index) purple: the same colour per axis in every picture.
QColor gridAxisColour(const std::string& axis);

FigureData gridAngleFigure(const FigureRequest& request, const GridSetup& setup);
FigureData gridWavelengthFigure(const FigureRequest& request, const GridSetup& setup);
FigureData gridSimilarityFigure(const FigureRequest& request, const GridSetup& setup);

} // namespace posenc::widgets::detail
