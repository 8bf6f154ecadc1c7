// SPDX-License-Identifier: GPL-3.0-or-later
// Similarity, spectrum, PCA and bounds figures from posenc/analysis/{structure,bounds}.h.
#include "FigureCompute_p.h"

#include "figures/FigureDisplay.h"

#include "posenc/analysis/bounds.h"
#include "posenc/analysis/structure.h"
#include "posenc/errors.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <mutex>

namespace posenc::widgets::detail {

namespace {

constexpr std::int64_t kMaxSimilarityWindow = 2048;
constexpr std::int64_t kMaxSpectrumLength = std::int64_t(1) << 16;
constexpr std::int64_t kMaxPcaLength = 8192;
constexpr std::int64_t kMaxBaseBoundContext = 8192; ///< the base scan costs O(L d) per base tried (~1 s at 8192)

/// The base lower bound depends only on (d_rot, L): computed once per pair and kept, so moving other sliders
/// does not rescan.
std::optional<double> cachedBaseLowerBound(int rotaryDim, std::int64_t contextLength)
{
    static std::mutex mutex;
    static std::map<std::pair<int, std::int64_t>, std::optional<double>> cache;
    const auto key = std::make_pair(rotaryDim, contextLength);
    {
        std::lock_guard lock(mutex);
        if (auto it = cache.find(key); it != cache.end())
            return it->second;
    }
    const auto value = analysis::baseLowerBound(rotaryDim, contextLength);
    std::lock_guard lock(mutex);
    cache[key] = value;
    return value;
}

/// The matrix view a structure figure analyses: the request's view when the primary has it, else its first.
View structureView(const BuiltMethod& m, View requested)
{
    std::vector<View> views;
    for (View v : m.encoding->views())
        if (v != View::Bias) // a query x key bias has no position vectors
            views.push_back(v);
    if (views.empty())
        throw InvalidInput(
            "view", QStringLiteral("%1 has no position vectors to analyse (views: %2)")
                        .arg(m.name, m.encoding->views().empty() ? QStringLiteral("none") : QStringLiteral("bias only"))
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
        noneApplies(QStringLiteral("similarity"), QStringLiteral("a method with position vectors or scores"), {m});
    std::string wanted = request.options.choice("kind");
    if (wanted == "auto")
        wanted = kind == MethodKind::Additive ? "dot" : "relative-score";
    FigureData data;
    const bool additive = kind == MethodKind::Additive;
    if (additive && wanted == "relative-score") {
        addNote(data, QStringLiteral("The relative score applies to rotary methods; showing the dot product"));
        wanted = "dot";
    } else if (!additive && wanted != "relative-score") {
        addNote(data, QStringLiteral("%1 has no position vectors to compare by %2; showing the relative score")
                          .arg(m.name, QString::fromStdString(wanted)));
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
        addNote(data, QStringLiteral("Window limited to %1 positions").arg(o.length));
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
    g.xLabel = QStringLiteral("position i (query)");
    g.yLabel = QStringLiteral("position j (key)");
    g.valueLabel = wanted == "dot"                     ? QStringLiteral("PEᵢ · PEⱼ")
                   : wanted == "cosine"                ? QStringLiteral("cos(PEᵢ, PEⱼ)")
                   : kind == MethodKind::AttentionBias ? QStringLiteral("bias(i − j), head %1").arg(optionHead(request))
                                                       : QStringLiteral("⟨R_i q, R_j k⟩, q = k = [1…1, −1…−1]");
    g.scale = Grid::Scale::Diverging;
    g.drawLimit = kMaxDrawnCells;
    if (const std::int64_t block = (o.length + kMaxDrawnCells - 1) / kMaxDrawnCells; block > 1)
        addNote(data, QStringLiteral("Drawn at screen resolution: each cell is the exact mean of %1×%1 positions; the "
                                     "hover read-out and the CSV/NPY export give every position")
                          .arg(block));
    data.xLabel = g.xLabel;
    data.yLabel = g.yLabel;
    data.title = QStringLiteral("%1 — similarity %2 over positions %3…%4")
                     .arg(m.name, g.valueLabel)
                     .arg(o.first)
                     .arg(o.first + o.length - 1);
    addNote(data, QStringLiteral("Depends only on i − j when the encoding is relative (Toeplitz: constant along "
                                 "diagonals)"));
    data.grids.push_back(std::move(g));
    if (methods.size() > 1)
        addNote(data, QStringLiteral("Similarity shows the primary method only"));
    return data;
}

FigureData spectrumFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods, const FigureProgress&)
{
    const BuiltMethod& m = methods.front();
    const View view = structureView(m, optionView(request));
    FigureData data;
    const std::int64_t n = std::min(tableLimit(*m.encoding, request.length), kMaxSpectrumLength);
    if (n < 2)
        throw InvalidInput("length", "the spectrum needs at least 2 positions");
    if (n < request.length)
        addNote(data, QStringLiteral("Spectrum over the first %1 positions").arg(n));
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
        data.curves.push_back(
            {QStringLiteral("analytic 2π/θ"), std::string(), std::move(x), std::move(y), false, false});
    }
    data.curves.push_back(
        {QStringLiteral("%1: FFT peak (measured)").arg(m.name), m.id, column, r.measuredWavelength, false, true});
    data.title = QStringLiteral("%1 — wavelength of each %2 column: FFT peak vs analytic")
                     .arg(m.name, QString::fromStdString(toString(view)));
    data.xLabel = view == View::Angle ? QStringLiteral("pair i") : QStringLiteral("dimension j");
    data.yLabel = QStringLiteral("wavelength (positions)");
    data.logY = true;
    data.horizontalMarkers.push_back({static_cast<double>(n), QStringLiteral("window = %1").arg(n)});
    if (comparable > 0)
        addNote(data, QStringLiteral("The FFT peak is within one bin of the analytic frequency for %1 of the %2 "
                                     "columns whose wavelength fits twice in the window; longer wavelengths peak at "
                                     "the lowest bin")
                          .arg(agree)
                          .arg(comparable));
    if (methods.size() > 1)
        addNote(data, QStringLiteral("Spectrum shows the primary method only"));
    return data;
}

FigureData pcaFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                     const FigureProgress& progress)
{
    const BuiltMethod& m = methods.front();
    const View view = structureView(m, optionView(request) == View::Cos ? View::Pe : optionView(request));
    FigureData data;
    const std::int64_t n = std::min(tableLimit(*m.encoding, request.length), kMaxPcaLength);
    if (n < request.length)
        addNote(data, QStringLiteral("PCA of the first %1 positions").arg(n));
    MatrixRequest mr;
    mr.view = view;
    mr.length = n;
    mr.memoryBudget = request.memoryBudget;
    const Matrix x = computeMatrix(*m.encoding, mr, progress);
    const int k = std::clamp(static_cast<int>(request.options.integer("components")), 2,
                             static_cast<int>(std::min<std::size_t>(x.rows, x.cols)));
    const auto r = analysis::computePca(x, k);
    Curve c{QStringLiteral("%1: positions 0…%2").arg(m.name).arg(n - 1), m.id, {}, {}, false, false};
    for (std::size_t i = 0; i < r.projections.rows; ++i) {
        c.x.push_back(r.projections(i, 0));
        c.y.push_back(r.projections(i, 1));
    }
    data.curves.push_back(std::move(c));
    data.title = QStringLiteral("%1 — position vectors (%2 view) on their first two principal components")
                     .arg(m.name, QString::fromStdString(toString(view)));
    data.xLabel = QStringLiteral("PC1 (%1 of the variance)").arg(percent(r.explainedVarianceRatio[0]));
    data.yLabel = QStringLiteral("PC2 (%1)").arg(percent(r.explainedVarianceRatio[1]));
    QStringList shares;
    for (std::size_t i = 0; i < r.explainedVarianceRatio.size(); ++i)
        shares << QStringLiteral("PC%1 %2").arg(i + 1).arg(percent(r.explainedVarianceRatio[i]));
    addNote(data, QStringLiteral("Explained variance: %1").arg(shares.join(QStringLiteral(", "))));
    if (methods.size() > 1)
        addNote(data, QStringLiteral("PCA shows the primary method only"));
    return data;
}

FigureData boundsFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods)
{
    FigureData data;
    data.title = QStringLiteral("Context bounds for a target context of %1 tokens").arg(request.length);
    data.tableHeader = {QStringLiteral("quantity")};
    const QStringList quantities = {
        QStringLiteral("critical dimension d_extra (Liu et al. 2023)"),
        QStringLiteral("extrapolation bound T_extra (positions)"),
        QStringLiteral("L_θ: last Δ with B(Δ) ≥ 0 (Men et al. 2024)"),
        QStringLiteral("base lower bound for the target context"),
        QStringLiteral("pairs kept / ramped / interpolated"),
        QStringLiteral("largest wavelength (positions)"),
        QStringLiteral("original context L0"),
    };
    std::vector<std::vector<QString>> columns;
    QStringList skipped;
    for (const BuiltMethod& m : methods) {
        if (!m.encoding->rotary()) {
            skipped << m.name;
            continue;
        }
        analysis::BoundsOptions o;
        o.contextLength = static_cast<double>(request.length);
        o.computeBaseLowerBound = false;
        auto b = analysis::computeBounds(*m.encoding, o);
        if (request.length <= kMaxBaseBoundContext)
            b.baseLowerBound = cachedBaseLowerBound(m.encoding->rotary()->rotaryDim, request.length);
        auto opt = [](const auto& v, auto fmt) { return v ? fmt(*v) : QStringLiteral("—"); };
        columns.push_back({
            opt(b.criticalDim, [](int d) { return QString::number(d); }),
            opt(b.extrapolationBound, [](double t) { return num(t); }),
            b.lTheta ? QString::number(*b.lTheta) : QStringLiteral("≥ %1 (B ≥ 0 throughout)").arg(b.lThetaSearchLimit),
            opt(b.baseLowerBound, [](double v) { return num(v); }),
            QStringLiteral("%1 / %2 / %3").arg(b.pairsKept).arg(b.pairsRamped).arg(b.pairsInterpolated),
            num(b.largestWavelength),
            b.originalContext > 0 ? num(b.originalContext) : QStringLiteral("—"),
        });
        data.tableHeader.push_back(m.name);
    }
    if (columns.empty())
        noneApplies(QStringLiteral("bounds"), QStringLiteral("a rotary method"), methods);
    for (int q = 0; q < quantities.size(); ++q) {
        std::vector<QString> row = {quantities[q]};
        for (const auto& c : columns)
            row.push_back(c[static_cast<std::size_t>(q)]);
        data.tableRows.push_back(row);
        data.table.emplace_back(quantities[q], columns.front()[static_cast<std::size_t>(q)]);
    }
    addNote(data, QStringLiteral("Base lower bound: the first base on the grid 10^(k/1000) with B(m) ≥ 0 for all m ≤ "
                                 "L; the feasible set is not an interval, so a finer scan can find smaller isolated "
                                 "bases"));
    if (request.length > kMaxBaseBoundContext)
        addNote(data, QStringLiteral("The base lower bound is computed up to a context of %1 here (its scan costs "
                                     "O(L·d) per base); posenc compute bounds gives it for any L")
                          .arg(kMaxBaseBoundContext));
    if (!skipped.isEmpty())
        addNote(data, QStringLiteral("Not rotary (no bounds): %1").arg(joinNames(skipped)));
    return data;
}

} // namespace posenc::widgets::detail
