// SPDX-License-Identifier: GPL-3.0-or-later
// Decay figure: curves per method from posenc/analysis/decay.h (the entropy figure: FigureEntropy.cpp).
#include "FigureCompute_p.h"

#include "posenc/analysis/decay.h"
#include "posenc/errors.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace posenc::widgets::detail {

ProgressFn partOf(const FigureProgress& progress, std::size_t k, std::size_t n)
{
    if (!progress)
        return {};
    return [progress, k, n](double f) { return progress((static_cast<double>(k) + f) / static_cast<double>(n)); };
}

namespace {

/// `inner` with the attention factor a = 1: the decay curves of the bare rotation (the view option
/// "attention-factor" off). Everything else is `inner`'s.
class WithoutAttentionFactor : public Encoding {
public:
    explicit WithoutAttentionFactor(const Encoding& inner) : m_inner(inner), m_f(*inner.rotary())
    {
        m_f.attentionFactor = 1.0;
    }
    MethodKind kind() const override { return m_inner.kind(); }
    std::vector<View> views() const override { return m_inner.views(); }
    std::size_t columns(View v, const ViewOptions& o) const override { return m_inner.columns(v, o); }
    void fillRows(View, std::int64_t, std::size_t, double*, const ViewOptions&) const override
    {
        throw InvalidInput("view", "the decay view's copy without the attention factor has no matrix");
    }
    const RotaryFrequencies* rotary() const override { return &m_f; }

private:
    const Encoding& m_inner;
    RotaryFrequencies m_f;
};

/// A slope as a unit fraction when it is one (1/2, 1/256; ALiBi's geometric slopes), else 4 digits.
QString slopeText(double m)
{
    const double inv = 1.0 / m;
    if (std::abs(inv - std::round(inv)) < 1e-9 * inv)
        return QStringLiteral("1/%1").arg(std::llround(inv));
    return QString::number(m, 'g', 4);
}

struct DecayPick {
    const std::vector<double>* y = nullptr;
    QString label;
    std::string measure; ///< what kind of quantity y is: curves of one measure share an axis
};

/// The curve `wanted` of one method's decay result ("auto": the natural one for its kind).
DecayPick pickDecay(const analysis::DecayResult& r, const std::string& wanted, int head)
{
    auto opt = [](const std::optional<std::vector<double>>& v) { return v ? &*v : nullptr; };
    if (wanted == "roformer-bound")
        return {opt(r.roformerBound), QStringLiteral("U(Δ)"), wanted};
    if (wanted == "similar-token")
        return {opt(r.similarToken), QStringLiteral("B(Δ)"), wanted};
    if (wanted == "all-ones")
        return {opt(r.allOnesScore), QStringLiteral("q = k = 1"), wanted};
    if (wanted == "random-qk")
        return {opt(r.randomQkMean), QObject::tr("random q, k: mean ± 1 std"), wanted};
    if (r.roformerBound)
        return {&*r.roformerBound, QStringLiteral("U(Δ)"), "roformer-bound"};
    if (r.similarToken)
        return {&*r.similarToken, QStringLiteral("B(Δ)"), "similar-token"};
    if (r.meanCosine)
        return {&*r.meanCosine, QObject::tr("mean cos(PE_m, PE_m+Δ)"), "mean-cosine"};
    if (head >= 0 && static_cast<std::size_t>(head) < r.biasPerHead.size())
        return {&r.biasPerHead[static_cast<std::size_t>(head)], QObject::tr("bias, head %1").arg(head), "bias"};
    return {};
}

QString decayAxisLabel(const std::string& measure)
{
    if (measure == "roformer-bound")
        return QObject::tr("relative upper bound U(Δ) = (1/(d/2)) Σⱼ |Sⱼ(Δ)|");
    if (measure == "similar-token")
        return QObject::tr("B(Δ) = Σᵢ cos(Δθ'ᵢ)");
    if (measure == "all-ones")
        return QObject::tr("score qᵀR_Δk for q = k = 1");
    if (measure == "random-qk")
        return QObject::tr("score qᵀR_Δk, random q, k = ρq + noise: mean ± 1 std");
    if (measure == "mean-cosine")
        return QObject::tr("mean cos(PE_m, PE_m+Δ)");
    if (measure == "bias")
        return QObject::tr("attention bias (logit units)");
    if (measure == "bucket")
        return QObject::tr("bucket index of the distance (not a bias)");
    return QObject::tr("decay measure");
}

} // namespace

FigureData decayFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                       const FigureProgress& progress)
{
    const std::string& wanted = request.options.choice("curve"); // checked against FigureSpec
    const int samples = static_cast<int>(request.options.integer("samples"));
    FigureData data;
    data.title = QObject::tr("Attention-score decay against relative distance");
    const QString xLabel = QObject::tr("relative distance Δ (positions)");
    const std::int64_t n = request.options.integer("max-distance");
    const ViewSpan span = viewSpan(request); // before the work: a missing window is an error, not a late surprise
    // Δ = 0 is always computed (the normalisation divides by it); a log axis starts at Δ = 1.
    const std::size_t from = request.options.flag("log-x") ? 1 : 0;
    analysis::DecayOptions options;
    options.distances = analysis::integerDistances(n);
    options.memoryBudget = request.memoryBudget;
    QStringList without, zeroAtOrigin, bucketsOnly, withA, withoutA;
    const bool includeA = request.options.flag("attention-factor");
    std::vector<std::string> measures; ///< panel k shows measures[k] (all in one when normalised)
    for (std::size_t k = 0; k < methods.size(); ++k) {
        const BuiltMethod& m = methods[k];
        const RotaryFrequencies* rot = m.encoding->rotary();
        options.samples = wanted == "random-qk" && rot ? samples : 0;
        // One rule for every curve (issue 16): with the option on, the method's attention factor a scales the
        // rotated channels of q and k (every score by a², as in the model); off, every curve is the bare rotation.
        const bool scaledByA = rot && rot->attentionFactor != 1.0;
        analysis::DecayResult r =
            scaledByA && !includeA ? analysis::computeDecay(WithoutAttentionFactor(*m.encoding), options,
                                                            partOf(progress, k, methods.size()))
                                   : analysis::computeDecay(*m.encoding, options, partOf(progress, k, methods.size()));
        if (scaledByA && includeA) { // the bound and B(Δ) are defined on the rotation alone: a² applied here
            const double a2 = rot->attentionFactor * rot->attentionFactor;
            for (auto* v : {&r.roformerBound, &r.similarToken})
                if (*v)
                    for (double& y : **v)
                        y *= a2;
            withA << QObject::tr("%1 (a² = %2)").arg(m.name, num(a2));
        } else if (scaledByA) {
            withoutA << QObject::tr("%1 (a = %2)").arg(m.name, num(rot->attentionFactor));
        }
        DecayPick pick = pickDecay(r, wanted, optionHead(request));
        if (pick.measure == "bias" && !m.encoding->biasNotLogitReason().empty()) {
            // T5 without bucket values: what is drawn is the bucket index, not a bias (its own axis and words).
            pick.measure = "bucket";
            pick.label = QObject::tr("bucket index, head %1").arg(optionHead(request));
            bucketsOnly << m.name;
        }
        if (!pick.y) {
            without << m.name;
            continue;
        }
        double scale = 1.0;
        if (request.options.flag("normalise")) {
            scale = pick.y->front();
            if (!(std::abs(scale) > 0)) {
                zeroAtOrigin << m.name;
                continue;
            }
        }
        const std::string measure = request.options.flag("normalise") ? std::string("normalised") : pick.measure;
        auto at = std::find(measures.begin(), measures.end(), measure);
        if (at == measures.end())
            at = measures.insert(measures.end(), measure);
        if (pick.measure == "bias" && request.options.flag("all-heads") && r.biasPerHead.size() > 1) {
            // One line per head, coloured from dark blue (head 0) to orange (the last): the heads' slopes side by side.
            const std::size_t heads = r.biasPerHead.size();
            for (std::size_t h = 0; h < heads; ++h) {
                // The legend gives each head's slope m_h = bias(Δ) − bias(Δ + 1) (ALiBi: 1/2 ... 1/256 for 8 heads).
                QString label = QObject::tr("head %1").arg(h);
                if (r.biasPerHead[h].size() > 1 && r.distance.size() > 1 && r.distance[1] - r.distance[0] == 1.0)
                    if (const double slope = r.biasPerHead[h][0] - r.biasPerHead[h][1]; slope > 0)
                        label = QObject::tr("head %1: m = %2").arg(h).arg(slopeText(slope));
                Curve c{m.name + QStringLiteral(" — ") + label, m.id, {}, {}, false, false};
                c.panel = static_cast<int>(at - measures.begin());
                const double t = static_cast<double>(h) / static_cast<double>(heads - 1);
                c.color = QColor::fromHsvF(0.62 - 0.55 * t, 0.85, 0.55 + 0.35 * t);
                for (std::size_t i = from; i < r.biasPerHead[h].size(); ++i) {
                    c.x.push_back(r.distance[i]);
                    c.y.push_back(r.biasPerHead[h][i] / scale);
                }
                data.curves.push_back(std::move(c));
            }
            continue;
        }
        Curve c{m.name + QStringLiteral(" — ") + pick.label, m.id, {}, {}, false, false};
        c.panel = static_cast<int>(at - measures.begin());
        for (std::size_t i = from; i < pick.y->size(); ++i) {
            c.x.push_back(r.distance[i]);
            c.y.push_back((*pick.y)[i] / scale);
        }
        if (pick.measure == "random-qk" && r.randomQkStd) {
            for (std::size_t i = from; i < pick.y->size(); ++i) {
                c.bandLow.push_back(((*pick.y)[i] - (*r.randomQkStd)[i]) / scale);
                c.bandHigh.push_back(((*pick.y)[i] + (*r.randomQkStd)[i]) / scale);
            }
        }
        data.curves.push_back(std::move(c));
    }
    if (data.curves.empty())
        noneApplies(FigureKind::Decay,
                    wanted == "auto" ? QObject::tr("a position signal")
                                     : QObject::tr("a method with a %1 curve").arg(QString::fromStdString(wanted)),
                    methods);
    for (const std::string& measure : measures)
        data.panels.push_back(
            {measures.size() > 1 ? decayAxisLabel(measure).section(QLatin1Char('='), 0, 0).trimmed() : QString(),
             xLabel, measure == "normalised" ? QObject::tr("curve / its value at Δ = 0") : decayAxisLabel(measure),
             request.options.flag("log-x"), false, QString()});
    // The title names the quantity drawn: T5's bucket index or a bias is not a "decay" of the attention score.
    const bool allBuckets = std::all_of(measures.begin(), measures.end(), [](const auto& x) { return x == "bucket"; });
    const bool allBias = std::all_of(measures.begin(), measures.end(), [](const auto& x) { return x == "bias"; });
    if (allBuckets)
        data.title = QObject::tr("Relative-position bucket against relative distance");
    else if (allBias)
        data.title = QObject::tr("Attention bias against relative distance");
    data.xLabel = xLabel;
    data.yLabel = data.panels.front().yLabel;
    data.logX = request.options.flag("log-x");
    if (measures.size() > 1)
        addNote(data, QObject::tr("Different measures are drawn on separate axes; tick “normalised” to compare their "
                                  "shapes on one axis"));
    if (request.options.flag("normalise"))
        addNote(data, QObject::tr("Each curve is divided by its own value at Δ = 0, so measures of different kinds "
                                  "share the axis"));
    if (wanted == "random-qk")
        addNote(
            data,
            QObject::tr("%1 seeded draws of q ~ N(0, I), k = 0.9 q + noise; band: ±1 standard deviation").arg(samples));
    if (!bucketsOnly.isEmpty())
        addNote(data, QObject::tr("%1 has no bucket values: the curve is the bucket index of each distance (0, 1, "
                                  "2, …), not a bias in logit units; give the learned bias per bucket to see the bias")
                          .arg(joinNames(bucketsOnly)));
    if (!withA.isEmpty())
        addNote(data, QObject::tr("Attention factor included: the rotated channels of %1 enter every score "
                                  "multiplied by a² (the view option “Attention factor”)")
                          .arg(joinNames(withA)));
    if (!withoutA.isEmpty())
        addNote(data, QObject::tr("Attention factor left out: %1 drawn as the bare rotation (the view option "
                                  "“Attention factor” is off)")
                          .arg(joinNames(withoutA)));
    if (!without.isEmpty())
        addNote(data, QObject::tr("No such curve for %1").arg(joinNames(without)));
    if (!zeroAtOrigin.isEmpty())
        addNote(data, QObject::tr("Not normalised (value 0 at Δ = 0): %1").arg(joinNames(zeroAtOrigin)));
    limitDecayToSpan(data, span, n);
    addSpanNotes(data, request, span, methods.front());
    addXposDecayNote(data, methods);
    return data;
}

} // namespace posenc::widgets::detail
