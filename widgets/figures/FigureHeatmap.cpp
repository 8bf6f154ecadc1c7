// SPDX-License-Identifier: GPL-3.0-or-later
// Heatmap figures: the primary's matrix view over the visible window at screen resolution (posenc/lod.h),
// optionally beside or minus a second method's.
#include "FigureCompute_p.h"

#include "i18n/CoreText.h"
#include "posenc/engine.h"
#include "posenc/errors.h"
#include "posenc/lod.h"
#include "posenc/mrope.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace posenc::widgets::detail {

namespace {

/// Whether the Matrix view's x axis counts tokens: an M-RoPE with a token layout turns token m by its ids p, not
/// by m (the bias view has no rotation).
bool countsTokens(const BuiltMethod& m, const FigureRequest& request)
{
    return rotatesByIds(m) && optionView(request) != View::Bias;
}

QString valueLabel(const BuiltMethod& m, View view, const FigureRequest& request)
{
    const Encoding& e = *m.encoding;
    const RotaryFrequencies* f = e.rotary();
    const QString theta = f && f->scaled ? QStringLiteral("θ'ᵢ") : QStringLiteral("θᵢ");
    const QString a = f && f->attentionFactor != 1.0 ? QStringLiteral("a·") : QString();
    // An M-RoPE turns token m's pair i by p, the token's id on the pair's axis (t, h or w), not by m.
    const QString pos = rotatesByIds(m) ? QStringLiteral("p") : QStringLiteral("m");
    switch (view) {
    case View::Cos:
        return a + QStringLiteral("cos(") + pos + theta + QLatin1Char(')');
    case View::Sin:
        return a + QStringLiteral("sin(") + pos + theta + QLatin1Char(')');
    case View::Angle:
        return pos + (f ? theta : QStringLiteral("ωᵢ")) + QObject::tr(" mod 2π (rad)");
    case View::Rotated:
        return request.options.list("probe").empty() ? QStringLiteral("R_%1·x, x = [1…1, −1…−1]").arg(pos)
                                                     : QStringLiteral("R_%1·x").arg(pos);
    case View::Pe:
        return QStringLiteral("PE[m, j]");
    case View::Bias:
        if (!e.biasNotLogitReason().empty())
            return QObject::tr("bucket index of q − k (not a bias)");
        return QObject::tr("bias(q − k), head %1").arg(optionHead(request));
    }
    return {};
}

/// The pairs of each column (-1: a channel that does not rotate), for the rotary/sinusoidal views: a rotary
/// method's from its pairing layout (also when its rows have no closed form, e.g. float32 arithmetic), a
/// sinusoidal table's from its phasor layout.
std::vector<int> columnPairs(const Encoding& e, View view, const ViewOptions& options, std::int64_t cols)
{
    std::vector<int> pairs;
    const RotaryFrequencies* f = e.rotary();
    if (view == View::Angle) {
        for (std::int64_t j = 0; j < cols; ++j)
            pairs.push_back(static_cast<int>(j));
    } else if (f && (view == View::Cos || view == View::Sin || view == View::Rotated)) {
        const auto P = static_cast<std::int64_t>(f->pairs());
        for (std::int64_t j = 0; j < cols; ++j)
            pairs.push_back(j >= 2 * P ? -1 : static_cast<int>(f->pairing == Pairing::Half ? j % P : j / 2));
    } else if (auto layout = phasorLayout(e, view, options)) {
        for (const auto& c : layout->columns)
            pairs.push_back(c.pair);
    }
    return pairs;
}

QString yLabel(View view)
{
    switch (view) {
    case View::Angle:
        return QObject::tr("pair i");
    case View::Bias:
        return QObject::tr("key position");
    default:
        return QObject::tr("dimension j");
    }
}

QString viewsOf(const Encoding& e)
{
    QStringList v;
    for (View x : e.views())
        v << CoreText::choice(toString(x)); // as the view option's choices name them
    return v.isEmpty() ? QObject::tr("no matrix view") : v.join(QObject::tr(", "));
}

void checkView(const BuiltMethod& m, View view)
{
    if (m.encoding->views().empty())
        throw InvalidInput("view",
                           QObject::tr("%1 has no matrix view: it adds no position signal").arg(m.name).toStdString());
    if (!m.encoding->supports(view))
        throw InvalidInput("view", QObject::tr("the %1 view does not apply to %2; it has: %3")
                                       .arg(CoreText::choice(toString(view)), m.name, viewsOf(*m.encoding))
                                       .toStdString());
}

struct GridResult {
    Grid grid;
    QString note;
};

GridResult computeGrid(const BuiltMethod& m, const FigureRequest& request, std::int64_t first, std::int64_t last,
                       const FigureProgress& progress)
{
    checkView(m, optionView(request));
    LodRequest lr;
    lr.view = optionView(request);
    lr.first = first;
    lr.last = last;
    lr.bins = request.pixelColumns;
    lr.keyBins = request.pixelRows;
    lr.sampling = request.options.choice("sampling") == "point" ? LodSampling::Point : LodSampling::Mean;
    lr.options.probe = request.options.list("probe");
    lr.options.head = optionHead(request);
    lr.memoryBudget = request.memoryBudget;
    LodMatrix lod = computeLod(*m.encoding, lr, progress);

    Grid g;
    g.title = m.name;
    g.rows = static_cast<std::int64_t>(lod.values.rows);
    g.cols = static_cast<std::int64_t>(lod.values.cols);
    g.values = std::move(lod.values.data);
    g.rowEdges = lod.rowEdges;
    // Position m is centred on x = m: a bin [a, b) spans [a - 1/2, b - 1/2].
    g.xFirst = static_cast<double>(first) - 0.5;
    g.xLast = static_cast<double>(last) - 0.5;
    if (optionView(request) == View::Bias) {
        for (std::int64_t e : lod.colEdges)
            g.yEdges.push_back(static_cast<double>(e) - 0.5);
        g.yFirst = g.yEdges.front();
        g.yLast = g.yEdges.back();
    } else {
        g.yFirst = -0.5;
        g.yLast = static_cast<double>(g.cols) - 0.5;
    }
    g.xLabel = optionView(request) == View::Bias ? QObject::tr("query position")
               : countsTokens(m, request)        ? QObject::tr("token m")
                                                 : QObject::tr("position m");
    g.yLabel = yLabel(optionView(request));
    g.valueLabel = valueLabel(m, optionView(request), request);

    bool anyNegative = false;
    for (double v : g.values)
        anyNegative = anyNegative || v < 0;
    if (optionView(request) == View::Angle)
        g.scale = Grid::Scale::Cyclic;
    else if (optionView(request) == View::Bias && !anyNegative)
        g.scale = Grid::Scale::Sequential; // e.g. T5 bucket indices: a magnitude, not a signed value
    else
        g.scale = Grid::Scale::Diverging;

    if (const auto table = m.encoding->frequencyTable()) {
        g.pairWavelength = table->wavelength;
        g.columnPair = columnPairs(*m.encoding, optionView(request), lr.options, g.cols);
    }
    if (optionView(request) != View::Bias && request.pixelRows > 0 && g.cols > request.pixelRows)
        g.drawRowLimit = request.pixelRows; // more dimensions than pixel rows: drawn as exact means of groups
    if (const RotaryFrequencies* f = m.encoding->rotary())
        g.originalLength = f->originalLength;
    g.bins = lod.method == LodMethod::PointSampled ? Grid::Bins::FirstPosition : Grid::Bins::Mean;
    return {std::move(g), lodNote(lod, lr, countsTokens(m, request),
                                  m.params.has("arithmetic") &&
                                      parseArithmetic(m.params.choice("arithmetic")) == Arithmetic::EngineFloat)};
}

/// Divides the rotated channels of a cos / sin / rotated grid by the method's attention factor a: the bare
/// rotation, comparable between methods whose a differs (RoPE − YaRN is then 0 on the pairs YaRN keeps).
/// Returns whether anything changed.
bool removeAttentionFactor(Grid& g, const BuiltMethod& m, View view)
{
    const RotaryFrequencies* f = m.encoding->rotary();
    if (!f || f->attentionFactor == 1.0 || !(view == View::Cos || view == View::Sin || view == View::Rotated) ||
        g.columnPair.size() != static_cast<std::size_t>(g.cols))
        return false;
    for (std::int64_t r = 0; r < g.rows; ++r)
        for (std::int64_t c = 0; c < g.cols; ++c)
            if (g.columnPair[static_cast<std::size_t>(c)] >= 0)
                g.values[static_cast<std::size_t>(r * g.cols + c)] /= f->attentionFactor;
    g.valueLabel.remove(QStringLiteral("a·"));
    return true;
}

} // namespace

bool rotatesByIds(const BuiltMethod& m)
{
    return mrope::positionIdsOf(*m.encoding) && m.params.has("token-layout");
}

namespace {

/// The "partner" option: the compared method (id or instance name) shown beside or subtracted from the primary;
/// empty: the first compared method. Throws InvalidInput naming --partner when it is not compared.
std::size_t partnerIndex(const std::string& partner, const std::vector<BuiltMethod>& methods)
{
    if (partner.empty())
        return 1;
    for (std::size_t i = 1; i < methods.size(); ++i)
        if (methods[i].def->info.id == partner || methods[i].id == partner || methods[i].name.toStdString() == partner)
            return i;
    // Worded for both surfaces: the GUI's option is "Partner" (a text field) and its compared methods are ticked
    // by name in the method list; the CLI's are --partner and --compare ids. So: the option's label, and each
    // compared method by its name and the id the option takes.
    QStringList compared;
    for (std::size_t i = 1; i < methods.size(); ++i)
        compared << QObject::tr("%1 (%2)", "a compared method's name, then the id the Partner option takes")
                        .arg(methods[i].name, QString::fromStdString(methods[i].id));
    const QString name = QString::fromStdString(partner);
    throw InvalidInput(
        "partner",
        (compared.isEmpty()
             ? QObject::tr("Partner “%1” is not a compared method: no method is compared").arg(name)
             : QObject::tr("Partner “%1” is not a compared method; the compared methods are %2")
                   .arg(name, compared.join(QObject::tr(", "))))
            .toStdString());
}

} // namespace

FigureData heatmapFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                         const FigureProgress& progress)
{
    const std::int64_t first = request.windowFirst;
    const std::int64_t last = request.windowLast == 0 ? request.length : request.windowLast;
    if (first < 0 || last <= first || last > request.length)
        throw InvalidInput("window", "the visible window [" + std::to_string(first) + ", " + std::to_string(last) +
                                         ") must be a non-empty range inside [0, " + std::to_string(request.length) +
                                         ")");
    if (request.pixelColumns < 1)
        throw InvalidInput("width",
                           "the heatmap needs at least one pixel column, got " + std::to_string(request.pixelColumns));
    const BuiltMethod& primary = methods.front();
    FigureData data;
    data.methodsDrawn = {primary.id};
    auto [grid, lodNote] = computeGrid(primary, request, first, last, progress);
    data.xLabel = grid.xLabel;
    data.yLabel = grid.yLabel;
    data.xLimitLow = -0.5;
    data.xLimitHigh = static_cast<double>(request.length) - 0.5;
    // any bin wider than one position (bins < n < 2·bins: the first bins are 1 wide, the others 2)
    const bool binned = grid.rowEdges.size() >= 2 && last - first > grid.rows;
    const QString perColumn = num(
        std::round(static_cast<double>(last - first) / static_cast<double>(std::max<std::int64_t>(1, grid.rows)) * 10) /
        10);
    const bool tokens = countsTokens(primary, request);
    // How the bins were computed, from the method used, not the option (no closed form falls back to points); when
    // two methods' bins differ (Mixed) the title gives the bin width only and the notes say which is which.
    const auto rangeOf = [&](Grid::Bins bins) {
        const bool point = bins == Grid::Bins::FirstPosition, mixed = bins == Grid::Bins::Mixed;
        return tokens ? QObject::tr("tokens %1…%2").arg(first).arg(last - 1) +
                            (!binned ? QObject::tr(" (one column per token)")
                             : mixed ? QObject::tr(" (one column per ≈%1 tokens)").arg(perColumn)
                             : point ? QObject::tr(" (one column per ≈%1 tokens: point samples)").arg(perColumn)
                                     : QObject::tr(" (one column per ≈%1 tokens: exact mean)").arg(perColumn))
                      : QObject::tr("positions %1…%2").arg(first).arg(last - 1) +
                            (!binned ? QObject::tr(" (one column per position)")
                             : mixed ? QObject::tr(" (one column per ≈%1 positions)").arg(perColumn)
                             : point ? QObject::tr(" (one column per ≈%1 positions: point samples)").arg(perColumn)
                                     : QObject::tr(" (one column per ≈%1 positions: exact mean)").arg(perColumn));
    };
    QString range = rangeOf(grid.bins);
    data.title = QObject::tr("%1 — %2 over %3").arg(primary.name, grid.valueLabel, range);
    // the bias view's rows are keys, cut by the plot's height: a block of keys per row is binned too
    bool keysBinned = false;
    for (std::size_t i = 1; i < grid.yEdges.size(); ++i)
        keysBinned = keysBinned || grid.yEdges[i] - grid.yEdges[i - 1] > 1;
    if (binned || keysBinned) // unbinned: the title says "one column per position" and every cell is one pair
        addNote(data, lodNote.left(1).toUpper() + lodNote.mid(1));
    // Fast pairs fade only where each position turns them by its own index: not for an M-RoPE's image tokens (one t
    // id per frame, one h id per row), and a table without wavelengths (learned) has nothing to say.
    if (binned && grid.bins == Grid::Bins::Mean && optionView(request) != View::Angle &&
        optionView(request) != View::Bias && !tokens && !grid.pairWavelength.empty())
        addNote(data, QObject::tr("Dimensions whose wavelength is shorter than a bin average out to about 0 (pale)"));
    if (const RotaryFrequencies* f = primary.encoding->rotary();
        f && (optionView(request) == View::Cos || optionView(request) == View::Sin ||
              optionView(request) == View::Rotated)) {
        const auto pairs = static_cast<int>(f->pairs());
        addNote(
            data,
            f->pairing == Pairing::Half
                ? QObject::tr("Half pairing: channels j and j + %1 rotate together, at the frequency of pair j mod %1")
                      .arg(pairs)
                : QObject::tr(
                      "Interleaved pairing: channels 2i and 2i + 1 rotate together, at the frequency of pair i"));
        if (f->rotaryDim < f->headDim && optionView(request) == View::Rotated)
            addNote(data, QObject::tr("Channels %1…%2 pass through unrotated").arg(f->rotaryDim).arg(f->headDim - 1));
        if (f->attentionFactor != 1.0)
            addNote(data, QObject::tr("a = %1 (attention factor)").arg(num(f->attentionFactor)));
        if (!f->xposZeta.empty() && optionView(request) == View::Rotated) // rotary_encoding.cpp: the query's side
            addNote(data, QObject::tr("xPos: pair i of R_m·x is also scaled by ζᵢ^(m/B), as a query is (a key by "
                                      "ζᵢ^(−m/B))"));
    }
    if (tokens) { // the layout may be shorter than the view: the tokens after it are text (mrope.h PositionIds::at)
        const std::string layout = primary.params.choice("token-layout");
        const std::int64_t count =
            mrope::layoutTokens(mrope::parseLayout(layout), mrope::positionOptionsFrom(primary.params));
        addNote(data, QObject::tr("M-RoPE: token m turns pair i by p·θᵢ, p the token's id on the pair's axis (t, h or "
                                  "w), not by m; token layout %1 (%2 tokens, then text continues; the Positions view "
                                  "draws the layout's ids)")
                          .arg(QString::fromStdString(layout))
                          .arg(count));
    }
    if (optionView(request) == View::Bias && !primary.encoding->biasNotLogitReason().empty())
        addNote(data, QObject::tr("%1 has no bucket values: each cell is the bucket index of q − k (0, 1, 2, …), not "
                                  "a bias in logit units; give the learned bias per bucket to see the bias")
                          .arg(primary.name));
    if (grid.drawRowLimit > 0)
        addNote(data, (optionView(request) == View::Angle // the angle's rows are pairs
                           ? QObject::tr("%1 pairs on fewer pixel rows: each drawn row is the exact mean of %2 pairs; "
                                         "the hover read-out gives each")
                           : QObject::tr("%1 dimensions on fewer pixel rows: each drawn row is the exact mean of %2 "
                                         "dimensions; the hover read-out gives each"))
                          .arg(grid.cols)
                          .arg((grid.cols + grid.drawRowLimit - 1) / grid.drawRowLimit));
    if (std::any_of(grid.values.begin(), grid.values.end(), [](double v) { return std::isnan(v); }))
        addNote(data, QObject::tr("Grey cells are masked: future keys under causal attention"));

    if (request.options.choice("mode") == "primary") {
        data.grids.push_back(std::move(grid));
        return data;
    }
    if (methods.size() < 2) {
        addNote(data, QObject::tr("Select a second method to compare side by side or as a difference"));
        data.grids.push_back(std::move(grid));
        return data;
    }
    const BuiltMethod& second = methods[partnerIndex(request.options.choice("partner"), methods)];
    if (!second.encoding->supports(optionView(request))) {
        addNote(data, QObject::tr("%1 has no %2 view (it has: %3); showing %4 only")
                          .arg(second.name, CoreText::choice(toString(optionView(request))), viewsOf(*second.encoding),
                               primary.name));
        data.grids.push_back(std::move(grid));
        return data;
    }
    auto [other, otherNote] = computeGrid(second, request, first, last, progress);
    data.methodsDrawn.push_back(second.id);
    if ((binned || keysBinned) &&
        otherNote != lodNote) // e.g. the second has no closed form: its bins are point samples
        addNote(data, QObject::tr("%1: %2", "a compared method's name, then how its bins were computed")
                          .arg(second.name, otherNote));
    if (other.bins != grid.bins)
        range = rangeOf(Grid::Bins::Mixed);
    if (!request.options.flag("attention-factor-in-view")) {
        const bool a = removeAttentionFactor(grid, primary, optionView(request));
        const bool b = removeAttentionFactor(other, second, optionView(request));
        if (a || b)
            addNote(data, QObject::tr("Attention factor left out (compare like with like): cos and sin without a; "
                                      "switch on the view option “Attention factor” to include it"));
    }
    if (request.options.choice("mode") == "side-by-side") {
        data.title = QObject::tr("%1 vs %2 — %3 over %4").arg(primary.name, second.name, grid.valueLabel, range);
        data.grids.push_back(std::move(grid));
        data.grids.push_back(std::move(other));
        return data;
    }
    if (other.rows != grid.rows || other.cols != grid.cols) {
        addNote(data, QObject::tr("The difference needs equal shapes: %1 gives %2 x %3, %4 gives %5 x %6; "
                                  "showing %1 only")
                          .arg(primary.name)
                          .arg(grid.rows)
                          .arg(grid.cols)
                          .arg(second.name)
                          .arg(other.rows)
                          .arg(other.cols));
        data.methodsDrawn.pop_back();
        data.grids.push_back(std::move(grid));
        return data;
    }
    for (std::size_t i = 0; i < grid.values.size(); ++i)
        grid.values[i] -= other.values[i];
    if (grid.bins != other.bins)
        grid.bins = Grid::Bins::Mixed;
    grid.title = QStringLiteral("%1 − %2").arg(primary.name, second.name);
    grid.valueLabel = QStringLiteral("Δ %1").arg(grid.valueLabel);
    grid.scale = Grid::Scale::Diverging;
    grid.columnPair.clear(); // the two methods' pairs have different wavelengths
    grid.pairWavelength.clear();
    data.title = QObject::tr("%1 − %2 — difference of %3 over %4")
                     .arg(primary.name, second.name, CoreText::choice(toString(optionView(request))), range);
    data.grids.push_back(std::move(grid));
    return data;
}

} // namespace posenc::widgets::detail
