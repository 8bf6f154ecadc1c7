// SPDX-License-Identifier: GPL-3.0-or-later
// The Engines view (`posenc render engines`, issue 18): the primary rotary method instance as HF, llama.cpp and
// vLLM build it (posenc/engine_compare.h, the computation `posenc inspect --engines all` reports), each engine
// against HF: left, the relative difference of inv_freq per pair; right, per pair the largest |Δcos|, |Δsin|
// over the compared positions. The attention factors, where the engines differ most, what an engine cannot
// express and the pinned revisions are stated in the note.
#include "FigureCompute_p.h"

#include "i18n/CoreText.h"

#include "posenc/engine_compare.h"
#include "posenc/errors.h"

#include <QObject>

#include <algorithm>
#include <cmath>

namespace posenc::widgets::detail {

namespace {

/// One colour per engine (Okabe-Ito): HF black, llama.cpp vermilion, vLLM blue, SGLang bluish green, MLX-LM
/// reddish purple, ORT GenAI orange.
QColor engineColor(Engine engine)
{
    switch (engine) {
    case Engine::Hf:
        return QColor(QStringLiteral("#222222"));
    case Engine::LlamaCpp:
        return QColor(QStringLiteral("#D55E00"));
    case Engine::Vllm:
        return QColor(QStringLiteral("#0072B2"));
    case Engine::Sglang:
        return QColor(QStringLiteral("#009E73"));
    case Engine::Mlx:
        return QColor(QStringLiteral("#CC79A7"));
    case Engine::OrtGenai: // purple: the Okabe-Ito orange was read as llama.cpp's vermilion
        return QColor(QStringLiteral("#6A3D9A"));
    }
    return {};
}

QString engineName(Engine engine)
{
    return QString::fromStdString(engineInfo(engine).displayName);
}

} // namespace

FigureData enginesFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods)
{
    const BuiltMethod* primary = nullptr;
    for (const auto& m : methods)
        if (m.encoding->rotary() && m.def->findParam("engine")) {
            primary = &m;
            break;
        }
    if (!primary)
        noneApplies(FigureKind::Engines, QObject::tr("a rotary method with an Engine choice"), methods);
    const Arithmetic arithmetic =
        parseArithmetic(primary->params.has("arithmetic") ? primary->params.choice("arithmetic") : "f64");
    const EngineComparison cmp =
        compareEngines(primary->def->info.id, primary->params, arithmetic, static_cast<double>(request.length));
    const QString method = CoreText::text(primary->def->info.displayName);
    // The arithmetic as its option names it (in Chinese «精确 float64（f64）», not the bare id)
    const ParamSpec* arithmeticSpec = primary->def->findParam("arithmetic");
    const QString arith = arithmeticSpec ? CoreText::choice(*arithmeticSpec, toString(arithmetic))
                                         : QString::fromStdString(toString(arithmetic));

    FigureData data;
    data.methodsDrawn = {primary->id};
    data.kind = FigureKind::Engines;
    data.title = QObject::tr("%1 as each engine computes it, against HF (%2 arithmetic)").arg(method, arith);
    data.xLabel = QObject::tr("pair i (0 = highest frequency)");
    // The right panel on a logarithmic axis when its differences span more than a decade (float32 rounding
    // beside a semantic difference); exact agreement (0) is then left out, and said so.
    double lowest = 0, highest = 0;
    for (const auto& b : cmp.engines)
        if (b.againstHf)
            for (const double v : b.againstHf->cosSinMax)
                if (v > 0) {
                    lowest = lowest > 0 ? std::min(lowest, v) : v;
                    highest = std::max(highest, v);
                }
    const bool logCosSin = highest > 10 * lowest && lowest > 0;
    data.panels = {
        {QObject::tr("inv_freq against HF"), data.xLabel, QObject::tr("(θ′ᵢ of the engine − θ′ᵢ of HF) / θ′ᵢ of HF"),
         false, false, QString()},
        {QObject::tr("cos/sin against HF, worst position per pair"), data.xLabel,
         QObject::tr("max over m of |Δcos|, |Δsin| at (m, i)"), false, logCosSin, QString()},
    };
    data.yLabel = data.panels.front().yLabel;

    const RotaryFrequencies* hf = cmp.engines.front().encoding ? cmp.engines.front().encoding->rotary() : nullptr;
    if (!hf)
        throw InvalidInput("engine", CoreText::withNumbers(cmp.engines.front().cannotExpress).toStdString());
    QStringList factors, worst, cannot, notes, revisions;
    for (const auto& b : cmp.engines) {
        const QString name = engineName(b.engine);
        revisions << QObject::tr("%1: %2").arg(name, CoreText::withNumbers(engineInfo(b.engine).pinned));
        if (!b.encoding) {
            // The engine table's reason (translated); another refusal (e.g. of --arithmetic engine) as thrown.
            const std::string why = cannotExpress(b.engine, primary->def->info.id, primary->params);
            cannot << QObject::tr("%1: %2").arg(name, CoreText::withNumbers(why.empty() ? b.cannotExpress : why));
            continue;
        }
        const double a = b.encoding->rotary()->attentionFactor;
        for (const auto& n : engineNotes(*b.encoding))
            notes << QObject::tr("%1: %2").arg(name, CoreText::withNumbers(n));
        const std::size_t P = b.againstHf ? b.againstHf->invFreqRelative.size() : hf->pairs();
        Curve inv, cs;
        inv.name = QObject::tr("%1 (a = %2)").arg(name, sig3(a));
        inv.color = cs.color = engineColor(b.engine);
        for (std::size_t i = 0; i < P; ++i) {
            const double x = static_cast<double>(i);
            const double rel = b.againstHf ? b.againstHf->invFreqRelative[i] : 0.0;
            if (std::isfinite(rel)) {
                inv.x.push_back(x);
                inv.y.push_back(rel);
            }
            const double d = b.againstHf ? b.againstHf->cosSinMax[i] : 0.0;
            if (!logCosSin || d > 0) { // a log axis leaves exact agreement out (said in the note)
                cs.x.push_back(x);
                cs.y.push_back(d);
            }
        }
        if (b.engine == Engine::Hf) {
            inv.name = QObject::tr("HF, the reference (a = %1)").arg(sig3(a));
            inv.dashed = cs.dashed = true;
            factors << QObject::tr("HF %1").arg(num(a)); // six digits; the ratio to HF's says any difference
        } else {
            const EngineDisagreement& d = *b.againstHf;
            factors << QObject::tr("%1 %2 (× %3 of HF's)").arg(name, num(a), exactNumber(d.attentionRatio));
            if (d.invFreqMaxRelative == 0 && d.cosSinMaxDifference == 0 && d.attentionRatio == 1)
                worst << QObject::tr("%1 agrees with HF exactly (inv_freq, attention factor, cos/sin at every "
                                     "compared position)")
                             .arg(name);
            else if (d.invFreqMaxRelative <= 1e-12 && d.cosSinMaxDifference <= 1e-9 &&
                     std::abs(d.attentionRatio - 1) <= 1e-12)
                // a few float64 ulps (the same formula evaluated in another order): drawn, but not a disagreement
                worst << QObject::tr("%1 agrees with HF to float64 rounding (inv_freq relative %2, cos/sin %3): "
                                     "the plotted differences are round-off, the same values in practice")
                             .arg(name, sig3(d.invFreqMaxRelative), sig3(d.cosSinMaxDifference));
            else
                worst << QObject::tr("%1: largest relative inv_freq difference %3 (pair %2), largest absolute cos/sin "
                                     "difference %6 (position %4, pair %5)")
                             .arg(name)
                             .arg(d.invFreqPair)
                             .arg(sig3(d.invFreqMaxRelative))
                             .arg(d.cosSinPosition)
                             .arg(d.cosSinPair)
                             .arg(sig3(d.cosSinMaxDifference));
        }
        cs.panel = 1;
        data.curves.push_back(std::move(inv));
        if (b.engine != Engine::Hf || !logCosSin) // HF against itself is 0: no point on a log axis
            data.curves.push_back(std::move(cs));
    }
    addNote(data, static_cast<std::int64_t>(cmp.positions.size()) >= request.length
                      ? QObject::tr("Every engine builds %1 with the same parameters (%2 arithmetic); cos and sin "
                                    "include its attention factor a. Compared at every position m = 0 … %3")
                            .arg(method, arith)
                            .arg(request.length - 1)
                      : QObject::tr("Every engine builds %1 with the same parameters (%2 arithmetic); cos and sin "
                                    "include its attention factor a. Compared at %3 positions m: 2049 evenly spaced "
                                    "over 0 … %4 and the powers of two")
                            .arg(method, arith)
                            .arg(cmp.positions.size())
                            .arg(request.length - 1));
    addNote(data, QObject::tr("Attention factor a: %1").arg(factors.join(QObject::tr(", "))));
    for (const QString& w : worst)
        addNote(data, w);
    if (logCosSin)
        addNote(data, QObject::tr("Right: pairs where an engine equals HF at every compared position are left out "
                                  "(logarithmic axis)"));
    if (!cannot.isEmpty())
        addNote(data, QObject::tr("Cannot express it: %1").arg(cannot.join(QObject::tr("; "))));
    for (const QString& n : notes)
        addNote(data, n);
    addNote(data, QObject::tr("Revisions: %1").arg(revisions.join(QObject::tr("; "))));
    return data;
}

} // namespace posenc::widgets::detail
