// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc render`: view options merged into flags, the figure request, slide options and the memory check
// (render_parts.h). Everything view-specific comes from the figure table (FigureSpec).
#include "render_parts.h"

#include "config_source.h"
#include "spec_options.h"

#include "export/Exporter.h"
#include "posenc/errors.h"

#include <algorithm>
#include <cmath>

namespace posenc::cli {

namespace {

/// The view options of `spec` given as flags; an option flag of another view is an error naming the view's
/// options.
ParamSet viewOptions(const Args& args, const widgets::FigureSpec& spec)
{
    for (const auto& o : allViewOptions())
        if (args.has(o.name) && !widgets::figureOption(spec.kind, o.name)) {
            std::string valid;
            for (const auto& own : spec.options)
                valid += (valid.empty() ? "--" : ", --") + own.name;
            throw InvalidInput(o.name, "--" + o.name + " is not an option of the " + spec.id + " view (its options: " +
                                           (valid.empty() ? std::string("none") : valid) + ")");
        }
    return parseSpecOptions(args, spec.options);
}

/// Colour map ids for --colormap: the first word of each map's name, lower case ("diverging", "grey", ...).
std::string colorMapId(widgets::ColorMapKind kind)
{
    return widgets::colorMapName(kind).section(QLatin1Char(' '), 0, 0).toLower().toStdString();
}

} // namespace

std::vector<ParamSpec> allViewOptions()
{
    std::vector<ParamSpec> out;
    std::vector<std::string> views;
    for (const auto& spec : widgets::figureSpecs())
        for (const auto& o : spec.options) {
            auto it = std::find_if(out.begin(), out.end(), [&](const ParamSpec& p) { return p.name == o.name; });
            if (it == out.end()) {
                out.push_back(o);
                views.push_back(spec.id);
                continue;
            }
            views[static_cast<std::size_t>(it - out.begin())] += ", " + spec.id;
            // The command-level check accepts what any view accepts; each view checks its own (viewOptions).
            it->min = std::min(it->min, o.min);
            it->max = std::max(it->max, o.max);
            for (const auto& c : o.choices)
                if (std::find(it->choices.begin(), it->choices.end(), c) == it->choices.end())
                    it->choices.push_back(c);
        }
    for (std::size_t i = 0; i < out.size(); ++i)
        out[i].help = views[i] + ": " + out[i].help;
    return out;
}

widgets::FigureRequest buildRequest(const Args& args, const widgets::FigureSpec& spec,
                                    const std::vector<MethodChoice>& methods)
{
    widgets::FigureRequest r;
    r.kind = spec.kind;
    for (const auto& m : methods)
        r.methods.push_back({m.def->info.id, m.params});
    const auto& primary = *methods.front().encoding;
    // A loaded table shows all its positions by default.
    const long long defaultLength = primary.maxPositions() > 0 ? primary.maxPositions() : spec.defaultLength;
    r.length = args.has("length") ? intOption(args, "length") : defaultLength;
    r.options = viewOptions(args, spec);
    // The config given (--config, --preset) is the loaded config, as in the explorer: the Layers view draws its
    // layers over its context (as opening it shows), as Positions its dual chunk distances; Decay and Entropy take
    // an unset --window from its layers.
    if (auto config = configFromArgs(args, false)) {
        const auto max = config->encodings.front().maxPositionEmbeddings;
        const bool overContext = spec.kind == widgets::FigureKind::Layers ||
                                 (spec.kind == widgets::FigureKind::Positions && config->dualChunk);
        if (overContext && !args.has("length")) {
            if (config->preset && config->preset->length)
                r.length = *config->preset->length;
            else if (max)
                r.length = *max;
        }
        r.config = std::make_shared<const io::HfConfig>(std::move(*config));
    }
    if (spec.positionAxis) {
        r.windowFirst = intOption(args, "start");
        checkRange("start", static_cast<double>(r.windowFirst), 0, static_cast<double>(r.length - 1));
        r.windowLast = args.has("end") ? intOption(args, "end") : r.length;
        checkRange("end", static_cast<double>(r.windowLast), static_cast<double>(r.windowFirst + 1),
                   static_cast<double>(r.length));
    } else {
        for (const char* flag : {"start", "end", "pixels"})
            if (args.has(flag))
                throw InvalidInput(flag, "--" + std::string(flag) + " applies to the heatmap view only");
    }
    return r;
}

std::vector<std::string> colorMapIds()
{
    std::vector<std::string> ids;
    for (const auto kind : widgets::allColorMaps())
        ids.push_back(colorMapId(kind));
    return ids;
}

std::vector<std::string> themeIds()
{
    std::vector<std::string> ids;
    for (const auto& t : widgets::figureThemeNames())
        ids.push_back(t.toStdString());
    return ids;
}

SlideOptions slideOptions(const Args& args)
{
    SlideOptions o;
    if (args.has("title"))
        o.title = QString::fromStdString(args.get("title"));
    if (args.has("caption"))
        o.caption = QString::fromStdString(args.get("caption"));
    if (args.has("source"))
        o.source = QString::fromStdString(args.get("source"));
    o.fontScale = realOption(args, "font-scale");
    if (args.has("colormap")) {
        const std::string id = choiceOption(args, "colormap");
        for (const auto kind : widgets::allColorMaps())
            if (colorMapId(kind) == id)
                o.colorMap = kind;
    }
    const std::string theme = choiceOption(args, "theme");
    o.theme = theme == "dark" ? widgets::FigureTheme::Dark : widgets::FigureTheme::Light;
    return o;
}

void checkRenderMemory(const Args& args, const widgets::FigureSpec& spec, const widgets::FigureRequest& request,
                       const std::vector<MethodChoice>& methods, const widgets::ExportOptions& options)
{
    const widgets::ExportFormat format =
        options.format == widgets::ExportFormat::Auto ? widgets::Exporter::formatForPath(options.path) : options.format;
    const double w = std::ceil(options.width * options.scale), h = std::ceil(options.height * options.scale);
    const std::string what = format == widgets::ExportFormat::Csv || format == widgets::ExportFormat::Npy
                                 ? "the " + widgets::Exporter::formatName(format).toUpper().toStdString() + " export"
                                 : "a " + formatNumber(w) + " x " + formatNumber(h) + " px " +
                                       widgets::Exporter::formatName(format).toUpper().toStdString();
    checkMemory(args,
                args.has("scale")   ? "scale"
                : args.has("width") ? "width"
                                    : "height",
                widgets::Exporter::estimateBytes(format, options, spec.positionAxis), what);
    if (!spec.memory)
        return;
    widgets::FigureMemoryInput in;
    in.length = static_cast<double>(request.length);
    in.methods = static_cast<double>(methods.size());
    for (const auto& m : methods) {
        in.heads = std::max(in.heads, static_cast<double>(m.encoding->biasHeads()));
        in.rowBytes = std::max(in.rowBytes, encodingRowBytes(*m.encoding));
    }
    const widgets::FigureMemoryEstimate estimate = spec.memory(in);
    checkMemory(args, estimate.flag, estimate.bytes,
                "the " + spec.id + " figure's data for " + formatNumber(in.methods) + " method(s)");
}

} // namespace posenc::cli
