// SPDX-License-Identifier: GPL-3.0-or-later
// The token orders of posenc/grid_rope.h (Order) and Qwen2.5-VL's attention windows, as transformers decba1d2ea
// computes them: models/qwen2_5_vl/modeling_qwen2_5_vl.py:423-444 (Qwen2_5_VisionTransformerPretrainedModel.forward
// reorders the patches and the rotary table by window_index before the first block; :448-454 fullatt_block_indexes
// attend over the whole image, the others inside cu_window_seqlens) and vision_utils.py:130 get_vision_window_index
// (vit_merger_window_size = window_size // spatial_merge_size // patch_size merge blocks per window side; the block
// grid padded to whole windows, windows row-major, blocks row-major inside; empty windows dropped).
#include "posenc/grid_rope.h"

#include "posenc/errors.h"

namespace posenc::grid {

namespace {

bool hasWindows(const Model& m)
{
    return m.family == Family::Qwen25VLVision && m.windowBlocks > 0;
}

} // namespace

Order parseOrder(const Model& m, std::string_view name)
{
    Order o = Order::Model;
    if (name == "model")
        o = Order::Model;
    else if (name == "window")
        o = Order::Window;
    else if (name == "blocks")
        o = Order::Blocks;
    else if (name == "raster")
        o = Order::Raster;
    else
        throw InvalidInput("order",
                           "--order " + std::string(name) +
                               ": the orders are model (what the model computes), window, blocks (Qwen2.5-VL's "
                               "vision tower) and raster");
    if ((o == Order::Window || o == Order::Blocks) && !hasWindows(m))
        throw InvalidInput("order", "--order " + std::string(name) + ": " + m.method +
                                        " lists its tokens row-major; only Qwen2.5-VL's vision tower reorders its "
                                        "patches (into merge blocks, then attention windows): give model or raster");
    return o;
}

Model withOrder(Model m, Order order)
{
    m.order = order;
    return m;
}

std::string orderName(const Model& m, Order order)
{
    switch (order) {
    case Order::Model:
        return hasWindows(m) ? "window" : "raster";
    case Order::Window:
        return "window";
    case Order::Blocks:
        return "blocks";
    case Order::Raster:
        break;
    }
    return "raster";
}

Windows visionWindows(const Model& m, std::int64_t h, std::int64_t w)
{
    if (!hasWindows(m))
        throw InvalidInput("order", m.method + " has no attention windows (only Qwen2.5-VL's vision tower)");
    const std::int64_t s = m.mergeSize, win = m.windowBlocks;
    if (h <= 0 || w <= 0 || h % s != 0 || w % s != 0)
        throw InvalidInput("layout", "image:" + std::to_string(h) + "x" + std::to_string(w) +
                                         ": the patches are merged in " + std::to_string(s) + "x" + std::to_string(s) +
                                         " blocks (spatial_merge_size), so H and W must be positive multiples of " +
                                         std::to_string(s));
    const std::int64_t bh = h / s, bw = w / s;
    // pad = win - n % win (a whole empty window row when n divides: its seqlens are 0 and drop out below)
    const std::int64_t nh = (bh + win - bh % win) / win, nw = (bw + win - bw % win) / win;
    Windows out;
    out.cuSeqlens.push_back(0);
    for (std::int64_t wr = 0; wr < nh; ++wr)
        for (std::int64_t wc = 0; wc < nw; ++wc) {
            std::int64_t count = 0;
            for (std::int64_t i = 0; i < win; ++i)
                for (std::int64_t j = 0; j < win; ++j) {
                    const std::int64_t r = wr * win + i, c = wc * win + j;
                    if (r < bh && c < bw) {
                        out.blockIndex.push_back(r * bw + c);
                        ++count;
                    }
                }
            if (count > 0) // torch.unique_consecutive drops the repeated boundary of an empty window
                out.cuSeqlens.push_back(out.cuSeqlens.back() + count * s * s);
        }
    return out;
}

} // namespace posenc::grid
