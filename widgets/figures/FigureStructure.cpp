// SPDX-License-Identifier: GPL-3.0-or-later
// Similarity, spectrum and PCA figures from posenc/analysis/structure.h.
#include "FigureCompute_p.h"

#include "i18n/CoreText.h"

#include "figures/FigureDisplay.h"

#include "posenc/analysis/structure.h"
#include "posenc/errors.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <limits>

namespace posenc::widgets::detail {

namespace {

constexpr std::int64_t kMaxSimilarityWindow = 2048;
constexpr std::int64_t kMaxSpectrumLength = std::int64_t(1) << 16;
constexpr std::int64_t kMaxPcaLength = 8192;
/// Dots drawn per PCA panel: each is an antialiased disc painted on the GUI thread (8192 x 3 panels blocked it
/// for 100-560 ms per replot); more would only overlap their neighbours at screen resolution.
constexpr std::size_t kMaxPcaDots = 2048;
/// The matrix view a structure figure analyses: the request's view when the primary has it, else its first.
View structureView(const BuiltMethod& m, View requested)
{
    std::vector<View> views;
    for (View v : m.encoding->views())
        if (v != View::Bias) // a query x key bias has no position vectors
            views.push_back(v);
    if (views.empty())
        throw InvalidInput(
            "view", QObject::tr("%1 has no position vectors to analyse (views: %2)")
                        .arg(m.name, m.encoding->views().empty() ? QObject::tr("none") : QObject::tr("bias only"))
                        .toStdString());
    if (std::find(views.begin(), views.end(), requested) != views.end())
        return requested;
    return views.front();
}

std::int64_t tableLimit(const Encoding& e, std::int64_t length)
{
    return e.maxPositions() >= 0 ? std::min(length, e.maxPositions()) : length;
}

QString percent(double ratio)
{
    return QString::number(100.0 * ratio, 'f', 1) + QStringLiteral(" %");
}

} // namespace

FigureData similarityFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                            const FigureProgress&)
{
    const BuiltMethod& m = methods.front();
    const MethodKind kind = m.encoding->kind();
    if (kind == MethodKind::None)
        noneApplies(FigureKind::Similarity, QObject::tr("a method with position vectors or scores"), {m});
    std::string wanted = request.options.choice("kind");
    if (wanted == "auto")
        wanted = kind == MethodKind::Additive ? "dot" : "relative-score";
    FigureData data;
    data.methodsDrawn = {m.id};
    const bool additive = kind == MethodKind::Additive;
    if (additive && wanted == "relative-score") {
        addNote(data, QObject::tr("The relative score applies to rotary and bias methods; showing the dot product"));
        wanted = "dot";
    } else if (!additive && wanted != "relative-score") {
        addNote(data, QObject::tr("%1 has no position vectors to compare by %2; showing the relative score")
                          .arg(m.name, CoreText::choice(wanted)));
        wanted = "relative-score";
    }
    analysis::SimilarityOptions o;
    o.kind = parseEnum(analysis::kSimilarityKindNames, "kind", wanted);
    o.first = request.windowFirst;
    const std::int64_t last = tableLimit(*m.encoding, request.windowLast == 0 ? request.length : request.windowLast);
    o.length = std::min(last - o.first, kMaxSimilarityWindow);
    if (o.length < 1)
        throw InvalidInput("length", "the similarity window is empty");
    if (o.length < last - o.first)
        addNote(data, QObject::tr("Window limited to %1 positions").arg(o.length));
    o.head = optionHead(request);
    o.memoryBudget = request.memoryBudget;
    Matrix s = analysis::computeSimilarity(*m.encoding, o);

    Grid g;
    g.title = m.name;
    g.rows = static_cast<std::int64_t>(s.rows);
    g.cols = static_cast<std::int64_t>(s.cols);
    g.values = std::move(s.data);
    g.xFirst = static_cast<double>(o.first) - 0.5;
    g.xLast = static_cast<double>(o.first + o.length) - 0.5;
    g.yFirst = g.xFirst;
    g.yLast = g.xLast;
    for (std::int64_t p = 0; p <= g.cols; ++p)
        g.yEdges.push_back(static_cast<double>(o.first + p) - 0.5);
    g.xLabel = QObject::tr("position i (query)");
    g.yLabel = QObject::tr("position j (key)");
    g.valueLabel = wanted == "dot"                     ? QStringLiteral("PEᵢ · PEⱼ")
                   : wanted == "cosine"                ? QStringLiteral("cos(PEᵢ, PEⱼ)")
                   : kind == MethodKind::AttentionBias ? QObject::tr("bias(i − j), head %1").arg(optionHead(request))
                                                       : QStringLiteral("⟨Rᵢq, Rⱼk⟩, q = k = [1…1, −1…−1]");
    g.scale = Grid::Scale::Diverging;
    g.drawLimit = kMaxDrawnCells;
    if (const std::int64_t block = (o.length + kMaxDrawnCells - 1) / kMaxDrawnCells; block > 1)
        addNote(data, QObject::tr("Drawn as at most %2 × %2 cells: each cell is the exact mean of %1×%1 positions; "
                                  "the hover read-out and the CSV/NPY export give every position")
                          .arg(block)
                          .arg(kMaxDrawnCells));
    data.xLabel = g.xLabel;
    data.yLabel = g.yLabel;
    data.title = QObject::tr("%1 — similarity %2 over positions %3…%4")
                     .arg(m.name, g.valueLabel)
                     .arg(o.first)
                     .arg(o.first + o.length - 1);
    addNote(data, QObject::tr("Depends only on i − j when the encoding is relative (Toeplitz: constant along "
                              "diagonals)"));
    // The relative score rotates q and k as the model does (rope_apply.cpp applyRotary): a on both, xPos's decay.
    if (const RotaryFrequencies* f = m.encoding->rotary(); f && wanted == "relative-score") {
        if (f->attentionFactor != 1.0)
            addNote(data, QObject::tr("a = %1 (attention factor) on the rotated channels of q and k: their score "
                                      "includes a² = %2")
                              .arg(num(f->attentionFactor), num(f->attentionFactor * f->attentionFactor)));
        if (!f->xposZeta.empty())
            addNote(data, QObject::tr("xPos: pair p of q is also scaled by ζₚ^(i/B), of k by ζₚ^(−j/B): a factor "
                                      "ζₚ^((i − j)/B) on each pair's score"));
    }
    if (rotatesByIds(m)) // the scores rotate by the token index (analysis/similarity.cpp), not by the layout's ids
        addNote(data, QObject::tr("M-RoPE: this view rotates by the token index i, j (every token as text, t = h = w = "
                                  "index), not by the token layout %1; the Matrix view rotates image and video tokens "
                                  "by their (t, h, w) ids")
                          .arg(QString::fromStdString(m.params.choice("token-layout"))));
    data.grids.push_back(std::move(g));
    if (methods.size() > 1)
        addNote(data, QObject::tr("Similarity shows the primary method only"));
    return data;
}

FigureData spectrumFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods, const FigureProgress&)
{
    const BuiltMethod& m = methods.front();
    const View view = structureView(m, optionView(request));
    FigureData data;
    data.methodsDrawn = {m.id};
    const std::int64_t n = std::min(tableLimit(*m.encoding, request.length), kMaxSpectrumLength);
    if (n < 2)
        throw InvalidInput("length", "the spectrum needs at least 2 positions");
    if (n < request.length)
        addNote(data, rotatesByIds(m) ? QObject::tr("Spectrum over the first %1 tokens").arg(n)
                                      : QObject::tr("Spectrum over the first %1 positions").arg(n));
    const auto r = analysis::computeEncodingSpectrum(*m.encoding, view, 0, n, request.memoryBudget);
    std::vector<double> column(r.measuredWavelength.size());
    for (std::size_t j = 0; j < column.size(); ++j)
        column[j] = static_cast<double>(j);
    int agree = 0, comparable = 0;
    if (r.analyticWavelength) {
        std::vector<double> x, y;
        for (std::size_t j = 0; j < column.size(); ++j) {
            const double lambda = (*r.analyticWavelength)[j];
            if (!std::isfinite(lambda))
                continue;                          // pass-through channel
            if (!y.empty() && lambda < y.back()) { // a new run of pairs (half layout): break the line, not a drop
                x.push_back(column[j]);
                y.push_back(std::numeric_limits<double>::quiet_NaN());
            }
            x.push_back(column[j]);
            y.push_back(lambda);
            if (lambda <= static_cast<double>(n) / 2) { // resolvable: the peak bin is within one bin of 1/lambda
                ++comparable;
                const double k = static_cast<double>(n) / lambda;
                agree += std::abs(static_cast<double>(n) / r.measuredWavelength[j] - k) <= 1.0;
            }
        }
        data.curves.push_back({QObject::tr("analytic 2π/θ'ᵢ"), std::string(), std::move(x), std::move(y), false, false});
    }
    data.curves.push_back(
        {QObject::tr("%1: FFT peak (measured)").arg(m.name), m.id, column, r.measuredWavelength, false, true});
    data.title = QObject::tr("%1 — wavelength of each channel of the %2 matrix: FFT peak vs analytic")
                     .arg(m.name, CoreText::choice(toString(view)));
    data.xLabel = view == View::Angle ? QObject::tr("pair i") : QObject::tr("dimension j");
    // An M-RoPE with a token layout: the rows are its tokens, and image and video tokens turn by their (t, h, w) ids
    const bool tokens = rotatesByIds(m);
    data.yLabel = tokens ? QObject::tr("wavelength (tokens)") : QObject::tr("wavelength (positions)");
    if (tokens)
        addNote(data, QObject::tr("M-RoPE: the rows are the tokens of the layout %1; its image and video tokens turn "
                                  "by their (t, h, w) ids, not by the token index, so their channels' FFT peaks need "
                                  "not match 2π/θ'ᵢ (the analytic line is that of text tokens)")
                          .arg(QString::fromStdString(m.params.choice("token-layout"))));
    data.logY = true;
    data.horizontalMarkers.push_back({static_cast<double>(n), QObject::tr("window = %1").arg(n)});
    if (comparable > 0)
        addNote(data, QObject::tr("The FFT peak is within one bin of the analytic frequency for %1 of the %2 "
                                  "channels whose wavelength fits twice in the window; longer wavelengths are not "
                                  "resolved: their peak is one of the two lowest bins (read as the window or half of "
                                  "it)")
                          .arg(agree)
                          .arg(comparable));
    if (methods.size() > 1)
        addNote(data, QObject::tr("Spectrum shows the primary method only"));
    return data;
}

FigureData pcaFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                     const FigureProgress& progress)
{
    const BuiltMethod& m = methods.front();
    const View view = structureView(m, optionView(request) == View::Cos ? View::Pe : optionView(request));
    FigureData data;
    data.methodsDrawn = {m.id};
    const std::int64_t n = std::min(tableLimit(*m.encoding, request.length), kMaxPcaLength);
    // An M-RoPE with a token layout: one row per token, turned by its (t, h, w) ids (as the Matrix view says)
    const bool tokens = rotatesByIds(m);
    if (n < request.length)
        addNote(
            data,
            (tokens ? QObject::tr("PCA of the first %1 tokens") : QObject::tr("PCA of the first %1 positions")).arg(n));
    MatrixRequest mr;
    mr.view = view;
    mr.length = n;
    mr.memoryBudget = request.memoryBudget;
    const Matrix x = computeMatrix(*m.encoding, mr, progress);
    const int components = static_cast<int>(request.options.integer("components")); // 2 or 3 (FigureSpec)
    const int k = std::min(components, static_cast<int>(std::min<std::size_t>(x.rows, x.cols)));
    if (k < 2)
        throw InvalidInput("length", "PCA needs at least 2 positions and 2 dimensions");
    const auto r = analysis::computePca(x, k);
    // "PC1 (10.8 %)": the share of the variance each component explains, said in the note; short, so that the
    // three panels' x labels do not run into each other in presentation mode.
    const QString pc[3] = {QStringLiteral("PC1 (%1)").arg(percent(r.explainedVarianceRatio[0])),
                           QStringLiteral("PC2 (%1)").arg(percent(r.explainedVarianceRatio[1])),
                           k > 2 ? QStringLiteral("PC3 (%1)").arg(percent(r.explainedVarianceRatio[2])) : QString()};
    const std::vector<std::pair<int, int>> pairs =
        k > 2 ? std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {1, 2}} : std::vector<std::pair<int, int>>{{0, 1}};
    // Every stride-th position is drawn (the last one always); the components come from all n positions.
    const std::size_t rows = r.projections.rows;
    const std::size_t stride = (rows + kMaxPcaDots - 1) / kMaxPcaDots;
    std::vector<std::size_t> drawn;
    for (std::size_t i = 0; i < rows; i += stride)
        drawn.push_back(i);
    if (drawn.back() != rows - 1)
        drawn.push_back(rows - 1);
    std::vector<double> position;
    for (const std::size_t i : drawn)
        position.push_back(static_cast<double>(i));
    if (stride > 1)
        addNote(data, (tokens ? QObject::tr("Dots drawn for one token in %1 (%2 of %3)")
                              : QObject::tr("Dots drawn for one position in %1 (%2 of %3)"))
                          .arg(stride)
                          .arg(drawn.size())
                          .arg(rows));
    for (std::size_t p = 0; p < pairs.size(); ++p) {
        const auto [a, b] = pairs[p];
        Curve c{
            p == 0
                ? (tokens ? QObject::tr("%1: tokens 0…%2") : QObject::tr("%1: positions 0…%2")).arg(m.name).arg(n - 1)
                : QString(),
            m.id,
            {},
            {},
            false,
            true};
        for (const std::size_t i : drawn) {
            c.x.push_back(r.projections(i, static_cast<std::size_t>(a)));
            c.y.push_back(r.projections(i, static_cast<std::size_t>(b)));
        }
        c.colorBy = position;
        c.panel = static_cast<int>(p);
        Curve start{p == 0 ? QObject::tr("start (m = 0)") : QString(),
                    std::string(),
                    {c.x.front()},
                    {c.y.front()},
                    false,
                    true};
        start.panel = c.panel;
        data.curves.push_back(std::move(c));
        data.curves.push_back(std::move(start));
        data.panels.push_back(
            {QString(), pc[a], pc[b], false, false, tokens ? QObject::tr("token m") : QObject::tr("position m")});
    }
    data.title = (tokens ? QObject::tr("%1 — token vectors (%2 view) on their first %3 principal components, coloured "
                                       "by token")
                         : QObject::tr("%1 — position vectors (%2 view) on their first %3 principal components, "
                                       "coloured by position"))
                     .arg(m.name, CoreText::choice(toString(view)))
                     .arg(k);
    data.xLabel = data.panels.front().xLabel;
    data.yLabel = data.panels.front().yLabel;
    QStringList shares;
    for (std::size_t i = 0; i < r.explainedVarianceRatio.size(); ++i)
        shares << QStringLiteral("PC%1 %2").arg(i + 1).arg(percent(r.explainedVarianceRatio[i]));
    addNote(data, QObject::tr("Explained variance: %1").arg(shares.join(QObject::tr(", "))));
    if (methods.size() > 1)
        addNote(data, QObject::tr("PCA shows the primary method only"));
    return data;
}

} // namespace posenc::widgets::detail
