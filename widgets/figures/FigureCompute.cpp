// SPDX-License-Identifier: GPL-3.0-or-later
// computeFigure(): resolves the methods through the registry and dispatches on the figure kind.
#include "FigureCompute_p.h"

#include "i18n/CoreText.h"
#include "i18n/Translations.h"

#include "figures/FigureDisplay.h"
#include "figures/FigureMemo.h"
#include "figures/FigureSpec.h"

#include "posenc/engine.h"
#include "posenc/errors.h"
#include "posenc/method_key.h"
#include "posenc/registry.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdlib>
#include <array>

namespace posenc::widgets {

namespace {

/// Okabe-Ito first (colour-blind safe), then Tableau colours, then two far from all of them; index = registry
/// order (rope, pi, ntk-aware, dynamic-ntk, ntk-by-parts, part-ntk-legacy, yarn, llama3, ...), so the usual
/// comparison RoPE / PI / NTK-aware / YaRN is black / orange / sky blue / green. One colour per registered method:
/// tst_figures fails when the registry outgrows the list (a wrapped index gave M-RoPE RoPE's black).
constexpr std::array<const char*, 18> kPalette = {
    "#222222", "#E69F00", "#56B4E9", "#D55E00", "#CC79A7", "#8C564B", "#009E73", "#0072B2", "#BCBD22",
    "#17BECF", "#9467BD", "#7F7F7F", "#E377C2", "#4E79A7", "#B07AA1", "#59A14F", "#332288", "#AA0A3C",
};

} // namespace

QString figureKindName(FigureKind kind)
{
    return QString::fromStdString(figureSpec(kind).id);
}

FigureKind parseFigureKind(const std::string& name)
{
    return figureSpec(name).kind;
}

const std::vector<FigureKind>& allFigureKinds()
{
    static const std::vector<FigureKind> kinds = [] {
        std::vector<FigureKind> v;
        for (const auto& spec : figureSpecs())
            v.push_back(spec.kind);
        return v;
    }();
    return kinds;
}

QColor methodColor(const std::string& methodId)
{
    // Keyed by the method id (registry order fixes each id's colour). "id#k", the k-th instance of a method,
    // turns the hue by 50 degrees per instance (greys get lighter), so instances are told apart.
    const auto key = MethodKey::tryParse(methodId);
    const MethodDef* def = key ? Registry::instance().tryFind(key->id) : nullptr;
    if (!def)
        return QColor(QStringLiteral("#999999"));
    const auto index = static_cast<std::size_t>(def - Registry::instance().methods().data());
    QColor color(QString::fromLatin1(kPalette[index % kPalette.size()]));
    const int instance = key->instance;
    if (instance == 1)
        return color;
    if (color.hsvSaturation() < 40)
        return color.lighter(100 + 80 * (instance - 1));
    return QColor::fromHsv((color.hsvHue() + 50 * (instance - 1)) % 360, color.hsvSaturation(), color.value());
}

namespace detail {

std::vector<BuiltMethod> buildMethods(const FigureRequest& request)
{
    if (request.methods.empty())
        throw InvalidInput("method", "select at least one method");
    std::vector<BuiltMethod> out;
    for (const auto& sel : request.methods) {
        BuiltMethod b;
        b.def = &Registry::instance().find(sel.id);
        b.params = sel.params;
        b.encoding = request.memo.memo->encoding(*b.def, b.params); // computeFigure() gave it one
        b.id = b.def->info.id;
        b.name = CoreText::text(b.def->info.displayName); // the user's language (translate() is thread-safe)
        // A second instance of a method (its own parameters): its own colour key and a name that says how it
        // differs from the first instance.
        // The number is the instance's key (MethodKey: as the method list and the parameter panel show it); a
        // method listed again without one takes the next free number.
        MethodKey key{b.id, sel.instance};
        const auto taken = [&](const MethodKey& k) {
            return std::any_of(out.begin(), out.end(), [&](const BuiltMethod& o) { return o.id == k.format(); });
        };
        if (key.instance == 1 && taken(key))
            for (key.instance = 2; taken(key);)
                ++key.instance;
        b.id = key.format();
        const auto first = std::find_if(out.begin(), out.end(), [&](const BuiltMethod& o) { return o.def == b.def; });
        // The engine is named like a difference ("YaRN (llama.cpp)", engineLabel), HF in f64 (the default) not.
        QStringList parts;
        if (const std::string engine = engineLabel(b.params); !engine.empty())
            parts << QString::fromStdString(engine);
        if (key.instance > 1 && first != out.end())
            if (const QString differs = paramDifferences(*first, b, false); !differs.isEmpty())
                parts << differs;
        if (!parts.isEmpty())
            b.name = QObject::tr("%1 (%2)", "a method's name, then what sets this instance apart (engine, parameters)")
                         .arg(b.name, parts.join(QObject::tr(", ")));
        else if (key.instance > 1)
            b.name = QString::fromStdString(key.label(b.name.toStdString()));
        out.push_back(std::move(b));
    }
    return out;
}

QString paramDifferences(const BuiltMethod& reference, const BuiltMethod& m, bool withEngine)
{
    QStringList parts;
    for (const auto& spec : m.def->info.params) {
        if (!reference.def->findParam(spec.name) || !reference.params.values().count(spec.name) ||
            !m.params.values().count(spec.name))
            continue;
        if (!withEngine && (spec.name == "engine" || spec.name == "arithmetic"))
            continue;
        const ParamValue& v = m.params.get(spec.name);
        if (v != reference.params.get(spec.name))
            parts << QStringLiteral("%1=%2").arg(QString::fromStdString(spec.name),
                                                 QString::fromStdString(formatValue(v)));
    }
    return parts.join(QObject::tr(", "));
}

QString joinNames(const QStringList& names)
{
    if (names.size() <= 1)
        return names.join(QString());
    return QObject::tr("%1 and %2").arg(names.mid(0, names.size() - 1).join(QObject::tr(", ")), names.back());
}

QString num(double x)
{
    // in the interface's notation: 1 × 10⁶, not C's 1e+06 (three spellings of one base stood side by side)
    return CoreText::numberText(QString::number(x, 'g', std::abs(x) >= 1e6 ? 3 : 6));
}

namespace {

bool isCjk(QChar c)
{
    const char16_t u = c.unicode();
    return (u >= 0x2E80 && u <= 0x9FFF) || (u >= 0x3000 && u <= 0x303F) || (u >= 0xFF00 && u <= 0xFFEF);
}

} // namespace

void addNote(FigureData& data, const QString& sentence)
{
    // Punctuation per language: a sentence with Chinese text ends with 「。」 and follows the previous one without
    // a space; other sentences end with "." and are separated by a space.
    const bool chinese = std::any_of(sentence.begin(), sentence.end(), isCjk);
    if (!data.note.isEmpty() && !data.note.endsWith(QChar(0x3002)))
        data.note += QLatin1Char(' ');
    data.note += Translations::tidySpaces(sentence); // "%1 的" with a Chinese name: no space before 的
    if (!data.note.endsWith(QLatin1Char('.')) && !data.note.endsWith(QChar(0x3002)))
        data.note += chinese ? QChar(0x3002) : QLatin1Char('.');
}

QStringList xposMethodNames(const std::vector<BuiltMethod>& methods)
{
    QStringList xpos;
    for (const BuiltMethod& m : methods)
        if (const RotaryFrequencies* f = m.encoding->rotary(); f && !f->xposZeta.empty())
            xpos << m.name;
    return xpos;
}

void addXposDecayNote(FigureData& data, const std::vector<BuiltMethod>& methods)
{
    if (const QStringList xpos = xposMethodNames(methods); !xpos.isEmpty())
        addNote(data, QObject::tr("%1: each pair's term is also multiplied by its decay ζᵢ^(Δ/B), B its scale base")
                          .arg(joinNames(xpos)));
}

void noneApplies(FigureKind view, const QString& needs, const std::vector<BuiltMethod>& methods)
{
    QStringList names;
    for (const auto& m : methods)
        names << m.name;
    const QString text = methods.size() == 1 ? QObject::tr("the %1 view needs %2; %3 has none")
                                             : QObject::tr("the %1 view needs %2; %3 have none");
    throw InvalidInput("view", text.arg(viewTitle(view), needs, joinNames(names)).toStdString());
}

FigureRequest resolveOptions(const FigureRequest& request, const std::vector<BuiltMethod>& methods)
{
    checkFigureOptions(request);
    FigureRequest r = request;
    for (const auto& o : figureSpec(request.kind).options)
        if (!r.options.values().count(o.name))
            r.options.set(o.name, o.defaultValue);
    if (r.options.values().count("view") && r.options.choice("view") == "auto") {
        const auto views = methods.front().encoding->views();
        if (!views.empty())
            r.options.set("view", toString(views.front()));
    }
    return r;
}

View optionView(const FigureRequest& request)
{
    const std::string& name = request.options.choice("view");
    return name == "auto" ? View::Cos : parseView(name);
}

int optionHead(const FigureRequest& request)
{
    return request.options.values().count("head") ? static_cast<int>(request.options.integer("head")) : 0;
}

} // namespace detail

FigureData computeFigure(const FigureRequest& request, const FigureProgress& progress)
{
    QElapsedTimer timer;
    timer.start();
    FigureRequest withMemo = request;
    if (!withMemo.memo.memo)
        withMemo.memo.memo = std::make_shared<FigureMemo>();
    const auto methods = detail::buildMethods(withMemo);
    const FigureRequest withOptions = detail::resolveOptions(withMemo, methods);
    if (request.length < 1)
        throw InvalidInput("length", "--length " + std::to_string(request.length) + " must be at least 1");
    FigureData data = figureSpec(request.kind).compute(withOptions, methods, progress);
    data.kind = request.kind;
    // Compared methods whose parameters differ from the primary's (same names) say so on the figure.
    QStringList differing;
    for (std::size_t i = 1; i < methods.size(); ++i)
        if (const QString d = detail::paramDifferences(methods.front(), methods[i]); !d.isEmpty())
            differing << QObject::tr("%1: %2").arg(methods[i].name, d);
    if (!differing.isEmpty())
        detail::addNote(data, QObject::tr("Parameters that differ from %1's: %2")
                                  .arg(methods.front().name, differing.join(QObject::tr("; "))));
    prepareDisplay(data);
    data.computeMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    return data;
}

} // namespace posenc::widgets
