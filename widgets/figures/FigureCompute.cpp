// SPDX-License-Identifier: GPL-3.0-or-later
// computeFigure(): resolves the methods through the registry and dispatches on the figure kind.
#include "FigureCompute_p.h"

#include "figures/FigureDisplay.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QElapsedTimer>

#include <algorithm>
#include <array>
#include <list>
#include <mutex>

namespace posenc::widgets {

namespace {

constexpr std::pair<FigureKind, const char*> kKindNames[] = {
    {FigureKind::Heatmap, "heatmap"},   {FigureKind::Frequencies, "frequencies"},
    {FigureKind::Ramp, "ramp"},         {FigureKind::Decay, "decay"},
    {FigureKind::Entropy, "entropy"},   {FigureKind::Similarity, "similarity"},
    {FigureKind::Spectrum, "spectrum"}, {FigureKind::Pca, "pca"},
    {FigureKind::Bounds, "bounds"},
};

/// Okabe-Ito first (colour-blind safe), then Tableau colours; index = registry order (rope, pi, ntk-aware,
/// dynamic-ntk, ntk-by-parts, part-ntk-legacy, yarn, llama3, ...), so the usual comparison RoPE / PI / NTK-aware /
/// YaRN is black / orange / sky blue / green.
constexpr std::array<const char*, 16> kPalette = {
    "#222222", "#E69F00", "#56B4E9", "#D55E00", "#CC79A7", "#8C564B", "#009E73", "#0072B2",
    "#BCBD22", "#17BECF", "#9467BD", "#7F7F7F", "#E377C2", "#4E79A7", "#B07AA1", "#59A14F",
};

/// A few recently built encodings, so that zooming a learned table or re-rendering does not rebuild it.
class EncodingCache {
public:
    std::shared_ptr<const Encoding> get(const MethodDef& def, const ParamSet& params)
    {
        {
            std::lock_guard lock(m_mutex);
            for (auto it = m_entries.begin(); it != m_entries.end(); ++it)
                if (it->def == &def && it->params == params) {
                    m_entries.splice(m_entries.begin(), m_entries, it);
                    return it->encoding;
                }
        }
        auto encoding = Registry::build(def, params); // outside the lock: builds may be slow
        std::lock_guard lock(m_mutex);
        m_entries.push_front({&def, params, encoding});
        if (m_entries.size() > kCapacity)
            m_entries.pop_back();
        return encoding;
    }

private:
    static constexpr std::size_t kCapacity = 8;
    struct Entry {
        const MethodDef* def;
        ParamSet params;
        std::shared_ptr<const Encoding> encoding;
    };
    std::mutex m_mutex;
    std::list<Entry> m_entries;
};

} // namespace

QString figureKindName(FigureKind kind)
{
    for (const auto& [k, name] : kKindNames)
        if (k == kind)
            return QString::fromLatin1(name);
    return QStringLiteral("?");
}

FigureKind parseFigureKind(const std::string& name)
{
    std::string all;
    for (const auto& [k, n] : kKindNames) {
        if (name == n)
            return k;
        all += (all.empty() ? "" : ", ") + std::string(n);
    }
    throw InvalidInput("view", "unknown view '" + name + "'; expected one of " + all);
}

const std::vector<FigureKind>& allFigureKinds()
{
    static const std::vector<FigureKind> kinds = [] {
        std::vector<FigureKind> v;
        for (const auto& [k, n] : kKindNames)
            v.push_back(k);
        return v;
    }();
    return kinds;
}

QColor methodColor(const std::string& methodId)
{
    const auto& methods = Registry::instance().methods();
    const MethodDef* def = Registry::instance().tryFind(methodId);
    if (!def)
        return QColor(QStringLiteral("#999999"));
    const auto index = static_cast<std::size_t>(def - methods.data());
    return QColor(QString::fromLatin1(kPalette[index % kPalette.size()]));
}

namespace detail {

std::vector<BuiltMethod> buildMethods(const FigureRequest& request)
{
    if (request.methods.empty())
        throw InvalidInput("method", "select at least one method");
    static EncodingCache cache;
    std::vector<BuiltMethod> out;
    for (const auto& sel : request.methods) {
        BuiltMethod b;
        b.def = &Registry::instance().find(sel.id);
        b.params = sel.params;
        b.encoding = cache.get(*b.def, b.params);
        b.id = b.def->info.id;
        b.name = QString::fromStdString(b.def->info.displayName);
        out.push_back(std::move(b));
    }
    return out;
}

QString joinNames(const QStringList& names)
{
    if (names.size() <= 1)
        return names.join(QString());
    return names.mid(0, names.size() - 1).join(QStringLiteral(", ")) + QStringLiteral(" and ") + names.back();
}

QString num(double x)
{
    return QString::number(x, 'g', std::abs(x) >= 1e6 ? 3 : 6);
}

void addNote(FigureData& data, const QString& sentence)
{
    if (!data.note.isEmpty())
        data.note += QLatin1Char(' ');
    data.note += sentence;
    if (!data.note.endsWith(QLatin1Char('.')))
        data.note += QLatin1Char('.');
}

void noneApplies(const QString& view, const QString& needs, const std::vector<BuiltMethod>& methods)
{
    QStringList names;
    for (const auto& m : methods)
        names << m.name;
    throw InvalidInput("view", QStringLiteral("the %1 view needs %2; %3 %4 none")
                                   .arg(view, needs, joinNames(names),
                                        methods.size() == 1 ? QStringLiteral("has") : QStringLiteral("have"))
                                   .toStdString());
}

} // namespace detail

FigureData computeFigure(const FigureRequest& request, const FigureProgress& progress)
{
    QElapsedTimer timer;
    timer.start();
    const auto methods = detail::buildMethods(request);
    if (request.length < 1)
        throw InvalidInput("length", "--length " + std::to_string(request.length) + " must be at least 1");
    FigureData data;
    switch (request.kind) {
    case FigureKind::Heatmap:
        data = detail::heatmapFigure(request, methods, progress);
        break;
    case FigureKind::Frequencies:
        data = detail::frequenciesFigure(request, methods);
        break;
    case FigureKind::Ramp:
        data = detail::rampFigure(request, methods);
        break;
    case FigureKind::Decay:
        data = detail::decayFigure(request, methods, progress);
        break;
    case FigureKind::Entropy:
        data = detail::entropyFigure(request, methods, progress);
        break;
    case FigureKind::Similarity:
        data = detail::similarityFigure(request, methods, progress);
        break;
    case FigureKind::Spectrum:
        data = detail::spectrumFigure(request, methods, progress);
        break;
    case FigureKind::Pca:
        data = detail::pcaFigure(request, methods, progress);
        break;
    case FigureKind::Bounds:
        data = detail::boundsFigure(request, methods, progress);
        break;
    }
    data.kind = request.kind;
    prepareDisplay(data);
    data.computeMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
    return data;
}

} // namespace posenc::widgets
