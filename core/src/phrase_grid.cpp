// SPDX-License-Identifier: GPL-3.0-or-later
// The English templates of the notes of reading a diffusers transformer config or a vision tower's config
// (grid_rope.h Model::notePhrases; grid/grid_model.cpp, grid/grid_vision.cpp).
#include "phrase_templates.h"

namespace posenc::detail {

void addGridTemplates(PhraseTemplates& t)
{
    t.insert({
        {"grid.class-default", "%1 absent: the class default %2"},
        {"grid.vision-theta-default", "vision_config.rope_theta absent: transformers' default_theta 10000"},
        {"grid.cogvideox-slices", "patch_size_t set: CogVideoX 1.5 grid (arange slices of the base grid %1x%2)"},
        {"grid.cogvideox-linspace",
         "patch_size_t null: CogVideoX 1.0 grid (linspace over the crop region of the base grid %1x%2)"},
        {"grid.cogvideox-rope-absent",
         "use_rotary_positional_embeddings absent: diffusers' default is false (no RoPE, as CogVideoX-2B); read as "
         "the RoPE of CogVideoX-5B and 1.5, whose configs set it true"},
        {"grid.ltx-ids", "ids as pipeline_ltx.py's defaults: (t*8/25*patch_size_t/20, r*32*patch_size/2048, "
                         "c*32*patch_size/2048) (VAE 8x time, 32x space, frame_rate 25); angle = "
                         "inv_freq*(2*id - 1), inv_freq = theta^(k/(n-1))*pi/2"},
        {"grid.qwen-merge-blocks", "patches in %1x%1 merge blocks (get_vision_position_ids)"},
        {"grid.qwen-windows",
         "then the blocks are reordered into attention windows of %1x%1 merge blocks (window_size %2 px, "
         "get_vision_window_index): the rotary table and every layer see that order, the default here (--order "
         "blocks or raster for the others); layers %3 attend over the whole image, the other %4 inside their window"},
        {"grid.llama4-fixed-grid",
         "ids (c + 1, r + 1) on the fixed %1x%1 grid; the CLS token (layout entry cls, last) has angle 0"},
    });
}

} // namespace posenc::detail
