// SPDX-License-Identifier: GPL-3.0-or-later
// Entropy figure: H(n) per method from posenc/analysis/entropy.h, drawn as it is or (the default) as its difference
// from RoPE's at the same n, where the methods' differences of a few hundredths of a nat are visible.
#include "FigureCompute_p.h"
#include "i18n/CoreText.h"
#include "i18n/ErrorText.h"

#include "posenc/analysis/analysis_spec.h"
#include "posenc/analysis/entropy.h"
#include "posenc/errors.h"
#include "posenc/io/hf_config.h"
#include "posenc/registry.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace posenc::widgets::detail {

namespace {

const MethodDef& baseDef()
{
    return Registry::instance().find(std::string(Registry::defaultMethod()));
}

/// The base method (the registry's default, RoPE) with the primary's shared parameters (base, head_dim, ...),
/// unscaled. When it does not take them: its own defaults if `orDefaults`, else null.
std::shared_ptr<const Encoding> baseMethod(const BuiltMethod& primary, bool orDefaults)
{
    const MethodDef& def = baseDef();
    ParamSet params = Registry::defaults(def);
    for (const ParamSpec& spec : def.info.params)
        if (primary.params.has(spec.name))
            params.set(spec.name, primary.params.get(spec.name));
    try {
        Registry::validate(def, params);
        return Registry::build(def, params);
    } catch (const InvalidInput&) {
        if (!orDefaults)
            return {};
    }
    return Registry::build(def, Registry::defaults(def));
}

/// The base method (the registry's default, with the primary's shared parameters, unscaled) at n = L0: the
/// entropy the model was trained with, as a horizontal reference line. Only for scaled rotary primaries with an L0.
void addBaseReference(FigureData& data, const BuiltMethod& primary, analysis::EntropyOptions options)
{
    const RotaryFrequencies* f = primary.encoding->rotary();
    if (!f || !f->scaled || !(f->originalLength > 0) || f->originalLength > 1 << 22)
        return;
    const auto base = baseMethod(primary, false);
    if (!base)
        return; // the base method does not take the primary's parameters: no reference line
    try {
        options.maxLength = static_cast<std::int64_t>(f->originalLength);
        options.lengths = {options.maxLength};
        options.originalLength = f->originalLength;
        const auto r = analysis::computeEntropy(*base, options);
        const QString name = CoreText::text(baseDef().info.displayName);
        data.horizontalMarkers.push_back(
            {r.entropy.back(), QObject::tr("%1 at its training length L0 = %2: H = %3")
                                   .arg(name, num(f->originalLength), QString::number(r.entropy.back(), 'g', 3))});
    } catch (const InvalidInput&) {
        // No entropy of the base method at L0 with these options: no reference line.
    }
}

/// Why a method has no entropy curve, in the user's language (the decision is core's analysis::entropyGap).
QString entropyGapText(analysis::EntropyGap gap)
{
    switch (gap) {
    case analysis::EntropyGap::None:
        break;
    case analysis::EntropyGap::BiasNotLogits:
        return QObject::tr("no bucket values: its bias is the bucket index, not logits; give the learned bias per "
                           "bucket to see its entropy");
    case analysis::EntropyGap::NoScoreModel:
        return QObject::tr("a learned position table: its dot products depend on both positions, not only on "
                           "their distance, so no score model applies; the Decay view shows its mean cosine");
    }
    return {};
}

/// The curves as H(n) − H(RoPE, n): RoPE (baseMethod) under the same score model, temperature and attention, at the
/// same lengths n. The uniform curve too (ln k(n) − H(RoPE, n)); RoPE itself is the line 0.
void subtractBase(FigureData& data, const BuiltMethod& primary, analysis::EntropyOptions options,
                  const ProgressFn& progress)
{
    const auto base = baseMethod(primary, true);
    const RotaryFrequencies* f = base->rotary();
    const RotaryFrequencies* pf = primary.encoding->rotary();
    options.originalLength = pf && pf->originalLength > 0 ? pf->originalLength : 4096;
    const auto r = analysis::computeEntropy(*base, options, progress);
    for (Curve& c : data.curves)
        for (std::size_t i = 0; i < c.x.size(); ++i) {
            const auto at = std::lower_bound(r.length.begin(), r.length.end(), c.x[i]);
            if (at == r.length.end() || *at != c.x[i])
                throw InvalidInput("show", "the entropy of " + c.name.toStdString() +
                                               " at n = " + std::to_string(c.x[i]) + " has no RoPE value to subtract");
            c.y[i] -= r.entropy[static_cast<std::size_t>(at - r.length.begin())];
        }
    const QString name = CoreText::text(baseDef().info.displayName);
    const QString which = QObject::tr("%1 with base b = %2, head_dim %3, unscaled")
                              .arg(name, num(f->base), num(static_cast<double>(f->headDim)));
    // A short label: a long one at the line's left end was crossed by the curves leaving 0 (the note says which RoPE).
    data.horizontalMarkers.push_back(
        {0.0, QObject::tr("%1 = 0", "entropy minus RoPE's: the reference line").arg(name)});
    data.title = QObject::tr("Attention entropy against context length, minus RoPE's");
    // The title says "minus RoPE's" and the note which RoPE: a short axis label, so the panel keeps its height in
    // presentation mode at 1366 x 768 (a vertical label sets the panel's minimum height).
    data.yLabel = QObject::tr("H(n) − H(RoPE, n) (nats)");
    data.csvY = QStringLiteral("entropy_minus_rope");
    addNote(data, QObject::tr("Each curve is H(n) − H(RoPE, n), its entropy minus that of %1 at the same n, same score "
                              "model and temperature (Show: entropy draws H itself): above 0 attention is more "
                              "spread out than RoPE's, below 0 sharper")
                      .arg(which));
}

} // namespace

FigureData entropyFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                         const FigureProgress& progress)
{
    const std::string& temperature = request.options.choice("temperature"); // checked against FigureSpec
    const std::string& score = request.options.choice("score");
    const bool minusBase = request.options.choice("show") == "entropy-minus-rope"; // checked against FigureSpec
    analysis::EntropyOptions options;
    options.temperature = parseEnum(analysis::kTemperatureNames, "temperature", temperature);
    options.score = parseEnum(analysis::kScoreModelNames, "score", score);
    options.sigma2 = request.options.real("sigma2");
    // beta and its L0: the view's when set, else what the loaded config fixes (llama_4_scaling_beta), else the
    // core's defaults (analysis_spec.h withConfigValues: one rule for the CLI, Python and this view)
    const ParamSet fixed = analysis::withConfigValues(analysis::analysisSpec("entropy"), request.options,
                                                      request.config && !request.config->encodings.empty()
                                                          ? request.config->encodings.front().analysisDefaults()
                                                          : ParamSet{});
    if (fixed.has("beta"))
        options.beta = fixed.real("beta");
    if (fixed.has("beta-length"))
        options.betaLength = fixed.real("beta-length");
    options.maxLength = request.length;
    options.head = optionHead(request);
    const ViewSpan span = viewSpan(request);
    options.span = span.span;
    FigureData data;
    if (request.length > 4096) // H(n) is smooth in n: log-spaced lengths draw it exactly where it is sampled
        options.lengths = analysis::logSpacedLengths(request.length, 200);
    addSpanLengths(options.lengths, span.span, request.length, data); // and where k(n) turns
    data.title = QObject::tr("Attention entropy against context length");
    data.xLabel = QObject::tr("context length n (tokens)");
    data.yLabel = QObject::tr("entropy H(n) of the last query (nats)");
    data.logX = request.options.flag("log-x");
    QStringList skipped;
    std::vector<double> uniformX, uniformY;
    const std::size_t parts = methods.size() + (minusBase ? 1 : 0); // RoPE's entropy last
    for (std::size_t k = 0; k < methods.size(); ++k) {
        const BuiltMethod& m = methods[k];
        const RotaryFrequencies* f = m.encoding->rotary();
        options.originalLength = f && f->originalLength > 0 ? f->originalLength : 4096;
        if (const QString gap = entropyGapText(analysis::entropyGap(*m.encoding)); !gap.isEmpty()) {
            skipped << QObject::tr("%1 (%2)").arg(m.name, gap);
            continue;
        }
        try {
            const auto r = analysis::computeEntropy(*m.encoding, options, partOf(progress, k, parts));
            data.curves.push_back({m.name, m.id, r.length, r.entropy, false, false});
            if (uniformX.empty()) {
                uniformX = r.length;
                uniformY = r.uniform;
            }
        } catch (const Cancelled&) {
            throw;
        } catch (const InvalidInput& e) {
            skipped << QObject::tr("%1 (%2)").arg(m.name, ErrorText::of(e));
        }
    }
    if (data.curves.empty())
        throw InvalidInput("view", QObject::tr("the entropy view applies to none of the selected methods: %1")
                                       .arg(skipped.join(QObject::tr("; ")))
                                       .toStdString());
    const QString uniform =
        span.span.full() ? QObject::tr("uniform ln n") : QObject::tr("uniform over the keys seen, ln k(n)");
    data.curves.push_back({minusBase ? QObject::tr("%1 − H(RoPE, n)").arg(uniform) : uniform, std::string(), uniformX,
                           uniformY, true, false});
    data.csvX = QStringLiteral("length");
    data.csvY = QStringLiteral("entropy");
    if (minusBase)
        subtractBase(data, methods.front(), options, partOf(progress, methods.size(), parts));
    else
        addBaseReference(data, methods.front(), options);
    // The score model is the rotary methods' only (entropy.cpp scoreModel), and RoPE's when its entropy is subtracted.
    const bool anyRotary =
        std::any_of(methods.begin(), methods.end(), [](const BuiltMethod& m) { return m.encoding->rotary(); });
    const bool scoreUsed = anyRotary || minusBase;
    if (scoreUsed && options.score == analysis::ScoreModel::ExpectedSimilar && options.sigma2 == 1.0)
        addNote(data, QObject::tr("At σ² = 1 the expected-similar score equals the all-ones score (E[qᵀR_Δq] = "
                                  "σ²·Σ over channels); change σ² to see a difference"));
    // The rule of the decay view: say on the figure whether each method's attention factor is in the logits.
    QStringList withA, withoutA;
    for (const BuiltMethod& m : methods)
        if (const RotaryFrequencies* f = m.encoding->rotary();
            f && (f->attentionFactor != 1.0 || f->softmaxScaleMultiplier != 1.0)) {
            const double gain = f->attentionFactor * f->attentionFactor * f->softmaxScaleMultiplier;
            (analysis::keepsMethodFactor(options.temperature) ? withA : withoutA)
                << QObject::tr("%1 (×%2)").arg(m.name, num(gain));
        }
    if (!withA.isEmpty() && options.temperature == analysis::Temperature::Llama4ScalingBeta)
        addNote(data, QObject::tr("Attention factor included (temperature “llama4-scaling-beta”): the logits of %1 "
                                  "are multiplied by a² on the rotated channels and by the softmax scale multiplier, "
                                  "and every query past "
                                  "L0 = %2 by "
                                  "1 + β ln(1 + ⌊(n − 1)/L0⌋) with β = %3 (keys unscaled)")
                          .arg(joinNames(withA), num(options.betaLength), num(options.beta)));
    else if (!withA.isEmpty())
        addNote(data,
                QObject::tr("Attention factor included (temperature “method”): the logits of %1 are multiplied "
                            "by a² on the rotated channels and by the softmax scale multiplier; a product above 1 "
                            "sharpens the logits and lowers the entropy, one below 1 flattens them")
                    .arg(joinNames(withA)));
    // The score model on the figure itself, above the curves (a footnote was missed): the gap between the curves
    // depends on it. With all-ones scores the logit at Δ = 0 is √head_dim, so an attention factor a² moves H by
    // nats, far more than with the scores of a trained model: then the caveat goes on the figure too.
    const bool allOnes = options.score == analysis::ScoreModel::AllOnes;
    QString scoreLine = !scoreUsed ? QString()
                        : allOnes  ? QObject::tr("Score model all-ones (q = k = 1)")
                                   : QObject::tr("Score model expected-similar, σ² = %1").arg(num(options.sigma2));
    if (allOnes && !withA.isEmpty()) // withA: a² or c_sm differs from 1 (DeepSeek's YaRN: a = 1, c_sm = mscale²)
        scoreLine += QLatin1Char('\n') + QObject::tr("the sharpest case: here a² and c_sm move H far more than they "
                                                     "would in a trained model (Score: expected-similar is milder)");
    data.panels = {{scoreLine, data.xLabel, data.yLabel, data.logX, false, QString()}};
    if (!withoutA.isEmpty())
        addNote(data, QObject::tr("Attention factor left out (temperature “%1”): %2 drawn without it")
                          .arg(CoreText::choice(temperature), joinNames(withoutA)));
    const RotaryFrequencies* pf = methods.front().encoding->rotary();
    if (allOnes && pf)
        addNote(data,
                QObject::tr("Score model all-ones (q = k = 1): the logit at Δ = 0, before a², the temperature and the "
                            "softmax scale multiplier, is √head_dim = %1, the largest any q, k of this norm reach; the "
                            "gap between the curves depends "
                            "on the score model (try expected-similar with a smaller σ²)")
                    .arg(num(std::sqrt(static_cast<double>(pf->headDim)))));
    else if (pf)
        addNote(data,
                QObject::tr("Score model expected-similar (the default): score(Δ) = σ²·(a²·2·Σᵢ cos(Δθ′ᵢ) + "
                            "head_dim − d_rot), the expected qᵀR_Δk of a key k = q + noise for a query with "
                            "components of variance σ² = %1 (head_dim − d_rot: 1 per pass-through channel); before "
                            "the temperature and the softmax scale multiplier the logit is score(Δ)/√head_dim: at Δ = "
                            "0, before a², σ²·√head_dim = %2; all-ones (q = k = 1) is the sharpest case")
                    .arg(num(options.sigma2), num(options.sigma2 * std::sqrt(static_cast<double>(pf->headDim)))));
    // Every method's logits are divided by the temperature t (entropy.cpp logitMultiplier); the score model, √head_dim
    // and the softmax scale multiplier are the rotary methods' (scoreModel).
    const QString keys =
        span.span.full()
            ? QObject::tr("Keys Δ = 0…n−1")
            : QObject::tr("Keys: the k(n) keys the last query sees, Δ = 0…k(n)−1 (%1: k(n) = %2)")
                  .arg(spanText(span.span), span.span.kind == AttentionKind::Sliding
                                                ? QStringLiteral("min(n, %1)").arg(span.span.size)
                                                : QStringLiteral("(n − 1) mod %1 + 1").arg(span.span.size));
    // t is the length rule's; under method and none it is 1 (a method's own factor enters as a² and c_sm)
    const QString t = temperature == "method" && anyRotary
                          ? QObject::tr("temperature t = 1 (“%1”: the method's own factors enter as a² and c_sm, not "
                                        "through t)")
                                .arg(CoreText::choice(temperature))
                      : temperature == "method" || temperature == "none"
                          ? QObject::tr("temperature t = 1 (“%1”)").arg(CoreText::choice(temperature))
                          : QObject::tr("temperature t = 1/c(n), c(n) the factor “%1” puts on the logits at context "
                                        "length n (the last query at position n − 1)")
                                .arg(CoreText::choice(temperature));
    addNote(data, QObject::tr("%1; %2").arg(keys, t));
    if (scoreUsed) // RoPE's, when subtracted, too
        addNote(data, QObject::tr("Rotary methods: logits z(Δ) = c_sm·score(Δ)/(t·√head_dim), c_sm the softmax scale "
                                  "multiplier (counted when the attention factor is); score %1")
                          .arg(CoreText::choice(score)));
    // The score model and √head_dim are the rotary methods' (core/src/analysis/entropy.cpp scoreModel): a bias
    // method's logit is its bias, a sinusoidal one's the dot product of its vectors, NoPE's 0.
    QStringList bias, additive, none;
    for (const BuiltMethod& m : methods)
        if (!m.encoding->rotary())
            (m.encoding->biasHeads() > 0                  ? bias
             : m.encoding->kind() == MethodKind::Additive ? additive
                                                          : none)
                << m.name;
    if (!bias.isEmpty())
        addNote(data,
                QObject::tr("%1: logits z(Δ) = bias(Δ)/t, no content score (Score and σ² do not change these logits)")
                    .arg(joinNames(bias)));
    if (!additive.isEmpty())
        addNote(data, QObject::tr("%1: logits z(Δ) = Σᵢ cos(Δωᵢ)/(t·√d_model), the dot product of the position vectors "
                                  "(Score and σ² do not change these logits)")
                          .arg(joinNames(additive)));
    if (!none.isEmpty())
        addNote(data, QObject::tr("%1: logits z(Δ) = 0, no position signal: uniform attention, H = ln of the number of "
                                  "keys")
                          .arg(joinNames(none)));
    addSpanNotes(data, request, span, methods.front());
    if (!skipped.isEmpty())
        addNote(data, QObject::tr("Not shown: %1").arg(skipped.join(QObject::tr("; "))));
    addXposDecayNote(data, methods);
    return data;
}

} // namespace posenc::widgets::detail
