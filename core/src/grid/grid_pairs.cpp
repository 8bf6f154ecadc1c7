// SPDX-License-Identifier: GPL-3.0-or-later
// The rotary pairs of a grid model in its own order and their angles per token; the position grids of LTX-Video
// (transformer_ltx.py:179 LTXVideoRotaryPosEmbed, pipeline_ltx.py defaults) and CogVideoX (embeddings.py:831
// get_3d_rotary_pos_embed, pipeline_cogvideox.py:69 get_resize_crop_region_for_grid and
// _prepare_rotary_positional_embeddings), diffusers 58eb52c08.
#include "posenc/grid_rope.h"

#include "posenc/errors.h"

#include <cmath>

namespace posenc::grid {

namespace {

/// Python's round(): half to even.
double pyRound(double x)
{
    const double f = std::floor(x);
    const double d = x - f;
    if (d > 0.5)
        return f + 1;
    if (d < 0.5)
        return f;
    return std::fmod(f, 2.0) == 0.0 ? f : f + 1;
}

/// torch.linspace(start, end, steps) as ATen computes it: the second half counted back from `end`.
std::vector<double> linspace(double start, double end, std::int64_t steps)
{
    std::vector<double> v(static_cast<std::size_t>(steps));
    if (steps == 1) {
        v[0] = start;
        return v;
    }
    const double step = (end - start) / static_cast<double>(steps - 1);
    for (std::int64_t i = 0; i < steps; ++i)
        v[static_cast<std::size_t>(i)] =
            i < steps / 2 ? start + step * static_cast<double>(i) : end - step * static_cast<double>(steps - i - 1);
    return v;
}

std::vector<double> arange(std::int64_t n)
{
    std::vector<double> v(static_cast<std::size_t>(n));
    for (std::int64_t i = 0; i < n; ++i)
        v[static_cast<std::size_t>(i)] = static_cast<double>(i);
    return v;
}

std::vector<std::vector<double>> meshgrid(const std::vector<double>& t, const std::vector<double>& h,
                                          const std::vector<double>& w)
{
    std::vector<std::vector<double>> ids;
    ids.reserve(t.size() * h.size() * w.size());
    for (double a : t)
        for (double b : h)
            for (double c : w)
                ids.push_back({a, b, c});
    return ids;
}

const LayoutItem& videoItem(const std::vector<LayoutItem>& layout)
{
    for (const auto& it : layout)
        if (it.kind == Kind::Video)
            return it;
    return layout.front(); // checkLayout guarantees one video entry
}

} // namespace

std::vector<Pair> pairs(const Model& m)
{
    std::vector<Pair> out;
    if (m.axesInterleaved) { // LTX-Video: freqs.transpose(-1, -2).flatten(2): pair (k, axis), the axis fastest
        const std::size_t n = m.axes.empty() ? 0 : m.axes.front().invFreq.size();
        for (std::size_t k = 0; k < n; ++k)
            for (std::size_t a = 0; a < m.axes.size(); ++a)
                out.push_back({static_cast<int>(a), m.axes[a].invFreq[k]});
        return out;
    }
    for (std::size_t a = 0; a < m.axes.size(); ++a)
        for (double f : m.axes[a].invFreq)
            out.push_back({static_cast<int>(a), f});
    return out;
}

std::vector<double> angles(const Model& m, const std::vector<std::vector<double>>& positions)
{
    const auto p = pairs(m);
    std::vector<double> out;
    out.reserve(positions.size() * p.size());
    for (const auto& row : positions)
        for (const auto& q : p)
            out.push_back(q.invFreq * (m.idScale * row[static_cast<std::size_t>(q.axis)] + m.idShift));
    return out;
}

std::string channelLayoutText(const Model& m)
{
    std::string s = m.channels == Channels::Interleaved
                        ? "interleaved: pair j in channels 2j, 2j+1"
                        : "half: pair j in channels j and j + C/2 (rotate_half), C = head_dim";
    s += m.axesInterleaved ? "; pairs ordered (k, axis), the axis fastest" : "; axes concatenated";
    if (m.padding > 0)
        s = std::to_string(m.padding) + " unrotated channels first (cos 1, sin 0), then " + s;
    return s;
}

std::vector<std::vector<double>> cogvideoxPositions(const Model& m, const LayoutItem& v)
{
    if (m.cogSlice) { // CogVideoX 1.5: arange(max) sliced to the grid
        if (v.h > m.cogBaseH || v.w > m.cogBaseW)
            throw InvalidInput("layout", "--layout video:" + std::to_string(v.t) + "x" + std::to_string(v.h) + "x" +
                                             std::to_string(v.w) + " does not fit " + m.className +
                                             " (CogVideoX 1.5, patch_size_t set): its grid is sliced out of the base "
                                             "grid sample_height/patch_size x sample_width/patch_size = " +
                                             std::to_string(m.cogBaseH) + "x" + std::to_string(m.cogBaseW) +
                                             ", so H <= " + std::to_string(m.cogBaseH) +
                                             " and W <= " + std::to_string(m.cogBaseW));
        return meshgrid(arange(v.t), arange(v.h), arange(v.w));
    }
    // CogVideoX 1.0: the grid resized into the base grid (aspect kept), centred, then linspace over that region
    const double th = m.cogBaseH, tw = m.cogBaseW, h = static_cast<double>(v.h), w = static_cast<double>(v.w);
    double rh = th, rw = tw;
    if (h / w > th / tw)
        rw = pyRound(th / h * w);
    else
        rh = pyRound(tw / w * h);
    const double top = pyRound((th - rh) / 2.0), left = pyRound((tw - rw) / 2.0);
    const double bottom = top + rh, right = left + rw;
    const double t = static_cast<double>(v.t);
    return meshgrid(linspace(0, t * (t - 1) / t, v.t), linspace(top, bottom * (h - 1) / h, v.h),
                    linspace(left, right * (w - 1) / w, v.w));
}

std::vector<std::vector<double>> morePositions(const Model& m, const std::vector<LayoutItem>& layout)
{
    if (m.tower)
        return visionPositions(m, layout);
    const LayoutItem& v = videoItem(layout);
    if (m.family == Family::CogVideoX)
        return cogvideoxPositions(m, v);
    // LTX-Video: (t, r, c) * rope_interpolation_scale * patch / base
    auto ids = meshgrid(arange(v.t), arange(v.h), arange(v.w));
    for (auto& row : ids)
        for (std::size_t a = 0; a < 3; ++a)
            row[a] *= m.idUnit[a];
    return ids;
}

} // namespace posenc::grid
