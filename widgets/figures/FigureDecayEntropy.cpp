// SPDX-License-Identifier: GPL-3.0-or-later
// Decay and entropy figures: curves per method from posenc/analysis/{decay,entropy}.h.
#include "FigureCompute_p.h"

#include "posenc/analysis/decay.h"
#include "posenc/analysis/entropy.h"
#include "posenc/errors.h"

#include <algorithm>

namespace posenc::widgets::detail {

namespace {

constexpr std::int64_t kMaxDecayDistances = std::int64_t(1) << 20;

/// Progress of method k of n, mapped into [0, 1] overall.
ProgressFn partOf(const FigureProgress& progress, std::size_t k, std::size_t n)
{
    if (!progress)
        return {};
    return [progress, k, n](double f) { return progress((static_cast<double>(k) + f) / static_cast<double>(n)); };
}

struct DecayPick {
    const std::vector<double>* y = nullptr;
    QString label;
};

/// The curve `wanted` of one method's decay result ("auto": the natural one for its kind).
DecayPick pickDecay(const analysis::DecayResult& r, const std::string& wanted, int head)
{
    auto opt = [](const std::optional<std::vector<double>>& v) { return v ? &*v : nullptr; };
    if (wanted == "roformer-bound")
        return {opt(r.roformerBound), QStringLiteral("U(Δ)")};
    if (wanted == "similar-token")
        return {opt(r.similarToken), QStringLiteral("B(Δ)")};
    if (wanted == "all-ones")
        return {opt(r.allOnesScore), QStringLiteral("q = k = 1")};
    if (wanted == "random-qk")
        return {opt(r.randomQkMean), QStringLiteral("random q, k mean")};
    if (r.roformerBound)
        return {&*r.roformerBound, QStringLiteral("U(Δ)")};
    if (r.similarToken)
        return {&*r.similarToken, QStringLiteral("B(Δ)")};
    if (r.meanCosine)
        return {&*r.meanCosine, QStringLiteral("mean cos(PE_m, PE_m+Δ)")};
    if (head >= 0 && static_cast<std::size_t>(head) < r.biasPerHead.size())
        return {&r.biasPerHead[static_cast<std::size_t>(head)], QStringLiteral("bias, head %1").arg(head)};
    return {};
}

QString decayAxisLabel(const std::string& wanted)
{
    if (wanted == "roformer-bound")
        return QStringLiteral("relative upper bound U(Δ) = (1/(d/2)) Σⱼ |Sⱼ(Δ)|");
    if (wanted == "similar-token")
        return QStringLiteral("B(Δ) = Σᵢ cos(Δθ'ᵢ)");
    if (wanted == "all-ones")
        return QStringLiteral("score qᵀR_Δk for q = k = 1 (a² included)");
    if (wanted == "random-qk")
        return QStringLiteral("score qᵀR_Δk, random q, k = ρq + noise: mean ± std");
    return QStringLiteral("decay measure (see legend)");
}

} // namespace

FigureData decayFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                       const FigureProgress& progress)
{
    const std::string& wanted = request.options.choice("curve"); // checked against FigureSpec
    const int samples = static_cast<int>(request.options.integer("samples"));
    FigureData data;
    data.title = QStringLiteral("Attention-score decay against relative distance");
    data.xLabel = QStringLiteral("relative distance Δ (positions)");
    data.yLabel = decayAxisLabel(wanted);
    const std::int64_t n = std::min(request.length, kMaxDecayDistances);
    if (n < request.length)
        addNote(data, QStringLiteral("Distances 0…%1 shown (of %2 asked)").arg(n - 1).arg(request.length));
    analysis::DecayOptions options;
    options.distances = analysis::integerDistances(n);
    options.memoryBudget = request.memoryBudget;
    QStringList without;
    for (std::size_t k = 0; k < methods.size(); ++k) {
        const BuiltMethod& m = methods[k];
        options.samples = wanted == "random-qk" && m.encoding->rotary() ? samples : 0;
        const analysis::DecayResult r =
            analysis::computeDecay(*m.encoding, options, partOf(progress, k, methods.size()));
        const DecayPick pick = pickDecay(r, wanted, optionHead(request));
        if (!pick.y) {
            without << m.name;
            continue;
        }
        data.curves.push_back({m.name + QStringLiteral(" — ") + pick.label, m.id, r.distance, *pick.y, false, false});
        if (wanted == "random-qk" && r.randomQkStd) {
            std::vector<double> lo(pick.y->size()), hi(pick.y->size());
            for (std::size_t i = 0; i < lo.size(); ++i) {
                lo[i] = (*pick.y)[i] - (*r.randomQkStd)[i];
                hi[i] = (*pick.y)[i] + (*r.randomQkStd)[i];
            }
            data.curves.push_back({m.name + QStringLiteral(" ± std"), m.id, r.distance, std::move(hi), true, false});
            data.curves.push_back({QString(), m.id, r.distance, std::move(lo), true, false});
        }
    }
    if (wanted == "auto") {
        // One kind of curve for every method: label the axis with its formula.
        bool same = true;
        for (const Curve& c : data.curves)
            same = same && c.name.endsWith(QStringLiteral(" — U(Δ)"));
        if (same && !data.curves.empty())
            data.yLabel = decayAxisLabel("roformer-bound");
    }
    if (data.curves.empty())
        noneApplies(QStringLiteral("decay"),
                    wanted == "auto" ? QStringLiteral("a position signal")
                                     : QStringLiteral("a method with a ") + QString::fromStdString(wanted) +
                                           QStringLiteral(" curve"),
                    methods);
    if (wanted == "random-qk")
        addNote(data, QStringLiteral("%1 seeded draws of q ~ N(0, I), k = 0.9 q + noise").arg(samples));
    if (!without.isEmpty())
        addNote(data, QStringLiteral("No such curve for %1").arg(joinNames(without)));
    return data;
}

FigureData entropyFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                         const FigureProgress& progress)
{
    const std::string& temperature = request.options.choice("temperature"); // checked against FigureSpec
    const std::string& score = request.options.choice("score");
    analysis::EntropyOptions options;
    options.temperature = parseEnum(analysis::kTemperatureNames, "temperature", temperature);
    options.score = parseEnum(analysis::kScoreModelNames, "score", score);
    options.sigma2 = request.options.real("sigma2");
    options.maxLength = request.length;
    options.head = optionHead(request);
    if (request.length > 4096) // H(n) is smooth in n: log-spaced lengths draw it exactly where it is sampled
        options.lengths = analysis::logSpacedLengths(request.length, 200);

    FigureData data;
    data.title = QStringLiteral("Attention entropy against context length");
    data.xLabel = QStringLiteral("context length n (tokens)");
    data.yLabel = QStringLiteral("entropy H(n) of the last query (nats)");
    data.logX = request.options.flag("log-x");
    QStringList skipped;
    std::vector<double> uniformX, uniformY;
    for (std::size_t k = 0; k < methods.size(); ++k) {
        const BuiltMethod& m = methods[k];
        const RotaryFrequencies* f = m.encoding->rotary();
        options.originalLength = f && f->originalLength > 0 ? f->originalLength : 4096;
        try {
            analysis::checkEntropyParams(*m.def, m.params);
            const auto r = analysis::computeEntropy(*m.encoding, options, partOf(progress, k, methods.size()));
            data.curves.push_back({m.name, m.id, r.length, r.entropy, false, false});
            if (uniformX.empty()) {
                uniformX = r.length;
                uniformY = r.uniform;
            }
        } catch (const Cancelled&) {
            throw;
        } catch (const InvalidInput& e) {
            skipped << m.name + QStringLiteral(" (") + QString::fromUtf8(e.what()) + QLatin1Char(')');
        }
    }
    if (data.curves.empty())
        throw InvalidInput(
            "view", ("the entropy view applies to none of the selected methods: " + skipped.join(QStringLiteral("; ")))
                        .toStdString());
    data.curves.push_back({QStringLiteral("uniform ln n"), std::string(), uniformX, uniformY, true, false});
    addNote(data, QStringLiteral("Logits z(Δ) = score(Δ)/√head_dim over keys Δ = 0…n−1; score %1; temperature %2")
                      .arg(QString::fromStdString(score), QString::fromStdString(temperature)));
    if (!skipped.isEmpty())
        addNote(data, QStringLiteral("Not shown: %1").arg(skipped.join(QStringLiteral("; "))));
    return data;
}

} // namespace posenc::widgets::detail
