// SPDX-License-Identifier: GPL-3.0-or-later
// Grid view (issue 37): axial RoPE of image and video diffusion transformers on their token grid. One family (a
// preset or the diffusers config loaded last), its per-axis PI / NTK / RIFLEx (posenc/grid_scaling.h), and one of
// three pictures: the rotation angle of a chosen pair on the grid beside the channel → axis strip; every axis'
// wavelengths against the reference and target extents; one token's similarity to every token.
#include "FigureCompute_p.h"
#include "FigureGrid_p.h"

#include "posenc/errors.h"
#include "posenc/grid_presets.h"
#include "posenc/registry.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc::widgets::detail {

namespace {

constexpr double kTwoPi = 2 * std::numbers::pi;

const grid::Preset* presetOf(const std::string& family)
{
    return family == "auto" ? nullptr : &grid::preset(family);
}

/// The index of the axis called `name` ("h", "w"), -1 when the model has none.
int axisIndex(const grid::Model& m, const char* name)
{
    for (std::size_t a = 0; a < m.axes.size(); ++a)
        if (m.axes[a].name == name)
            return static_cast<int>(a);
    return -1;
}

/// The token ids of one frame (t = `frame`), row-major over rows × columns (Qwen2.5-VL's vision tower lists its
/// patches in windows: drawn here by their ids, the order is in a note).
std::vector<std::vector<double>> frameIds(const GridSetup& s, long long frame)
{
    const std::string layout = s.model.video ? "video:1x" + std::to_string(s.h) + "x" + std::to_string(s.w)
                                             : "image:" + std::to_string(s.h) + "x" + std::to_string(s.w);
    auto ids = grid::positions(grid::withOrder(s.model, grid::Order::Raster), grid::parseLayout(layout));
    if (s.model.temporalAxis >= 0) // ids (t, r, c): the frame index on the time axis
        for (auto& row : ids)
            row[static_cast<std::size_t>(s.model.temporalAxis)] += static_cast<double>(frame);
    return ids;
}

long long checkedFrame(const GridSetup& s, const FigureRequest& r)
{
    const long long frame = r.options.integer("frame");
    if (frame >= s.t)
        throw InvalidInput("frame", QObject::tr("frame %1 is outside the grid's %2 latent frames (0…%3)")
                                        .arg(frame)
                                        .arg(s.t)
                                        .arg(s.t - 1)
                                        .toStdString());
    return frame;
}

/// Patches per side of Qwen2.5-VL's attention windows (window_size / patch_size; get_vision_window_index pads the
/// merged grid at its bottom and right, so the windows start at patch (0, 0)); 0 for a model without windows.
long long windowSide(const GridSetup& s)
{
    return s.model.family == grid::Family::Qwen25VLVision && s.model.windowBlocks > 0
               ? static_cast<long long>(s.model.windowBlocks) * s.model.mergeSize
               : 0;
}

/// The window borders' note of a token-grid picture (nothing for models without windows).
void addWindowNote(FigureData& data, const GridSetup& s)
{
    const long long side = windowSide(s);
    if (side <= 0)
        return;
    addNote(data, QObject::tr("Black lines: the borders of Qwen2.5-VL's attention windows, %1×%1 patches each "
                              "(window_size %2 px / patch_size %3 px; spatial_merge_size %4: %5×%5 merge blocks); "
                              "windows at the right and bottom edge are cut by the grid")
                      .arg(side)
                      .arg(s.model.windowPixels)
                      .arg(s.model.patchSize)
                      .arg(s.model.mergeSize)
                      .arg(s.model.windowBlocks));
}

/// A heatmap over the frame's tokens: x = column id, y = row id (the model's ids: centred for Qwen-Image).
Grid tokenGrid(const GridSetup& s, const std::vector<std::vector<double>>& ids, const std::vector<double>& values)
{
    Grid g;
    g.rows = s.w;
    g.cols = s.h;
    g.values.resize(static_cast<std::size_t>(s.w * s.h));
    for (long long r = 0; r < s.h; ++r)
        for (long long c = 0; c < s.w; ++c)
            g.values[static_cast<std::size_t>(c * s.h + r)] = values[static_cast<std::size_t>(r * s.w + c)];
    // the model's own ids when they step by 1 per token (Qwen-Image: centred), else the token index (LTX-Video's
    // fractional ids, CogVideoX's linspace off its training size)
    const auto hA = static_cast<std::size_t>(axisIndex(s.model, "h")),
               wA = static_cast<std::size_t>(axisIndex(s.model, "w"));
    double c0 = ids.front()[wA], r0 = ids.front()[hA];
    bool unit = c0 == std::floor(c0) && r0 == std::floor(r0);
    for (long long r = 0; unit && r < s.h; ++r)
        for (long long c = 0; unit && c < s.w; ++c) {
            const auto& id = ids[static_cast<std::size_t>(r * s.w + c)];
            unit = std::abs(id[wA] - (c0 + static_cast<double>(c))) < 1e-12 &&
                   std::abs(id[hA] - (r0 + static_cast<double>(r))) < 1e-12;
        }
    if (!unit)
        c0 = r0 = 0;
    g.xFirst = c0 - 0.5;
    g.xLast = c0 + static_cast<double>(s.w) - 0.5;
    g.yFirst = r0 - 0.5;
    g.yLast = r0 + static_cast<double>(s.h) - 0.5;
    for (long long c = 0; c <= s.w; ++c)
        g.rowEdges.push_back(static_cast<std::int64_t>(c0) + c);
    for (long long r = 0; r <= s.h; ++r)
        g.yEdges.push_back(r0 + static_cast<double>(r) - 0.5);
    if (const long long side = windowSide(s); side > 0) { // Qwen2.5-VL: windows tile the grid from (0, 0)
        for (long long c = side; c < s.w; c += side)
            g.xBorders.push_back(c0 + static_cast<double>(c) - 0.5);
        for (long long r = side; r < s.h; r += side)
            g.yBorders.push_back(r0 + static_cast<double>(r) - 0.5);
    }
    g.xLabel = unit ? QObject::tr("column id (w)") : QObject::tr("column (token index; the ids are not integers)");
    g.yLabel = unit ? QObject::tr("row id (h)") : QObject::tr("row (token index)");
    return g;
}

QString familyRule(const grid::Model& m)
{
    switch (m.family) {
    case grid::Family::Flux:
        return QObject::tr("FLUX.1 ids: image token (0, r, c), text tokens (0, 0, 0); the first axis never turns on "
                           "the image");
    case grid::Family::Flux2:
        return QObject::tr("FLUX.2 ids: image token (0, r, c, 0), text token i (0, 0, 0, i)");
    case grid::Family::QwenImage:
        return QObject::tr("Qwen-Image ids are centred: image token (0, r − ⌈H/2⌉, c − ⌈W/2⌉); text token i gets "
                           "max(⌊H/2⌋, ⌊W/2⌋) + i on every axis");
    case grid::Family::LtxVideo:
        return QObject::tr("LTX-Video ids are fractions of its training extent: (t·8/25/20, r·32/2048, c·32/2048); "
                           "angle = inv_freq·(2·id − 1) over the whole inner dim (heads × head_dim), pairs ordered "
                           "(k, axis); text is not rotated");
    case grid::Family::CogVideoX:
        return QObject::tr("CogVideoX ids: (t, r, c) on its training grid sample_height/2 × sample_width/2; CogVideoX "
                           "1.0 spreads another grid over that one (linspace, fractional ids), 1.5 slices it");
    case grid::Family::Qwen25VLVision:
        return QObject::tr(
            "Qwen2.5-VL vision tower ids: patch (r, c); h takes the first half of the pairs, w the "
            "second, both with the same frequencies 10000^(−4i/C); pair j rotates channels j and j + C/2");
    case grid::Family::Pixtral:
        return QObject::tr("Pixtral vision ids: patch (r, c), at most image_size/patch_size per side; h takes the "
                           "even frequencies of θ^(−2i/head_dim), w the odd");
    case grid::Family::Llama4Vision:
        return QObject::tr("Llama 4 vision ids: patch (c + 1, r + 1), column first, on the fixed image_size/patch_size "
                           "grid only; the CLS token (not drawn) has angle 0");
    default:
        return QObject::tr("Video ids: token (t, r, c) of latent frame t; text is not rotated");
    }
}

/// The channel layout in words (Model::channels, padding, pair order).
QString channelRule(const grid::Model& m)
{
    if (m.channels == grid::Channels::Half)
        return QObject::tr("pair j rotates channels j and j + C/2 (rotate_half, as transformers' vision towers)");
    if (m.axesInterleaved)
        return QObject::tr("%1 unrotated channels first, then pair j in the next channels 2j and 2j + 1; pairs "
                           "ordered (k, axis), the axis fastest")
            .arg(m.padding);
    return QObject::tr("pair j rotates channels 2j and 2j + 1 (interleaved)");
}

} // namespace

QColor gridAxisColour(const std::string& axis)
{
    return axis == "t"   ? QColor(QStringLiteral("#0072B2"))
           : axis == "h" ? QColor(QStringLiteral("#E69F00"))
           : axis == "w" ? QColor(QStringLiteral("#009E73"))
                         : QColor(QStringLiteral("#CC79A7"));
}

GridSetup gridSetup(const FigureRequest& r)
{
    GridSetup s;
    const std::string family = r.options.choice("family");
    const grid::Preset* p = presetOf(family);
    if (!p && r.gridModel) {
        s.base = *r.gridModel;
        s.name = QString::fromStdString(s.base.className);
        // a loaded config has no generation size: the family's preset gives the reference grid
        for (const auto& q : grid::presets())
            if (grid::presetModel(q).family == s.base.family)
                p = &q;
    } else {
        if (!p) {
            p = &grid::presets().front(); // auto without a loaded diffusers config: FLUX.1-dev
            s.example = true;
        }
        s.base = grid::presetModel(*p);
        s.name = QString::fromStdString(p->name);
    }
    s.refT = p ? p->t : 1;
    s.refH = p ? p->h : 32;
    s.refW = p ? p->w : 32;
    if (p)
        s.refSize = p->size;
    const auto size = [&](const char* key, long long fallback) {
        return r.options.has(key) ? r.options.integer(key) : fallback;
    };
    s.h = size("grid-height", s.refH);
    s.w = size("grid-width", s.refW);
    const long long riflexFrames = r.options.integer("riflex-frames");
    s.t = size("grid-frames", riflexFrames > 0 && s.base.video ? riflexFrames : s.refT);
    if (!s.base.video && s.t != 1)
        throw InvalidInput("grid-frames", QObject::tr("%1 is an image model: its grid has one frame (frames 1), not %2")
                                              .arg(s.name)
                                              .arg(s.t)
                                              .toStdString());
    s.model = s.base;
    if (r.options.has("theta")) { // every axis' θ, as rope_theta: a frequency θ^(−x) becomes θ′^(−x)
        s.model = grid::withTheta(s.model, r.options.real("theta"));
        s.base = s.model;
    }
    std::vector<grid::AxisScale> scales;
    for (const auto& a : s.model.axes) {
        const bool own = a.name == "t" || a.name == "h" || a.name == "w";
        scales.push_back({own ? r.options.real("pi-" + a.name) : 1.0, own ? r.options.real("ntk-" + a.name) : 1.0});
        if (own && (scales.back().pi != 1 || scales.back().ntk != 1))
            s.scaled = true;
    }
    const auto rule = r.options.choice("ntk-rule") == "lumina" ? grid::NtkRule::Plain : grid::NtkRule::Exponent;
    s.model = grid::scaleAxes(s.model, scales, rule);
    if (riflexFrames > 0) {
        s.riflex = grid::riflex(s.model, riflexFrames, 0, 0);
        s.model.axes[static_cast<std::size_t>(s.model.temporalAxis)].invFreq = s.riflex->invFreq;
    }
    applyDype(s, r);
    return s;
}

void addGridNotes(FigureData& data, const GridSetup& s, const FigureRequest& r)
{
    // Said first: this is another model's grid. A compared method with a token layout (M-RoPE, by the registry) has
    // (t, h, w) ids of its own, drawn by the Positions view; the other methods are 1-D.
    const bool mropeCompared = std::any_of(r.methods.begin(), r.methods.end(), [](const MethodSelection& m) {
        const MethodDef* def = Registry::instance().tryFind(m.id);
        return def && std::any_of(def->info.params.begin(), def->info.params.end(),
                                  [](const ParamSpec& p) { return p.name == "token-layout"; });
    });
    if (s.example && mropeCompared)
        addNote(data, QObject::tr("An example: %1 (the view option “Family” is auto and no diffusers transformer "
                                  "config is open; the (t, h, w) ids of the M-RoPE on the left are drawn by the "
                                  "Positions view)")
                          .arg(s.name));
    else if (s.example)
        addNote(data, QObject::tr("An example: %1 (the view option “Family” is auto and no diffusers transformer "
                                  "config is open; the methods on the left are 1-D and have no token grid)")
                          .arg(s.name));
    QStringList axes;
    for (const auto& a : s.model.axes)
        axes << QObject::tr("%1: %2 channels").arg(QString::fromStdString(a.name)).arg(a.dim);
    addNote(data, QObject::tr("%1, θ %2, axes in the model's pair order (%3); %4")
                      .arg(s.name, num(s.base.axes.front().theta), axes.join(QObject::tr(", ")), channelRule(s.model)));
    addNote(data, familyRule(s.model));
    if (s.model.family == grid::Family::Qwen25VLVision && s.model.windowBlocks > 0) {
        const auto win = grid::visionWindows(s.model, s.h, s.w);
        QStringList full;
        for (const int b : s.model.fullAttentionBlocks)
            full << QString::number(b);
        addNote(data, QObject::tr("Token order: Qwen2.5-VL's tower does not see these patches row by row. It lists "
                                  "them in %1×%1 merge blocks and reorders the blocks into attention windows of %2×%2 "
                                  "blocks (%3×%3 patches, window_size %4 px; this grid: %5 windows); its rotary table "
                                  "follows that order. Layers %6 attend over the whole image, the other %7 only inside "
                                  "their window. Drawn here by each patch's (row, column) id; posenc compute positions "
                                  "--tower vision lists the model's order (--order window, the default)")
                          .arg(s.model.mergeSize)
                          .arg(s.model.windowBlocks)
                          .arg(s.model.windowBlocks * s.model.mergeSize)
                          .arg(s.model.windowPixels)
                          .arg(static_cast<long long>(win.cuSeqlens.size()) - 1)
                          .arg(full.join(QObject::tr(", ")))
                          .arg(s.model.depth - static_cast<int>(s.model.fullAttentionBlocks.size())));
    }
    if (s.scaled)
        addNote(data, QObject::tr("Per-axis scaling: PI t, h, w = %1, %2, %3; NTK t, h, w = %4, %5, %6 (%7 rule)")
                          .arg(num(r.options.real("pi-t")), num(r.options.real("pi-h")), num(r.options.real("pi-w")),
                               num(r.options.real("ntk-t")), num(r.options.real("ntk-h")), num(r.options.real("ntk-w")),
                               r.options.choice("ntk-rule") == "lumina" ? QObject::tr("Lumina-Next: θ·s")
                                                                        : QObject::tr("Cosmos: θ·s^(d/(d−2))")));
    if (s.riflex)
        addNote(data,
                s.riflex->applied
                    ? QObject::tr("RIFLEx for %1 latent frames: temporal component k = %2 (counted from 1: pair %4 "
                                  "of the t axis; N_k = %3 frames) set to 0.9·2π/%1")
                          .arg(r.options.integer("riflex-frames"))
                          .arg(s.riflex->k)
                          .arg(s.riflex->nK)
                          .arg(s.riflex->k - 1)
                    : QObject::tr("RIFLEx for %1 latent frames: not applied, %1 ≤ N_k = %2 of component k = %3 "
                                  "(counted from 1; the authors' scripts change nothing then)")
                          .arg(r.options.integer("riflex-frames"))
                          .arg(s.riflex->nK)
                          .arg(s.riflex->k));
}

FigureData gridAngleFigure(const FigureRequest& r, const GridSetup& s)
{
    const long long frame = checkedFrame(s, r);
    const std::string axisName = r.options.choice("axis");
    int axis = -1;
    QStringList names;
    for (std::size_t a = 0; a < s.model.axes.size(); ++a) {
        names << QString::fromStdString(s.model.axes[a].name);
        if (s.model.axes[a].name == axisName)
            axis = static_cast<int>(a);
    }
    if (axis < 0)
        throw InvalidInput("axis", QObject::tr("%1 has no axis %2; its axes are %3")
                                       .arg(s.name, QString::fromStdString(axisName), names.join(QObject::tr(", ")))
                                       .toStdString());
    const auto pair = static_cast<int>(r.options.integer("pair"));
    const auto ids = frameIds(s, frame);
    std::vector<double> angles = grid::pairAngles(s.model, ids, axis, pair);
    for (double& a : angles)
        a -= kTwoPi * std::floor(a / kTwoPi); // [0, 2π)
    FigureData data;
    Grid g = tokenGrid(s, ids, angles);
    g.title = QObject::tr("angle of %1 pair %2").arg(QString::fromStdString(axisName)).arg(pair);
    g.valueLabel = QObject::tr("angle mod 2π (rad)");
    g.scale = Grid::Scale::Cyclic;
    const auto& a = s.model.axes[static_cast<std::size_t>(axis)];
    const double f = a.invFreq[static_cast<std::size_t>(pair)];
    data.title = QObject::tr("%1: rotation angle of axis %2, pair %3 (λ = %4 tokens) on a %5×%6 grid")
                     .arg(s.name, QString::fromStdString(axisName))
                     .arg(pair)
                     .arg(f > 0 ? sig3(kTwoPi / (f * grid::tokenStep(s.model, axis))) : QStringLiteral("∞"))
                     .arg(s.h)
                     .arg(s.w);
    data.xLabel = g.xLabel;
    data.yLabel = g.yLabel;
    data.grids.push_back(std::move(g));

    // The channel → axis strip in the model's channel layout, the chosen pair's two channels in black.
    Grid strip;
    strip.title = QObject::tr("channel → axis");
    strip.rows = 1;
    strip.cols = s.model.headDim();
    const auto [c1, c2] = grid::pairChannels(s.model, axis, pair);
    const auto channels = grid::channelAxes(s.model);
    const auto nAxes = static_cast<double>(s.model.axes.size());
    for (std::size_t c = 0; c < channels.size(); ++c) // category: axis, then black (the pair), then grey (unrotated)
        strip.values.push_back(static_cast<int>(c) == c1 || static_cast<int>(c) == c2 ? nAxes
                               : channels[c] < 0                                      ? nAxes + 1
                                                 : static_cast<double>(channels[c]));
    for (const auto& ax : s.model.axes) {
        strip.categoryColors.push_back(gridAxisColour(ax.name));
        strip.categoryNames.push_back(QObject::tr("axis %1").arg(QString::fromStdString(ax.name)));
    }
    strip.categoryColors.push_back(Qt::black);
    strip.categoryNames.push_back(QObject::tr("the chosen pair (axis %1, pair %2)")
                                      .arg(QString::fromStdString(axisName))
                                      .arg(pair));
    strip.categoryColors.push_back(QColor(190, 190, 190));
    strip.categoryNames.push_back(QObject::tr("not rotated"));
    strip.xFirst = -0.5;
    strip.xLast = 0.5;
    strip.yFirst = -0.5;
    strip.yLast = static_cast<double>(strip.cols) - 0.5;
    strip.xLabel = QObject::tr("axis");
    strip.yLabel = QObject::tr("channel");
    strip.valueLabel = QObject::tr("axis index");
    strip.widthShare = 0.12;
    data.grids.push_back(std::move(strip));
    addNote(data, QObject::tr("Strip: each channel coloured by its axis (t blue, h orange, w green, l purple); the "
                              "chosen pair's two channels (%1 and %2) in black; unrotated channels grey. Frame %3")
                      .arg(c1)
                      .arg(c2)
                      .arg(frame));
    addWindowNote(data, s);
    addGridNotes(data, s, r);
    addDypeNotes(data, s, DypePicture::AnglesOrWavelengths);
    return data;
}

FigureData gridSimilarityFigure(const FigureRequest& r, const GridSetup& s)
{
    const long long frame = checkedFrame(s, r);
    const long long qr = r.options.has("query-row") ? r.options.integer("query-row") : s.h / 2;
    const long long qc = r.options.has("query-col") ? r.options.integer("query-col") : s.w / 2;
    if (qr >= s.h || qc >= s.w)
        throw InvalidInput(qr >= s.h ? "query-row" : "query-col",
                           QObject::tr("query token (row %1, column %2) is outside the %3×%4 grid")
                               .arg(qr)
                               .arg(qc)
                               .arg(s.h)
                               .arg(s.w)
                               .toStdString());
    auto ids = frameIds(s, frame);
    const auto query = frameIds(s, 0)[static_cast<std::size_t>(qr * s.w + qc)]; // the query sits in frame 0
    ids.push_back(query);
    std::vector<double> score = grid::tokenSimilarity(s.model, ids, ids.size() - 1);
    ids.pop_back();
    score.pop_back();
    FigureData data;
    Grid g = tokenGrid(s, ids, score);
    g.title = QObject::tr("similarity");
    g.valueLabel = QObject::tr("Σ cos(Δ angle) over %1 pairs").arg(s.model.rotaryPairs());
    g.scale = Grid::Scale::Diverging;
    data.title = QObject::tr("%1: similarity of token (t 0, h %2, w %3) to every token of frame %4 (%5×%6)")
                     .arg(s.name)
                     .arg(query[static_cast<std::size_t>(axisIndex(s.model, "h"))])
                     .arg(query[static_cast<std::size_t>(axisIndex(s.model, "w"))])
                     .arg(frame)
                     .arg(s.h)
                     .arg(s.w);
    data.xLabel = g.xLabel;
    data.yLabel = g.yLabel;
    data.grids.push_back(std::move(g));
    addNote(data, QObject::tr("Score Σ_j cos(θ_j·(id_query − id_key)) over every rotary pair (the product of q = k = "
                              "unit pairs): %1 at the query itself; it depends only on the id differences, so the "
                              "picture is the 2-D (3-D) decay of the axial encoding")
                      .arg(s.model.rotaryPairs()));
    if (s.model.idScale != 1) // LTX-Video: angle = θ_j·(2·id − 1), so the differences carry the 2
        addNote(data, QObject::tr("%1 turns pair j by θ_j·(%2·id − %3), so its score is Σ_j cos(%2·θ_j·(id_query − "
                                  "id_key))")
                          .arg(s.name, num(s.model.idScale), num(-s.model.idShift)));
    addWindowNote(data, s);
    addGridNotes(data, s, r);
    addDypeNotes(data, s, DypePicture::Score);
    return data;
}

} // namespace posenc::widgets::detail
