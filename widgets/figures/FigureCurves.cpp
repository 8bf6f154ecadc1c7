// SPDX-License-Identifier: GPL-3.0-or-later
// Per-pair line figures: wavelengths (with the L0 reference lines) and the interpolation ramp.
#include "FigureCompute_p.h"

#include "posenc/pair_table.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace posenc::widgets::detail {

namespace {

std::vector<double> pairIndex(std::size_t n)
{
    std::vector<double> x(n);
    for (std::size_t i = 0; i < n; ++i)
        x[i] = static_cast<double>(i);
    return x;
}

/// Adds a horizontal reference line, merging labels of lines at the same value.
void addLevel(FigureData& data, double value, const QString& label)
{
    if (!(value > 0) || !std::isfinite(value))
        return;
    for (auto& m : data.horizontalMarkers)
        if (std::abs(m.x - value) <= 1e-9 * value) {
            m.label = label + QStringLiteral(" = ") + m.label; // "L0/α = L0 = 4096"
            return;
        }
    data.horizontalMarkers.push_back({value, label + QStringLiteral(" = ") + num(value)});
}

/// The method whose bands and reference lines a per-pair figure shows: the first that is scaled and has an L0
/// (the primary when it is one), else the first scaled one; null when none is scaled.
const BuiltMethod* referenceMethod(const std::vector<BuiltMethod>& methods)
{
    const BuiltMethod* scaled = nullptr;
    for (const auto& m : methods)
        if (const RotaryFrequencies* f = m.encoding->rotary(); f && f->scaled) {
            if (f->originalLength > 0)
                return &m;
            if (!scaled)
                scaled = &m;
        }
    return scaled;
}

/// The scale s of `f` (the effective one for dynamic methods).
double scaleOf(const RotaryFrequencies& f)
{
    return f.scaled && f.scale > 1 ? f.scale : f.nominalScale;
}

/// Shades the runs of pairs `m` keeps (θ' = θ), ramps or interpolates (θ' = θ/s), from the interpolation fraction
/// of its frequencies and the one band rule of pair_table.h (the YaRN paper's picture).
void addBands(FigureData& data, const BuiltMethod& m, bool several)
{
    const RotaryFrequencies* f = m.encoding->rotary();
    if (!f)
        return;
    const std::vector<double> fraction = f->interpolationFraction();
    if (fraction.empty())
        return;
    // LongRoPE's rescale factors can exceed s: those pairs are in the interpolate band, divided by more than s
    std::size_t beyond = 0;
    double largest = 1;
    for (const double x : fraction)
        if (x > 1 + 1e-9) {
            ++beyond;
            largest = std::max(largest, x);
        }
    const QString labels[3] = {QObject::tr("keep θ"), QObject::tr("ramp"),
                               beyond > 0 ? QObject::tr("interpolate ≤ θ/s") : QObject::tr("interpolate θ/s")};
    const QColor colors[3] = {QColor(0, 158, 115, 30), QColor(240, 228, 66, 55), QColor(86, 180, 233, 40)};
    std::size_t start = 0;
    for (std::size_t i = 1; i <= fraction.size(); ++i) {
        if (i < fraction.size() && pairBand(fraction[i]) == pairBand(fraction[start]))
            continue;
        const int b = static_cast<int>(pairBand(fraction[start]));
        data.spans.push_back(
            {static_cast<double>(start) - 0.5, static_cast<double>(i) - 0.5,
             QObject::tr("%1 (%2)", "a band of pairs, then how many pairs it holds").arg(labels[b]).arg(i - start),
             colors[b], 0});
        start = i;
    }
    const double s = scaleOf(*f);
    addNote(data, beyond > 0 ? QObject::tr("Shaded: the pairs %1 keeps (θ' = θ), ramps, and interpolates (θ' ≤ θ/s: "
                                           "%3 of them are divided by more than s, up to %4) at s = %2, from its "
                                           "interpolation fraction log(θ/θ')/log s")
                                   .arg(m.name, num(s))
                                   .arg(beyond)
                                   .arg(num(std::pow(s, largest)))
                             : QObject::tr("Shaded: the pairs %1 keeps (θ' = θ), ramps, and interpolates (θ' = θ/s) "
                                           "at s = %2, from its interpolation fraction log(θ/θ')/log s")
                                   .arg(m.name, num(s)));
    if (several)
        addNote(data, QObject::tr("The bands are %1's; the other methods' own bands differ").arg(m.name));
}

} // namespace

FigureData frequenciesFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods)
{
    FigureData data;
    data.xLabel = QObject::tr("pair i (0 = highest frequency)");
    data.yLabel = QObject::tr("wavelength λ'ᵢ = 2π/θ'ᵢ (positions)");
    data.logY = true;
    QStringList without;
    for (const auto& m : methods) {
        const auto table = m.encoding->frequencyTable();
        if (!table) {
            without << m.name;
            continue;
        }
        Curve c;
        c.name = m.name;
        c.methodId = m.id;
        c.x = pairIndex(table->wavelength.size());
        c.y = table->wavelength;
        data.curves.push_back(std::move(c));
    }
    if (data.curves.empty())
        noneApplies(FigureKind::Frequencies, QObject::tr("a rotary or sinusoidal method"), methods);

    // Reference lines of the first method that has an original context (the primary when it has one); a method
    // without one (PI) takes the view's original-length option ("PI vs extrapolation": L0 = 4096).
    const BuiltMethod* ref = nullptr;
    for (const auto& m : methods)
        if (const RotaryFrequencies* f = m.encoding->rotary(); f && f->originalLength > 0) {
            ref = &m;
            break;
        }
    const BuiltMethod* scaledRef = referenceMethod(methods);
    const double optionL0 =
        request.options.has("original-length") ? static_cast<double>(request.options.integer("original-length")) : 0.0;
    if (ref || (optionL0 > 0 && scaledRef)) {
        const BuiltMethod* m = ref ? ref : scaledRef;
        const RotaryFrequencies* f = m->encoding->rotary();
        const double l0 = ref ? f->originalLength : optionL0;
        addLevel(data, l0, QStringLiteral("L0"));
        const double s = scaleOf(*f);
        if (s > 1)
            addLevel(data, s * l0, QStringLiteral("s·L0 (s = %1)").arg(num(s)));
        if (f->rampBeta)
            addLevel(data, l0 / *f->rampBeta, QStringLiteral("L0/β"));
        if (f->rampAlpha)
            addLevel(data, l0 / *f->rampAlpha, QStringLiteral("L0/α"));
        if (f->rampAlpha && f->rampBeta)
            addNote(data, QObject::tr("%1: pairs with λ below L0/β (more than β = %2 turns in L0) keep θ; pairs "
                                      "above L0/α (fewer than α = %3 turns) are interpolated by s")
                              .arg(m->name, num(*f->rampBeta), num(*f->rampAlpha)));
        if (!ref)
            addNote(data, QObject::tr("L0 = %1 (the view option “L0 line”; %2 has no L0 of its own): pairs "
                                      "whose λ' stays below L0 turn fully within the trained range")
                              .arg(num(l0), m->name));
        else if (m != &methods.front())
            addNote(data, QObject::tr("Reference lines: L0 and s of %1").arg(m->name));
    }
    if (const BuiltMethod* b = referenceMethod(methods))
        addBands(data, *b, methods.size() > 1);
    data.title = QObject::tr("Wavelength per pair");
    if (!without.isEmpty())
        addNote(data, QObject::tr("Not drawn (no per-pair frequencies): %1").arg(joinNames(without)));
    return data;
}

FigureData rampFigure(const FigureRequest&, const std::vector<BuiltMethod>& methods)
{
    FigureData data;
    data.xLabel = QObject::tr("pair i (0 = highest frequency)");
    // The vocabulary of pair_table.h: gamma_paper (1 = keep), interpolation (fraction of log s, 1 = θ/s).
    data.yLabel =
        QObject::tr("solid: ramp γᵢ (the paper's convention, 1 = keep θᵢ) · dashed: interpolation (1 = θᵢ/s)");
    QStringList noRamp, none;
    bool dashedNamed = false;
    for (const auto& m : methods) {
        const auto table = m.encoding->frequencyTable();
        const bool hasRamp = table && table->ramp;
        const bool hasInterp = table && table->interpolation && !table->interpolation->empty();
        bool named = false; // one legend entry per method: its first line (the axis label says which is which)
        const auto addPerPair = [&](const std::vector<double>& values, bool dashed) {
            Curve c;
            c.name = named ? QString() : m.name;
            // The first dashed line drawn says in the legend what dashed means.
            if (named && dashed && !dashedNamed) {
                c.name = QObject::tr("dashed: interpolation");
                dashedNamed = true;
            }
            named = true;
            c.methodId = m.id;
            c.y = values;
            c.x = pairIndex(c.y.size());
            c.dashed = dashed;
            c.quantity = dashed ? QObject::tr("interpolation") : QObject::tr("ramp γ");
            data.curves.push_back(std::move(c));
        };
        if (hasRamp)
            addPerPair(*table->ramp, false);
        if (hasInterp)
            addPerPair(*table->interpolation, true);
        if (!hasRamp && hasInterp)
            noRamp << m.name;
        if (!hasRamp && !hasInterp)
            none << m.name;
    }
    if (data.curves.empty())
        noneApplies(FigureKind::Ramp,
                    QObject::tr("a scaled rotary method (one that rescales the RoPE frequencies, e.g. pi or "
                                "yarn)"),
                    methods);
    data.title = QObject::tr("Interpolation per pair: ramp γ = 1 keeps θᵢ, interpolation 1 = θᵢ/s");
    if (const BuiltMethod* ref = referenceMethod(methods)) {
        const RotaryFrequencies* f = ref->encoding->rotary();
        data.title +=
            f->originalLength > 0
                ? QObject::tr(" (%1: s = %2, L0 = %3)").arg(ref->name, num(scaleOf(*f)), num(f->originalLength))
                : QObject::tr(" (%1: s = %2)").arg(ref->name, num(scaleOf(*f)));
        addBands(data, *ref, methods.size() > 1);
    }
    addNote(data, QObject::tr("interpolation = log(θᵢ/θ'ᵢ)/log(s); hf_ramp (Hugging Face's linear_ramp_factor) = 1 − "
                              "gamma_paper"));
    if (!noRamp.isEmpty())
        addNote(data, QObject::tr("%1: no gamma_paper (only the interpolation fraction)").arg(joinNames(noRamp)));
    if (!none.isEmpty())
        addNote(data, QObject::tr("%1: not a scaled rotary method (no ramp, no interpolation)").arg(joinNames(none)));
    return data;
}

} // namespace posenc::widgets::detail
