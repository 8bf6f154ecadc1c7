// SPDX-License-Identifier: GPL-3.0-or-later
// The pair table (issue 16, "numbers you can copy"): one row per channel pair of every compared rotary method,
// with the quantities of posenc/pair_table.h under their one name, and the values each method resolves its
// parameters to. Cells show 6 significant digits and copy at 17 (FigureData::tableExact, CopyableTable).
#include "FigureCompute_p.h"

#include "posenc/pair_table.h"

#include <QObject>

#include <cmath>

namespace posenc::widgets::detail {

namespace {

QString shown(double x)
{
    return std::isfinite(x) ? QString::number(x, 'g', 6) : QStringLiteral("∞");
}

QString bandName(PairBand band)
{
    switch (band) {
    case PairBand::Keep:
        return QObject::tr("keep");
    case PairBand::Ramp:
        return QObject::tr("ramp");
    case PairBand::Interpolate:
        return QObject::tr("interpolate");
    }
    return {};
}

} // namespace

QString resolvedSummary(const QString& name, const RotaryFrequencies& f)
{
    const ResolvedValues v = resolvedValues(f);
    QString text = QObject::tr("%1: attention factor a = %2 (rotated logits × a² = %3), softmax scale multiplier %4, "
                               "effective base %5")
                       .arg(name, exactNumber(v.attentionFactor), exactNumber(v.attentionFactor * v.attentionFactor),
                            exactNumber(v.softmaxScaleMultiplier), effectiveBaseText(v.effectiveBase));
    if (v.effectiveContext)
        text += QObject::tr(", effective context s·L0 = %1").arg(derivedNumber(*v.effectiveContext));
    return text;
}

FigureData pairsFigure(const FigureRequest&, const std::vector<BuiltMethod>& methods)
{
    FigureData data;
    data.title = QObject::tr("Per-pair values");
    // Column names: the display header; what CSV / Python copies use is the machine name (kExactRole).
    data.tableHeader = {QObject::tr("method"),
                        QObject::tr("pair i"),
                        QObject::tr("channels"),
                        QStringLiteral("θᵢ"),
                        QStringLiteral("θ′ᵢ"),
                        QStringLiteral("λᵢ"),
                        QStringLiteral("λ′ᵢ"),
                        QStringLiteral("r = L0/λ"),
                        QObject::tr("gamma_paper γ (1 = keep)"),
                        QObject::tr("hf_ramp (0 = keep)"),
                        QObject::tr("interpolation"),
                        QObject::tr("band")};
    data.tableHeaderExact = {"method",
                             "pair",
                             "channels",
                             "theta",
                             "theta_prime",
                             "lambda",
                             "lambda_prime",
                             "r",
                             QString::fromLatin1(quantity::kGammaPaper),
                             QString::fromLatin1(quantity::kHfRamp),
                             QString::fromLatin1(quantity::kInterpolation),
                             "band"};
    QStringList skipped;
    for (const BuiltMethod& m : methods) {
        const RotaryFrequencies* f = m.encoding->rotary();
        if (!f) {
            skipped << m.name;
            continue;
        }
        for (const PairRow& p : pairRows(*f)) {
            auto opt = [](const std::optional<double>& v) { return v ? shown(*v) : QStringLiteral("—"); };
            auto optExact = [](const std::optional<double>& v) { return v ? exactNumber(*v) : QString(); };
            const QString channels = QStringLiteral("%1, %2").arg(p.channelA).arg(p.channelB);
            data.tableRows.push_back({m.name, QString::number(p.pair), channels, shown(p.theta), shown(p.thetaPrime),
                                      shown(p.lambda), shown(p.lambdaPrime), opt(p.r), opt(p.gammaPaper),
                                      opt(p.hfRamp), opt(p.interpolation), bandName(p.band)});
            data.tableExact.push_back({m.name, QString::number(p.pair), channels, exactNumber(p.theta),
                                       exactNumber(p.thetaPrime), exactNumber(p.lambda), exactNumber(p.lambdaPrime),
                                       optExact(p.r), optExact(p.gammaPaper), optExact(p.hfRamp),
                                       optExact(p.interpolation), QString::fromStdString(toString(p.band))});
        }
        addNote(data, resolvedSummary(m.name, *f));
    }
    if (data.tableRows.empty())
        noneApplies(FigureKind::Pairs, QObject::tr("a rotary method"), methods);
    addNote(data, QObject::tr("gamma_paper = the method's ramp γ in the YaRN paper's convention (1 keeps θ, 0 "
                              "interpolates; YaRN's default code ramp is linear in the pair index, not the paper's "
                              "γ(r)); hf_ramp = Hugging Face's linear_ramp_factor = 1 − γ (0 keeps θ); "
                              "interpolation = log(θ/θ′)/log s, the fraction of log s applied; band: keep "
                              "(interpolation 0), interpolate (1, or above 1 where a factor exceeds s, as LongRoPE's "
                              "can), ramp (between). Select cells and Ctrl+C, or "
                              "right-click: Copy as CSV / as Python list (17 significant digits)"));
    if (!skipped.isEmpty())
        addNote(data, QObject::tr("Not rotary (no pairs): %1").arg(joinNames(skipped)));
    return data;
}

} // namespace posenc::widgets::detail
