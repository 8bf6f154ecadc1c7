// SPDX-License-Identifier: GPL-3.0-or-later
#include "figures/ResolvedText.h"
#include "figures/FigureCompute_p.h"

#include "posenc/errors.h"
#include "posenc/pair_table.h"
#include "posenc/registry.h"

#include <QCoreApplication>

namespace posenc::widgets {

namespace {
QString full(double x)
{
    return QString::number(x, 'g', 17);
}
} // namespace

ResolvedText resolvedText(const std::string& methodId, const ParamSet& params)
{
    ResolvedText out;
    const MethodDef* def = Registry::instance().tryFind(methodId);
    // Only rotary methods resolve to these values; building anything else (a learned table, a bias) on the
    // GUI thread for every edit would be wasted work and can take seconds for large tables.
    if (!def || def->info.kind != MethodKind::Rotary)
        return out;
    std::shared_ptr<const Encoding> encoding;
    try {
        Registry::validate(*def, params);
        encoding = Registry::build(*def, params);
    } catch (const InvalidInput&) {
        return out; // the panel shows the problem in place
    }
    const RotaryFrequencies* f = encoding ? encoding->rotary() : nullptr;
    if (!f)
        return out;
    const ResolvedValues v = resolvedValues(*f);
    out.line = QCoreApplication::translate("posenc::widgets::ResolvedText",
                                           "Resolved: attention factor %1 (rotated logits × %2), softmax scale "
                                           "multiplier %3, effective base %4")
                   .arg(full(v.attentionFactor), full(v.attentionFactor * v.attentionFactor),
                        full(v.softmaxScaleMultiplier), detail::effectiveBaseText(v.effectiveBase));
    if (v.effectiveContext)
        out.line += QCoreApplication::translate("posenc::widgets::ResolvedText", ", effective context s·L0 = %1")
                        .arg(detail::derivedNumber(*v.effectiveContext));
    if (const ParamSpec* spec = def->findParam("attention-factor"); spec && spec->optional && !params.has(spec->name))
        out.byParam[spec->name] = v.attentionFactor;
    return out;
}

} // namespace posenc::widgets
