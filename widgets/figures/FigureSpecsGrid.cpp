// SPDX-License-Identifier: GPL-3.0-or-later
// The Grid view's row of the figure table (issue 37): axial RoPE of image and video diffusion transformers. One
// tab with three pictures (option "show"), so that the tabs still fit a 1366 px screen.
#include "figures/FigureSpec.h"

#include "FigureCompute_p.h"
#include "FigureGrid_p.h"
#include "FigureSpecOptions_p.h"

#include "posenc/grid_presets.h"
#include "posenc/param_builders.h"

#include <QCoreApplication>

namespace posenc::widgets {

using namespace specopts;

namespace {

ParamSpec optionalInt(std::string name, std::string label, double max, std::string meaning, std::string help)
{
    ParamSpec s = optional(intOption(std::move(name), std::move(label), 0, 0, max, std::move(help)));
    s.emptyMeaning = std::move(meaning);
    return s;
}

QString gridHint(const ParamSet& options, const std::vector<View>&)
{
    const std::string show = options.choice("show");
    const char* text =
        show == "wavelengths"
            ? QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                "Every axis' wavelengths against the reference and the target grid: at their trained "
                                "frequencies the shaded pairs turn through angles the reference grid never reaches.")
        : show == "similarity"
            ? QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                "One query token's score to every token of the grid: the 2-D decay of axial RoPE.")
            : QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                "The token grid coloured by the rotation angle of one pair of one axis; beside it, "
                                "which channels carry which axis.");
    return QCoreApplication::translate("posenc::widgets::ViewPage", text);
}

} // namespace

void appendGridSpec(std::vector<FigureSpec>& specs)
{
    using namespace detail;
    std::vector<std::string> families = {"auto"};
    for (const auto& p : grid::presets())
        families.push_back(p.id);
    specs.push_back(
        {FigureKind::Grid,
         "grid",
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Grid")),
         viewText(QT_TRANSLATE_NOOP(
             "posenc::widgets::ViewPage",
             "Image and video RoPE (FLUX, Qwen-Image, HunyuanVideo, Wan, LTX-Video, CogVideoX) and VLM vision "
             "towers (Qwen2.5-VL, Pixtral, Llama 4) on the token grid.")),
         {choiceOption("show", "Show", "angle", {"angle", "wavelengths", "similarity"},
                       "angle: the grid coloured by one pair's angle, with the channel → axis strip; wavelengths: "
                       "every axis' wavelengths against the reference and target extents; similarity: one token's "
                       "score to every token"),
          choiceOption("family", "Family", "auto", families,
                       "the model: auto = the diffusers config opened last (File > Open config), else FLUX.1-dev"),
          optionalInt(
              "grid-height", "H", 4096, "reference",
              "target grid height in tokens (diffusion models: latent rows after patching, 2x2 except LTX-Video's 1x1; "
              "vision towers: image patches)"),
          optionalInt("grid-width", "W", 4096, "reference", "target grid width in tokens"),
          optionalInt("grid-frames", "Frames", 4096, "reference", "target latent frames (video models; images: 1)"),
          optionalReal("theta", "θ", 1, 1e12, "RoPE base of every axis (unset: the model's)"),
          realOption("pi-t", "PI t", 1, 0, 1e6, "Position Interpolation factor of the t axis (frequencies / s)"),
          realOption("pi-h", "PI h", 1, 0, 1e6, "Position Interpolation factor of the h axis"),
          realOption("pi-w", "PI w", 1, 0, 1e6, "Position Interpolation factor of the w axis"),
          realOption("ntk-t", "NTK t", 1, 0, 1e6, "NTK factor of the t axis (θ raised, see NTK rule)"),
          realOption("ntk-h", "NTK h", 1, 0, 1e6, "NTK factor of the h axis"),
          realOption("ntk-w", "NTK w", 1, 0, 1e6, "NTK factor of the w axis"),
          choiceOption("ntk-rule", "NTK rule", "cosmos", {"cosmos", "lumina"},
                       "cosmos: theta * s^(d/(d-2)) per axis (CosmosRotaryPosEmbed); lumina: theta * s "
                       "(get_2d_rotary_pos_embed_lumina's ntk_factor)"),
          intOption("riflex-frames", "RIFLEx L", 0, 0, 4096,
                    "RIFLEx test length in latent frames (0: off): component k of the t axis (counted from 1: pair "
                    "k - 1) gets 0.9*2*pi/L when L > N_k"),
          boolOption("dype", "DyPE", false,
                     "DyPE on FLUX.1's h and w axes: their frequencies at the diffusion timestep below, in the chosen "
                     "published code (off: the model as trained)"),
          analysisOption("dype", "dype-variant", "DyPE code"),
          analysisOption("dype", "dype-method", "DyPE method"),
          analysisOption("dype", "dype-timestep", "DyPE t"),
          choiceOption("axis", "Axis", "w", {"t", "h", "w", "l"}, "angle: the axis whose pair colours the grid"),
          intOption("pair", "Pair", 0, 0, 512,
                    "angle: the pair of that axis, from 0 (pair 0 is the fastest, except in LTX-Video, whose "
                    "frequencies rise with the pair)"),
          intOption("frame", "Frame", 0, 0, 4096, "the latent frame shown (video models)"),
          optionalInt("query-row", "Query row", 4096, "centre", "similarity: row of the query token (in frame 0)"),
          optionalInt("query-col", "Query column", 4096, "centre", "similarity: column of the query token")},
         [](const FigureRequest& r, const std::vector<BuiltMethod>&, const FigureProgress&) {
             const GridSetup s = gridSetup(r);
             const std::string show = r.options.choice("show");
             return show == "wavelengths"  ? gridWavelengthFigure(r, s)
                    : show == "similarity" ? gridSimilarityFigure(r, s)
                                           : gridAngleFigure(r, s);
         }});
    specs.back().hint = gridHint;
}

} // namespace posenc::widgets
