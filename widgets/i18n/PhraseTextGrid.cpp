// SPDX-License-Identifier: GPL-3.0-or-later
// The translatable templates of the notes of reading a diffusers transformer config or a vision tower's config:
// the English source is core's template (phrase_grid.cpp).
#include "i18n/PhraseText_p.h"

#include <QtGlobal>

namespace posenc::widgets::detail {

const std::vector<PhraseSource>& gridPhraseSources()
{
    static const std::vector<PhraseSource> rows = {
        {"grid.class-default",
         {QT_TRANSLATE_NOOP("posenc::widgets::PhraseText", "%1 absent: the class default %2"), nullptr}},
        {"grid.vision-theta-default",
         {QT_TRANSLATE_NOOP("posenc::widgets::PhraseText",
                            "vision_config.rope_theta absent: transformers' default_theta 10000"),
          nullptr}},
        {"grid.cogvideox-slices",
         {QT_TRANSLATE_NOOP("posenc::widgets::PhraseText",
                            "patch_size_t set: CogVideoX 1.5 grid (arange slices of the base grid %1x%2)"),
          nullptr}},
        {"grid.cogvideox-linspace",
         {QT_TRANSLATE_NOOP("posenc::widgets::PhraseText",
                            "patch_size_t null: CogVideoX 1.0 grid (linspace over the crop region of the base grid "
                            "%1x%2)"),
          nullptr}},
        {"grid.cogvideox-rope-absent",
         {QT_TRANSLATE_NOOP("posenc::widgets::PhraseText",
                            "use_rotary_positional_embeddings absent: diffusers' default is false (no RoPE, as "
                            "CogVideoX-2B); read as the RoPE of CogVideoX-5B and 1.5, whose configs set it true"),
          nullptr}},
        {"grid.ltx-ids",
         {QT_TRANSLATE_NOOP("posenc::widgets::PhraseText",
                            "ids as pipeline_ltx.py's defaults: (t*8/25*patch_size_t/20, r*32*patch_size/2048, "
                            "c*32*patch_size/2048) (VAE 8x time, 32x space, frame_rate 25); angle = "
                            "inv_freq*(2*id - 1), inv_freq = theta^(k/(n-1))*pi/2"),
          nullptr}},
        {"grid.qwen-merge-blocks",
         {QT_TRANSLATE_NOOP("posenc::widgets::PhraseText", "patches in %1x%1 merge blocks (get_vision_position_ids)"),
          nullptr}},
        {"grid.qwen-windows",
         {QT_TRANSLATE_NOOP("posenc::widgets::PhraseText",
                            "then the blocks are reordered into attention windows of %1x%1 merge blocks (window_size "
                            "%2 px, get_vision_window_index): the rotary table and every layer see that order, the "
                            "default here (--order blocks or raster for the others); layers %3 attend over the whole "
                            "image, the other %4 inside their window"),
          nullptr}},
        {"grid.llama4-fixed-grid",
         {QT_TRANSLATE_NOOP("posenc::widgets::PhraseText",
                            "ids (c + 1, r + 1) on the fixed %1x%1 grid; the CLS token (layout entry cls, last) has "
                            "angle 0"),
          nullptr}},
    };
    return rows;
}

} // namespace posenc::widgets::detail
