// SPDX-License-Identifier: GPL-3.0-or-later
// Bounds figure (posenc/analysis/bounds.h): one table column per rotary method, all at the same target context L
// and training length T, beside two pictures: the base lower bound against L (Men et al. 2024, Fig. 1)
// with each method's effective base, and the wavelength per pair against T (Liu et al. 2023's critical
// dimension).
#include "FigureCompute_p.h"
#include "figures/FigureMemo.h"
#include "i18n/CoreText.h"

#include "posenc/analysis/bounds.h"
#include "posenc/errors.h"
#include "posenc/pair_table.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace posenc::widgets::detail {

namespace {

/// Contexts up to this are given a base lower bound here (the certified walk of base_bound.h: about 0.2 s at 32K,
/// 4 s at 1M on two cores, off the GUI thread with progress); larger ones say so in their cell.
constexpr std::int64_t kMaxBaseBoundContext = std::int64_t(1) << 20;

struct Defaults {
    double context = 0, train = 0;
    QString contextWhy, trainWhy;
};

/// Context L = the primary's s·L0 (RotaryFrequencies::targetContext, s the configured factor), T = the primary's L0
/// (the first compared method with an L0 when the primary has none; the view length when no method has one).
Defaults defaults(const FigureRequest& request, const std::vector<BuiltMethod>& methods)
{
    Defaults d;
    const BuiltMethod* ref = nullptr;
    for (const BuiltMethod& m : methods)
        if (const RotaryFrequencies* f = m.encoding->rotary(); f && f->originalLength > 0) {
            ref = &m;
            break;
        }
    if (ref) {
        const RotaryFrequencies* f = ref->encoding->rotary();
        d.train = f->originalLength;
        d.context = f->targetContext();
        d.trainWhy = QObject::tr("L0 of %1").arg(ref->name);
        d.contextWhy = QObject::tr("s·L0 of %1").arg(ref->name);
    } else {
        d.context = static_cast<double>(request.length);
        d.train = d.context;
        d.contextWhy = QObject::tr("the view length");
        d.trainWhy = QObject::tr("L (no method has an L0)");
    }
    if (request.options.has("context-length")) {
        d.context = static_cast<double>(request.options.integer("context-length"));
        d.contextWhy = QObject::tr("chosen");
        if (!ref)
            d.train = d.context; // T = L, as the note and the tooltip say, when no method has an L0
    }
    if (request.options.has("train-length")) {
        d.train = static_cast<double>(request.options.integer("train-length"));
        d.trainWhy = QObject::tr("chosen");
    }
    return d;
}

} // namespace

QString sig3(double x)
{
    if (std::isinf(x))
        return x > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    if (!std::isfinite(x))
        return QString::number(x);
    const double a = std::abs(x);
    if (a == 0 || (a >= 0.01 && a < 1000))
        return CoreText::numberText(QString::number(x, 'g', 3));
    int e = static_cast<int>(std::floor(std::log10(a)));
    double mant = x / std::pow(10.0, e);
    if (std::abs(std::round(mant * 100) / 100) >= 10) { // 9.996 rounds to 10.0
        mant /= 10;
        ++e;
    }
    return CoreText::timesTenTo(QString::number(mant, 'f', 2), e);
}

QString exactNumber(double x)
{
    return std::isfinite(x) ? QString::number(x, 'g', 17) : sig3(x);
}

QString derivedNumber(double x)
{
    return QString::number(x, 'g', 12);
}

QString effectiveBaseText(const std::optional<double>& base)
{
    return base ? derivedNumber(*base) : QObject::tr("none (pairs of frequency 0 never turn)");
}

FigureData boundsFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                        const FigureProgress& progress)
{
    const Defaults def = defaults(request, methods);
    const auto context = static_cast<std::int64_t>(std::llround(def.context));
    FigureData data;
    data.title = QObject::tr("Context bounds at L = %1 tokens and training length T = %2: every column at these two")
                     .arg(context)
                     .arg(std::llround(def.train));
    data.tableHeader = {QObject::tr("quantity")};
    const QStringList quantities = {
        QObject::tr("d_extra: critical dimension (Liu et al.)"),
        QObject::tr("T_extra: extrapolation bound (positions)"),
        QObject::tr("L_θ: last Δ before B(Δ) first turns negative (Men et al.)"),
        QObject::tr("base lower bound for L (Men et al.)"),
        QObject::tr("effective base b_eff"),
        QObject::tr("pairs kept / ramped / interpolated"),
        QObject::tr("largest wavelength (positions)"),
        QObject::tr("original context L0"),
    };
    std::vector<std::vector<QString>> columns, exactColumns;
    QStringList skipped;
    std::vector<const BuiltMethod*> rotary;
    for (const BuiltMethod& m : methods)
        if (m.encoding->rotary())
            rotary.push_back(&m);
        else
            skipped << m.name;
    if (rotary.empty())
        noneApplies(FigureKind::Bounds, QObject::tr("a rotary method"), methods);

    // Men et al. Fig. 1: the base lower bound at L = 2^k up to the target (cached per (d, L)).
    const int dim = rotary.front()->encoding->rotary()->rotaryDim;
    std::vector<std::int64_t> curveL;
    for (std::int64_t L = 256; L <= std::min<std::int64_t>(context, kMaxBaseBoundContext); L *= 2)
        curveL.push_back(L);
    if (context <= kMaxBaseBoundContext && (curveL.empty() || curveL.back() != context))
        curveL.push_back(context);
    const double steps = static_cast<double>(curveL.size() + rotary.size());
    double done = 0;
    auto tick = [&] {
        done += 1;
        if (progress && !progress(done / steps))
            throw Cancelled();
    };
    Curve bound{QObject::tr("base lower bound (d = %1)").arg(dim), std::string(), {}, {}, false, false};
    for (std::int64_t L : curveL) {
        if (const auto b = request.memo.memo->baseLowerBound(dim, L)) {
            bound.x.push_back(static_cast<double>(L));
            bound.y.push_back(*b);
        }
        tick();
    }

    std::vector<std::pair<QString, double>> beffs; // (method, b_eff): coinciding points are named in a note
    for (const BuiltMethod* m : rotary) {
        const RotaryFrequencies& f = *m->encoding->rotary();
        analysis::BoundsOptions o;
        o.contextLength = def.context;
        o.trainLength = def.train;
        o.computeBaseLowerBound = false;
        auto b = analysis::computeBounds(*m->encoding, o);
        QString baseBound;
        if (context <= kMaxBaseBoundContext) {
            b.baseLowerBound = request.memo.memo->baseLowerBound(f.rotaryDim, context);
            baseBound = b.baseLowerBound ? sig3(*b.baseLowerBound) : QObject::tr("above 10¹⁵");
        } else {
            baseBound = QObject::tr("L > %1: not run").arg(kMaxBaseBoundContext);
        }
        tick();
        const std::optional<double> beff = effectiveBase(f);
        columns.push_back({
            b.criticalDim ? QString::number(*b.criticalDim) : QObject::tr("none (T < 2π)"),
            b.extrapolationBound ? sig3(*b.extrapolationBound) : QObject::tr("none"),
            b.lTheta ? QString::number(*b.lTheta) : QObject::tr("≥ %1 (B ≥ 0 throughout)").arg(b.lThetaSearchLimit),
            baseBound,
            beff ? sig3(*beff) : QObject::tr("none (pairs of frequency 0)"),
            QStringLiteral("%1 / %2 / %3").arg(b.pairsKept).arg(b.pairsRamped).arg(b.pairsInterpolated),
            sig3(b.largestWavelength),
            b.originalContext > 0 ? QString::number(std::llround(b.originalContext)) : QObject::tr("none"),
        });
        // What a copied cell gives: the number at full precision (the display rounds to 3 digits).
        const auto exact = [](const std::optional<double>& v) { return v ? exactNumber(*v) : QString(); };
        exactColumns.push_back({
            exact(b.criticalDim ? std::optional<double>(*b.criticalDim) : std::nullopt),
            exact(b.extrapolationBound),
            exact(b.lTheta ? std::optional<double>(static_cast<double>(*b.lTheta)) : std::nullopt),
            exact(b.baseLowerBound),
            beff ? exactNumber(*beff) : QString(),
            QString(),
            exactNumber(b.largestWavelength),
            exact(b.originalContext > 0 ? std::optional<double>(b.originalContext) : std::nullopt),
        });
        data.tableHeader.push_back(m->name);

        if (beff) { // none: pairs of frequency 0 never turn, no plain-RoPE base to place beside the bound
            data.curves.push_back(
                {m->name + QObject::tr(": effective base"), m->id, {def.context}, {*beff}, false, true});
            beffs.emplace_back(m->name, *beff);
        }
        if (const auto table = m->encoding->frequencyTable()) {
            Curve w{m->name, m->id, {}, table->wavelength, false, false};
            for (std::size_t i = 0; i < w.y.size(); ++i)
                w.x.push_back(static_cast<double>(i));
            w.panel = 1;
            data.curves.push_back(std::move(w));
        }
        if (m == rotary.front() && b.criticalDim) {
            const double k = *b.criticalDim / 2.0;
            data.verticalMarkers.push_back({k - 0.5, QObject::tr("critical pair %1").arg(k), 1});
            data.spans.push_back(
                {k - 0.5, static_cast<double>(f.pairs()) - 0.5, QObject::tr("λ > T (unscaled)"), QColor(214, 39, 40, 28), 1});
        }
    }
    if (!bound.x.empty())
        data.curves.insert(data.curves.begin(), std::move(bound));
    data.horizontalMarkers.push_back(
        {def.train, QObject::tr("training length T = %1").arg(std::llround(def.train)), 1});
    data.verticalMarkers.push_back({def.context, QObject::tr("L = %1").arg(context), 0});
    data.panels = {
        {QObject::tr("Base lower bound vs context (Men et al. Fig. 1)"), QObject::tr("context length L (tokens)"),
         QObject::tr("RoPE base"), true, true, QString()},
        {QObject::tr("Critical dimension (Liu et al.)"), QObject::tr("pair i (0 = highest frequency)"),
         QObject::tr("wavelength 2π/θ'ᵢ (positions)"), false, true, QString()},
    };

    for (int q = 0; q < quantities.size(); ++q) {
        std::vector<QString> row = {quantities[q]}, exactRow = {QString()};
        for (std::size_t c = 0; c < columns.size(); ++c) {
            row.push_back(columns[c][static_cast<std::size_t>(q)]);
            exactRow.push_back(exactColumns[c][static_cast<std::size_t>(q)]);
        }
        data.tableRows.push_back(row);
        data.tableExact.push_back(exactRow);
        data.table.emplace_back(quantities[q], columns.front()[static_cast<std::size_t>(q)]);
    }
    addNote(data, QObject::tr("L = %1 (%2), T = %3 (%4); every method is evaluated at these")
                      .arg(context)
                      .arg(def.contextWhy)
                      .arg(std::llround(def.train))
                      .arg(def.trainWhy));
    addNote(data,
            QObject::tr("d_extra = 2⌈(d/2)·log_b(T/2π)⌉ with the method's unscaled base b, at most twice the number of "
                        "pairs of non-zero frequency (pairs of frequency 0, as Proportional RoPE's, never turn): "
                        "pairs from d_extra/2 on never complete a turn within T (shaded, right). T_extra = 2π/θ' "
                        "of the critical pair under the method's own frequencies (∞ at frequency 0)"));
    addNote(data, QObject::tr("B(Δ) = Σᵢ cos(Δθ'ᵢ); L_θ is the last Δ before B first turns negative"));
    addNote(data,
            QObject::tr("Base lower bound (Men et al. Eq. 11): the smallest base b with B_m(b) = Σᵢ cos(m·b^(−2i/d)) "
                        "≥ 0 for every integer m ≤ L, the exact infimum (the admissible bases are not an "
                        "interval). b_eff = θ'_last^(−d/(2(d/2−1))): the plain-RoPE "
                        "base with the method's lowest frequency (none when pairs of frequency 0 never turn, as "
                        "Proportional RoPE's); a point above the curve at L meets the bound"));
    if (context > kMaxBaseBoundContext)
        addNote(data, QObject::tr("The base lower bound curve stops at %1 positions (seconds per length beyond); "
                                  "posenc compute base-bound gives it at any L")
                          .arg(kMaxBaseBoundContext));
    // Points drawn on top of each other hide all but the last: say which methods share a b_eff.
    std::vector<bool> named(beffs.size(), false);
    for (std::size_t i = 0; i < beffs.size(); ++i) {
        QStringList same{beffs[i].first};
        for (std::size_t j = i + 1; j < beffs.size(); ++j)
            if (!named[j] && std::abs(beffs[j].second / beffs[i].second - 1) < 1e-9) {
                same << beffs[j].first;
                named[j] = true;
            }
        if (!named[i] && same.size() > 1)
            addNote(data, QObject::tr("%1 share b_eff = %2 (their points coincide)")
                              .arg(joinNames(same), sig3(beffs[i].second)));
        named[i] = true;
    }
    if (!skipped.isEmpty())
        addNote(data, QObject::tr("Not rotary (no bounds): %1").arg(joinNames(skipped)));
    addXposDecayNote(data, methods);
    return data;
}

} // namespace posenc::widgets::detail
