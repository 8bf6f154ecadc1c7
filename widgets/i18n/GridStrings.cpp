// SPDX-License-Identifier: GPL-3.0-or-later
// The Grid view's option strings (issue 37, FigureSpecsGrid.cpp) for lupdate; coreStrings() lists them with core's.
#include "i18n/CoreStrings.h"

#include <QtGlobal>

namespace posenc::widgets {

const std::vector<const char*>& gridViewStrings()
{
    static const std::vector<const char*> strings = {
        QT_TRANSLATE_NOOP("posenc::params", "Show"),
        QT_TRANSLATE_NOOP("posenc::params", "angle"),
        QT_TRANSLATE_NOOP("posenc::params", "wavelengths"),
        QT_TRANSLATE_NOOP("posenc::params", "similarity"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "angle: the grid coloured by one pair's angle, with the channel → axis strip; wavelengths: every axis' "
            "wavelengths against the reference and target extents; similarity: one token's score to every token"),
        QT_TRANSLATE_NOOP("posenc::params", "Family"),
        QT_TRANSLATE_NOOP("posenc::params", "auto"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "the model: auto = the diffusers config opened last (File > Open config), else FLUX.1-dev"),
        QT_TRANSLATE_NOOP("posenc::params", "flux.1-dev"),
        QT_TRANSLATE_NOOP("posenc::params", "flux.2-dev"),
        QT_TRANSLATE_NOOP("posenc::params", "qwen-image"),
        QT_TRANSLATE_NOOP("posenc::params", "hunyuan-video"),
        QT_TRANSLATE_NOOP("posenc::params", "wan2.1-t2v-14b"),
        QT_TRANSLATE_NOOP("posenc::params", "ltx-video"),
        QT_TRANSLATE_NOOP("posenc::params", "cogvideox-5b"),
        QT_TRANSLATE_NOOP("posenc::params", "qwen2.5-vl-7b-vision"),
        QT_TRANSLATE_NOOP("posenc::params", "pixtral-12b-vision"),
        QT_TRANSLATE_NOOP("posenc::params", "llama4-scout-vision"),
        QT_TRANSLATE_NOOP("posenc::params", "H"),
        QT_TRANSLATE_NOOP("posenc::params", "reference"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "target grid height in tokens (diffusion models: latent rows after patching, 2x2 except LTX-Video's 1x1; "
            "vision towers: image patches)"),
        QT_TRANSLATE_NOOP("posenc::params", "W"),
        QT_TRANSLATE_NOOP("posenc::params", "target grid width in tokens"),
        QT_TRANSLATE_NOOP("posenc::params", "Frames"),
        QT_TRANSLATE_NOOP("posenc::params", "target latent frames (video models; images: 1)"),
        QT_TRANSLATE_NOOP("posenc::params", "θ"),
        QT_TRANSLATE_NOOP("posenc::params", "RoPE base of every axis (unset: the model's)"),
        QT_TRANSLATE_NOOP("posenc::params", "PI t"),
        QT_TRANSLATE_NOOP("posenc::params", "Position Interpolation factor of the t axis (frequencies / s)"),
        QT_TRANSLATE_NOOP("posenc::params", "PI h"),
        QT_TRANSLATE_NOOP("posenc::params", "Position Interpolation factor of the h axis"),
        QT_TRANSLATE_NOOP("posenc::params", "PI w"),
        QT_TRANSLATE_NOOP("posenc::params", "Position Interpolation factor of the w axis"),
        QT_TRANSLATE_NOOP("posenc::params", "NTK t"),
        QT_TRANSLATE_NOOP("posenc::params", "NTK factor of the t axis (θ raised, see NTK rule)"),
        QT_TRANSLATE_NOOP("posenc::params", "NTK h"),
        QT_TRANSLATE_NOOP("posenc::params", "NTK factor of the h axis"),
        QT_TRANSLATE_NOOP("posenc::params", "NTK w"),
        QT_TRANSLATE_NOOP("posenc::params", "NTK factor of the w axis"),
        QT_TRANSLATE_NOOP("posenc::params", "NTK rule"),
        QT_TRANSLATE_NOOP("posenc::params", "cosmos"),
        QT_TRANSLATE_NOOP("posenc::params", "lumina"),
        QT_TRANSLATE_NOOP("posenc::params", "cosmos: theta * s^(d/(d-2)) per axis (CosmosRotaryPosEmbed); lumina: "
                                            "theta * s (get_2d_rotary_pos_embed_lumina's ntk_factor)"),
        QT_TRANSLATE_NOOP("posenc::params", "RIFLEx L"),
        QT_TRANSLATE_NOOP(
            "posenc::params",
            "RIFLEx test length in latent frames (0: off): component k of the t axis (counted from 1: pair k - 1) "
            "gets 0.9*2*pi/L when L > N_k"),
        QT_TRANSLATE_NOOP("posenc::params", "DyPE"),
        QT_TRANSLATE_NOOP("posenc::params",
                          "DyPE on FLUX.1's h and w axes: their frequencies at the diffusion timestep below, in the "
                          "chosen published code (off: the model as trained)"),
        // the core's `dype` analysis declaration (analysis_spec_dype.cpp): the view's DyPE controls
        QT_TRANSLATE_NOOP("posenc::params", "DyPE code"),
        QT_TRANSLATE_NOOP("posenc::params", "official"),
        QT_TRANSLATE_NOOP("posenc::params", "comfyui"),
        QT_TRANSLATE_NOOP("posenc::params", "official: guyyariv/DyPE (kappa = t^2 multiplies the ramp ends); comfyui: "
                                            "ComfyUI-DyPE (the ramp ends raised to dype_scale t^dype_exponent)"),
        QT_TRANSLATE_NOOP("posenc::params", "DyPE method"),
        QT_TRANSLATE_NOOP("posenc::params", "yarn"),
        QT_TRANSLATE_NOOP("posenc::params", "ntk"),
        QT_TRANSLATE_NOOP("posenc::params", "the extrapolation whose strength DyPE varies"),
        QT_TRANSLATE_NOOP("posenc::params", "DyPE t"),
        QT_TRANSLATE_NOOP("posenc::params", "diffusion timestep t in (0, 1]: 1 = pure noise, towards 0 = clean"),
        QT_TRANSLATE_NOOP("posenc::params", "Axis"),
        QT_TRANSLATE_NOOP("posenc::params", "t"),
        QT_TRANSLATE_NOOP("posenc::params", "h"),
        QT_TRANSLATE_NOOP("posenc::params", "w"),
        QT_TRANSLATE_NOOP("posenc::params", "l"),
        QT_TRANSLATE_NOOP("posenc::params", "angle: the axis whose pair colours the grid"),
        QT_TRANSLATE_NOOP("posenc::params", "Pair"),
        QT_TRANSLATE_NOOP("posenc::params", "angle: the pair of that axis, from 0 (pair 0 is the fastest, except in "
                                            "LTX-Video, whose frequencies rise with the pair)"),
        QT_TRANSLATE_NOOP("posenc::params", "Frame"),
        QT_TRANSLATE_NOOP("posenc::params", "the latent frame shown (video models)"),
        QT_TRANSLATE_NOOP("posenc::params", "Query row"),
        QT_TRANSLATE_NOOP("posenc::params", "centre"),
        QT_TRANSLATE_NOOP("posenc::params", "similarity: row of the query token (in frame 0)"),
        QT_TRANSLATE_NOOP("posenc::params", "Query column"),
        QT_TRANSLATE_NOOP("posenc::params", "similarity: column of the query token"),
    };
    return strings;
}

} // namespace posenc::widgets
