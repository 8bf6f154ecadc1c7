// SPDX-License-Identifier: GPL-3.0-or-later
// RoPE as rotation: a few channel pairs of each method drawn as clock hands in the plane, turned by m·θ'ᵢ at the
// query position m and by n·θ'ᵢ at the key position n, with the angle between them, (m − n)θ'ᵢ, as an arc.
#include "FigureCompute_p.h"
#include "i18n/CoreText.h"

#include <QObject>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

namespace posenc::widgets::detail {

namespace {

constexpr std::size_t kMaxPanels = 4;
constexpr int kArcPoints = 48;
constexpr double kRange = 1.12; ///< ±range of the square panels: the unit circle with a margin

/// Okabe–Ito colours: one per hand, told apart by colour-blind readers too.
QColor handColor(std::size_t k)
{
    static const char* const colors[] = {"#D55E00", "#0072B2", "#009E73", "#CC79A7",
                                         "#E69F00", "#56B4E9", "#000000", "#F0E442"};
    return QColor(QString::fromLatin1(colors[k % std::size(colors)]));
}

/// The pair indices shown: `count` pairs spread evenly from the fastest (0) to the slowest (pairs − 1).
std::vector<std::size_t> spreadPairs(std::size_t pairs, std::size_t count)
{
    count = std::min(count, pairs);
    std::vector<std::size_t> out;
    for (std::size_t k = 0; k < count; ++k)
        out.push_back(
            count == 1 ? 0
                       : static_cast<std::size_t>(std::lround(static_cast<double>(k) * static_cast<double>(pairs - 1) /
                                                              static_cast<double>(count - 1))));
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

/// The angle x reduced to (−π, π].
double wrapAngle(double x)
{
    const double twoPi = 2 * std::numbers::pi;
    double r = std::fmod(x, twoPi);
    if (r > std::numbers::pi)
        r -= twoPi;
    else if (r <= -std::numbers::pi)
        r += twoPi;
    return r;
}

/// A hand from the origin to radius r at angle phi.
Curve hand(double r, double phi, int panel, QColor color, bool dashed)
{
    Curve c;
    c.x = {0.0, r * std::cos(phi)};
    c.y = {0.0, r * std::sin(phi)};
    c.panel = panel;
    c.color = color;
    c.dashed = dashed;
    return c;
}

/// An arc of radius r from angle `from` through `sweep` radians.
Curve arc(double r, double from, double sweep, int panel, QColor color)
{
    Curve c;
    for (int j = 0; j <= kArcPoints; ++j) {
        const double phi = from + sweep * j / kArcPoints;
        c.x.push_back(r * std::cos(phi));
        c.y.push_back(r * std::sin(phi));
    }
    c.panel = panel;
    c.color = color;
    return c;
}

} // namespace

FigureData rotationFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods)
{
    const std::int64_t m = request.options.integer("position");
    const std::int64_t n = request.options.integer("key-position");
    const auto count = static_cast<std::size_t>(request.options.integer("pairs"));
    FigureData data;
    data.title = QObject::tr("Rotary encoding as rotation: pairs at query position m = %1 (solid) and key position "
                             "n = %2 (dashed)")
                     .arg(m)
                     .arg(n);
    data.xLabel = QObject::tr("first channel of pair i");
    data.yLabel = QObject::tr("second channel of pair i");
    QStringList without, pairCounts; // pairCounts: the distinct d_rot/2 of the methods drawn (half pairing offset)
    QStringList still;               // methods with pairs of frequency 0 (Proportional RoPE's tail): not drawn
    int panel = 0;
    for (const BuiltMethod& method : methods) {
        // Rotary methods only: an additive sinusoidal vector also has (sin, cos) pairs, but it is added to the
        // token, not turned with it, and its pair is (sin mω, cos mω), not a rotation of the query's own pair.
        const auto table = method.encoding->rotary() ? method.encoding->frequencyTable() : std::nullopt;
        if (!table || table->invFreq.empty()) {
            without << method.name;
            continue;
        }
        if (static_cast<std::size_t>(panel) == kMaxPanels) {
            addNote(data, QObject::tr("Only the first %1 methods are drawn").arg(kMaxPanels));
            break;
        }
        if (const QString p = QString::number(method.encoding->rotary()->pairs()); !pairCounts.contains(p))
            pairCounts << p;
        const QString differs = methods.front().id == method.id ? QString() : paramDifferences(methods.front(), method);
        data.panels.push_back({differs.isEmpty() ? method.name
                                                 : QObject::tr("%1 (%2)", "a method's name, then the parameters that "
                                                                          "differ from the primary's")
                                                       .arg(method.name, differs),
                               data.xLabel, data.yLabel, false, false, QString(), kRange});
        Curve circle = arc(1.0, 0.0, 2 * std::numbers::pi, panel, QColor(170, 170, 170));
        circle.dashed = true;
        data.curves.push_back(std::move(circle));
        // the hands spread over the pairs that turn: a pair of frequency 0 would be a hand that never moves
        const auto turning = static_cast<std::size_t>(std::find(table->invFreq.begin(), table->invFreq.end(), 0.0) -
                                                      table->invFreq.begin());
        if (turning < table->invFreq.size())
            still << QObject::tr("%1: pairs %2…%3 (frequency 0)")
                         .arg(method.name)
                         .arg(turning)
                         .arg(table->invFreq.size() - 1);
        const std::vector<std::size_t> shown = spreadPairs(std::max<std::size_t>(turning, 1), count);
        for (std::size_t k = 0; k < shown.size(); ++k) {
            const std::size_t i = shown[k];
            const double theta = table->invFreq[i];
            // Exact angles: m·θ for integer m below 2^53 needs no reduction before cos/sin.
            const double query = static_cast<double>(m) * theta, key = static_cast<double>(n) * theta;
            const double between = wrapAngle(static_cast<double>(m - n) * theta);
            // The fastest pair has the longest hand, as a clock's second hand.
            const double r = shown.size() == 1 ? 1.0 : 1.0 - 0.5 * static_cast<double>(k) / (shown.size() - 1.0);
            const QColor color = handColor(k);
            Curve q = hand(r, query, panel, color, false);
            // Two short lines, so that the legend under a narrow panel is not cut.
            q.name = QObject::tr("i = %1: θ' = %2\n(m − n)θ' ≡ %3°")
                         .arg(i)
                         .arg(sig3(theta))
                         .arg(CoreText::numberText(QString::number(between * 180 / std::numbers::pi, 'f', 1)));
            data.curves.push_back(std::move(q));
            data.curves.push_back(hand(r, key, panel, color, true));
            data.curves.push_back(arc(0.8 * r, wrapAngle(key), between, panel, color));
            Curve tip;
            tip.x = {r * std::cos(query)};
            tip.y = {r * std::sin(query)};
            tip.points = true;
            tip.panel = panel;
            tip.color = color;
            data.curves.push_back(std::move(tip));
        }
        ++panel;
    }
    if (data.panels.empty())
        noneApplies(FigureKind::Rotation, QObject::tr("a rotary method"), methods);
    // xPos also scales each pair by its decay (rope_apply.cpp): its score is not the angle's alone
    const QStringList xpos = xposMethodNames(methods);
    if (xpos.isEmpty())
        addNote(data, QObject::tr("Pair i of the query is turned by m·θ'ᵢ (solid hand), of the key by n·θ'ᵢ (dashed); "
                                  "their score depends only on the angle between them, (m − n)θ'ᵢ (the arc), so "
                                  "moving both positions together changes nothing"));
    else
        addNote(data, QObject::tr("Pair i of the query is turned by m·θ'ᵢ (solid hand), of the key by n·θ'ᵢ (dashed); "
                                  "the score depends on the angle between them, (m − n)θ'ᵢ (the arc), and for %1 "
                                  "also on its decay: pair i of the query is scaled by ζᵢ^(m/B), of the key by "
                                  "ζᵢ^(−n/B), a factor ζᵢ^((m − n)/B) on the score (not drawn); either way moving "
                                  "both positions together changes nothing")
                          .arg(joinNames(xpos)));
    // The note says what the drawing does: hands of lengths 1 down to 0.5 (rotationFigure above).
    addNote(data,
            QObject::tr("Each hand points along the pair's first channel, rotated; the pair is channels (i, i + P) "
                        "with half pairing, P = d_rot/2 being the number of pairs of the cos/sin cache (%1; pairs of "
                        "frequency 0 included), and (2i, 2i + 1) interleaved. The hands are drawn 1 (fastest pair) "
                        "down to 0.5 (slowest) long only to tell them apart: the rotation keeps every length, and an "
                        "attention factor (YaRN's a) would scale every hand alike (not drawn)")
                .arg(pairCounts.join(QObject::tr(", "))));
    if (!still.isEmpty())
        addNote(data, QObject::tr("Not drawn, as they never turn: %1").arg(still.join(QObject::tr("; "))));
    if (!without.isEmpty())
        addNote(data, QObject::tr("No rotating pairs: %1").arg(joinNames(without)));
    return data;
}

} // namespace posenc::widgets::detail
