// SPDX-License-Identifier: GPL-3.0-or-later
// Per-pair line figures: wavelengths (with the L0 reference lines) and the interpolation ramp.
#include "FigureCompute_p.h"

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

/// Shades the runs of pairs the method keeps (θ' = θ), ramps or interpolates (θ' = θ/s), from the interpolation
/// fraction of its frequencies (the YaRN paper's picture).
void addBands(FigureData& data, const BuiltMethod& m)
{
    const RotaryFrequencies* f = m.encoding->rotary();
    if (!f)
        return;
    const std::vector<double> fraction = f->interpolationFraction();
    if (fraction.empty())
        return;
    auto band = [](double x) { return x <= 1e-9 ? 0 : x >= 1 - 1e-9 ? 2 : 1; };
    const QString labels[3] = {QObject::tr("keep θ"), QObject::tr("ramp"), QObject::tr("interpolate θ/s")};
    const QColor colors[3] = {QColor(0, 158, 115, 30), QColor(240, 228, 66, 55), QColor(86, 180, 233, 40)};
    std::size_t start = 0;
    for (std::size_t i = 1; i <= fraction.size(); ++i) {
        if (i < fraction.size() && band(fraction[i]) == band(fraction[start]))
            continue;
        const int b = band(fraction[start]);
        data.spans.push_back({static_cast<double>(start) - 0.5, static_cast<double>(i) - 0.5,
                              QStringLiteral("%1 (%2)").arg(labels[b]).arg(i - start), colors[b], 0});
        start = i;
    }
    addNote(data, QObject::tr("Shaded: the pairs %1 keeps (θ' = θ), ramps, and interpolates (θ' = θ/s), from its "
                              "interpolation fraction log(θ/θ')/log s")
                      .arg(m.name));
}

} // namespace

FigureData frequenciesFigure(const FigureRequest&, const std::vector<BuiltMethod>& methods)
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
        noneApplies(QObject::tr("frequencies"), QObject::tr("a rotary or sinusoidal method"), methods);

    // Reference lines of the first method that has an original context (the primary when it has one).
    const BuiltMethod* ref = nullptr;
    for (const auto& m : methods)
        if (const RotaryFrequencies* f = m.encoding->rotary(); f && f->originalLength > 0) {
            ref = &m;
            break;
        }
    if (ref) {
        const RotaryFrequencies* f = ref->encoding->rotary();
        const double l0 = f->originalLength;
        addLevel(data, l0, QStringLiteral("L0"));
        const double s = f->scaled && f->scale > 1 ? f->scale : f->nominalScale;
        if (s > 1)
            addLevel(data, s * l0, QStringLiteral("s·L0"));
        if (f->rampBeta)
            addLevel(data, l0 / *f->rampBeta, QStringLiteral("L0/β"));
        if (f->rampAlpha)
            addLevel(data, l0 / *f->rampAlpha, QStringLiteral("L0/α"));
        if (f->rampAlpha && f->rampBeta)
            addNote(data, QObject::tr("%1: pairs with λ below L0/β (more than β = %2 turns in L0) keep θ; pairs "
                                      "above L0/α (fewer than α = %3 turns) are interpolated by s")
                              .arg(ref->name, num(*f->rampBeta), num(*f->rampAlpha)));
        if (ref != &methods.front())
            addNote(data, QObject::tr("Reference lines: L0 and s of %1").arg(ref->name));
    }
    addBands(data, methods.front());
    data.title = QObject::tr("Wavelength per pair");
    if (!without.isEmpty())
        addNote(data,
                QStringLiteral("%1 %2 no per-pair frequencies")
                    .arg(joinNames(without), without.size() == 1 ? QStringLiteral("has") : QStringLiteral("have")));
    return data;
}

FigureData rampFigure(const FigureRequest&, const std::vector<BuiltMethod>& methods)
{
    FigureData data;
    data.xLabel = QObject::tr("pair i (0 = highest frequency)");
    data.yLabel = QObject::tr("ramp γᵢ (solid) · interpolation fraction (dashed)");
    QStringList noRamp, none;
    for (const auto& m : methods) {
        const auto table = m.encoding->frequencyTable();
        const bool hasRamp = table && table->ramp;
        const bool hasInterp = table && table->interpolation && !table->interpolation->empty();
        const auto addPerPair = [&](const QString& suffix, const std::vector<double>& values, bool dashed) {
            Curve c;
            c.name = m.name + suffix;
            c.methodId = m.id;
            c.y = values;
            c.x = pairIndex(c.y.size());
            c.dashed = dashed;
            data.curves.push_back(std::move(c));
        };
        if (hasRamp)
            addPerPair(QStringLiteral(" γᵢ"), *table->ramp, false);
        if (hasInterp)
            addPerPair(QObject::tr(" interpolation"), *table->interpolation, true);
        if (!hasRamp && hasInterp)
            noRamp << m.name;
        if (!hasRamp && !hasInterp)
            none << m.name;
    }
    if (data.curves.empty())
        noneApplies(QObject::tr("ramp"),
                    QObject::tr("a scaled rotary method (one that rescales the RoPE frequencies, e.g. pi or "
                                   "yarn)"),
                    methods);
    data.title = QObject::tr("Interpolation per pair: γ = 1 keeps θᵢ, interpolation fraction 1 = θᵢ/s");
    addNote(data, QObject::tr("Interpolation fraction = log(θᵢ/θ'ᵢ)/log(s)"));
    if (!noRamp.isEmpty())
        addNote(data, QObject::tr("%1: no ramp (only the interpolation fraction)").arg(joinNames(noRamp)));
    if (!none.isEmpty())
        addNote(data, QObject::tr("%1: not a scaled rotary method (no ramp, no interpolation)").arg(joinNames(none)));
    return data;
}

} // namespace posenc::widgets::detail
