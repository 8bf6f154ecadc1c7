// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc render VIEW`: the explorer's figure (computeFigure + FigureWidget + Exporter) written to a file without
// a display (Qt's offscreen platform).
#include "cli_common.h"
#include "commands_list.h"

#include "spec_options.h"

#include "export/Exporter.h"
#include "figures/FigureTheme.h"
#include "figures/FigureSpec.h"
#include "figures/FigureWidget.h"
#include "posenc/errors.h"

#include <QApplication>
#include <qcustomplot.h>

#include <chrono>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

namespace posenc::cli {

namespace {

using widgets::FigureKind;

/// Drops the offscreen platform's notices (runtime directory, size hints); passes everything else on.
void quietHandler(QtMsgType type, const QMessageLogContext& context, const QString& message)
{
    if (type != QtCriticalMsg && type != QtFatalMsg &&
        (message.contains(QLatin1String("XDG_RUNTIME_DIR")) || message.contains(QLatin1String("propagateSizeHints"))))
        return;
    std::cerr << qPrintable(qFormatLogMessage(type, context, message)) << "\n";
}

std::vector<std::string> splitList(const std::string& text)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        const std::size_t comma = text.find(',', start);
        const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (item.find_first_not_of(' ') == std::string::npos)
            throw InvalidInput("compare", "--compare '" + text +
                                              "': empty method id in the list (expected ids "
                                              "separated by single commas)");
        out.push_back(item);
        if (comma == std::string::npos)
            break;
        start = comma + 1;
    }
    return out;
}

/// The primary and the --compare methods. With --compare every parameter flag goes to the methods that take
/// it; a flag that no selected method takes is an error.
std::vector<MethodChoice> resolveMethods(const Args& args, const Command& self)
{
    if (!args.has("compare"))
        return {resolveMethod(args, self)};
    std::vector<MethodChoice> out = {resolveMethodNamed(primaryMethodId(args), args, self, true)};
    // Each item: ID or ID:NAME=VALUE[:NAME=VALUE...], an instance with its own parameters (yarn:factor=4).
    for (const auto& item : splitList(args.get("compare"))) {
        std::vector<std::string> parts;
        for (std::size_t start = 0;;) {
            const std::size_t colon = item.find(':', start);
            parts.push_back(item.substr(start, colon == std::string::npos ? std::string::npos : colon - start));
            if (colon == std::string::npos)
                break;
            start = colon + 1;
        }
        Args own = args;
        const MethodDef& def = Registry::instance().find(parts.front());
        for (std::size_t i = 1; i < parts.size(); ++i) {
            const std::size_t eq = parts[i].find('=');
            if (eq == std::string::npos || eq == 0)
                throw InvalidInput("compare", "--compare " + item + ": expected ID:NAME=VALUE, got '" + parts[i] + "'");
            const std::string name = parts[i].substr(0, eq);
            const ParamSpec* spec = def.findParam(name);
            if (!spec)
                throw InvalidInput("compare",
                                   "--compare " + item + ": " + def.info.id + " has no parameter '" + name + "'");
            own.flags.erase(name);
            for (const auto& alias : spec->aliases)
                own.flags.erase(alias);
            own.flags[spec->name] = parts[i].substr(eq + 1);
        }
        out.push_back(resolveMethodNamed(def.info.id, own, self, true));
    }
    for (const auto& [name, value] : args.flags) {
        const bool own = isCommandOption(self, name);
        bool taken = false;
        for (const auto& c : out)
            taken = taken || c.def->findParam(name) != nullptr;
        if (!own && !taken)
            throw InvalidInput(name, "--" + name + " is not a parameter of any selected method");
    }
    return out;
}

/// Every view's options, once per name (the first view's spec; the help names the views that take it).
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

widgets::FigureRequest buildRequest(const Args& args, const widgets::FigureSpec& spec,
                                    const std::vector<MethodChoice>& methods)
{
    widgets::FigureRequest r;
    r.kind = spec.kind;
    for (const auto& m : methods)
        r.methods.push_back({m.def->info.id, m.params});
    const auto& primary = *methods.front().encoding;
    // A loaded table shows all its positions by default.
    const long long defaultLength = primary.maxPositions() > 0            ? primary.maxPositions()
                                    : spec.kind == FigureKind::Similarity ? 512
                                    : spec.kind == FigureKind::Pca        ? 2048
                                                                          : 32768;
    r.length = args.has("length") ? intOption(args, "length") : defaultLength;
    r.options = viewOptions(args, spec);
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

struct SlideOptions {
    std::optional<QString> title;
    QString caption, source; ///< drawn under the figure (gallery figures: what it shows, and whose figure it is)
    double fontScale = 1.0;
    std::optional<widgets::ColorMapKind> colorMap;
    widgets::FigureTheme theme = widgets::FigureTheme::Light;
};

/// Colour map ids for --colormap: the first word of each map's name, lower case ("diverging", "grey", ...).
std::string colorMapId(widgets::ColorMapKind kind)
{
    return widgets::colorMapName(kind).section(QLatin1Char(' '), 0, 0).toLower().toStdString();
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

/// Peak memory from the arguments, before anything is allocated: the image (and its encoding buffers) and the
/// figure's data (heatmaps are computed at screen resolution whatever the length).
void checkRenderMemory(const Args& args, const widgets::FigureRequest& request,
                       const std::vector<MethodChoice>& methods, const widgets::ExportOptions& options)
{
    const double w = std::ceil(options.width * options.scale), h = std::ceil(options.height * options.scale);
    checkMemory(args,
                args.has("scale")   ? "scale"
                : args.has("width") ? "width"
                                    : "height",
                12.0 * w * h, "a " + formatNumber(w) + " x " + formatNumber(h) + " px image");
    const double n = static_cast<double>(request.length), count = static_cast<double>(methods.size());
    double heads = 0, row = 8;
    for (const auto& m : methods) {
        heads = std::max(heads, static_cast<double>(m.encoding->biasHeads()));
        row = std::max(row, encodingRowBytes(*m.encoding));
    }
    double bytes = 0;
    switch (request.kind) {
    case FigureKind::Decay:
        bytes = 8.0 * n * count * (8.0 + heads);
        break;
    case FigureKind::Entropy:
        bytes = 64.0 * n * count;
        break;
    case FigureKind::Similarity:
        bytes = 8.0 * n * n + 2.0 * n * row;
        break;
    case FigureKind::Spectrum:
    case FigureKind::Pca:
        bytes = 3.0 * n * row * count;
        break;
    default:
        break;
    }
    checkMemory(args, heads > 1 && request.kind == FigureKind::Decay ? "num-heads" : "length", bytes,
                "the " + args.positional.at(1) + " figure's data for " + formatNumber(count) + " method(s)");
}

/// Draws `request` at the export size and writes it (`options.path`); the figure widget is reused across frames.
widgets::ExportResult drawAndExport(const Args& args, const widgets::FigureSpec& spec, widgets::FigureRequest request,
                                    const widgets::ExportOptions& options, const SlideOptions& slide,
                                    widgets::FigureWidget& figure, std::optional<widgets::FigureData> computed = {})
{
    widgets::FigureData data = computed ? std::move(*computed) : widgets::computeFigure(request);
    if (spec.positionAxis && !args.has("pixels")) {
        // Lay the figure out at the export size, then compute one bin per device pixel of the heatmap.
        figure.setData(data);
        figure.plot()->replot(QCustomPlot::rpImmediateRefresh);
        request.pixelColumns = static_cast<int>(std::lround(figure.pixelColumns() * options.scale));
        request.pixelRows = static_cast<int>(std::lround(figure.pixelRows() * options.scale));
        data = widgets::computeFigure(request);
    } else if (args.has("pixels")) {
        request.pixelColumns = static_cast<int>(intOption(args, "pixels"));
        data = widgets::computeFigure(request);
    }
    if (slide.title)
        data.title = *slide.title;
    data.caption = slide.caption;
    data.source = slide.source;
    figure.setData(data);
    widgets::applyFigureTheme(*figure.plot(), slide.theme);
    return widgets::Exporter::exportFigure(figure, options);
}

/// --frames N: the animated option of `spec` at its value, + step, ..., + (N-1) step; -o names a folder.
struct Frames {
    long long count = 0;
    long long first = 0, step = 1;
    std::filesystem::path folder;
};

std::optional<Frames> framesOf(const Args& args, const widgets::FigureSpec& spec, const widgets::FigureRequest& r)
{
    if (!args.has("frames"))
        return std::nullopt;
    if (spec.animated.empty()) {
        std::string animated;
        for (const auto& s : widgets::figureSpecs())
            if (!s.animated.empty())
                animated += (animated.empty() ? "" : ", ") + s.id;
        throw InvalidInput("frames", "--frames applies to animated views (" + animated + "), not " + spec.id);
    }
    const ParamSpec* option = widgets::figureOption(spec.kind, spec.animated);
    Frames f;
    f.count = intOption(args, "frames");
    f.first = r.options.has(spec.animated) ? r.options.integer(spec.animated)
                                           : static_cast<long long>(std::get<double>(option->defaultValue));
    f.step = r.options.has(spec.animationStep) ? r.options.integer(spec.animationStep) : 1;
    const double last = static_cast<double>(f.first) + static_cast<double>(f.step) * static_cast<double>(f.count - 1);
    if (last > option->max)
        throw InvalidInput("frames", "--frames " + std::to_string(f.count) + ": the last frame's --" + spec.animated +
                                         " would be " + formatNumber(last) + ", above its maximum " +
                                         formatNumber(option->max));
    f.folder = args.get("output");
    std::error_code ec;
    if (std::filesystem::exists(f.folder, ec) && !std::filesystem::is_directory(f.folder, ec))
        throw InvalidInput("output", "--frames: -o " + args.get("output") + " exists and is not a folder");
    return f;
}

/// Writes every frame as VIEW-0000.png ... into the folder; on a failure removes the frames it wrote.
int exportFrames(const Args& args, const widgets::FigureSpec& spec, widgets::FigureRequest request,
                 widgets::ExportOptions options, const SlideOptions& slide, widgets::FigureWidget& figure,
                 const Frames& frames)
{
    std::error_code ec;
    const bool created = !std::filesystem::exists(frames.folder, ec);
    std::filesystem::create_directories(frames.folder, ec);
    if (ec) {
        std::cerr << "posenc: cannot create the folder " << frames.folder.string() << ": " << ec.message() << "\n";
        return 1;
    }
    std::vector<std::filesystem::path> written;
    const auto undo = [&] {
        for (const auto& file : written)
            std::filesystem::remove(file, ec);
        if (created)
            std::filesystem::remove(frames.folder, ec);
    };
    for (long long k = 0; k < frames.count; ++k) {
        char name[32];
        std::snprintf(name, sizeof name, "-%04lld.png", k);
        const std::filesystem::path file = frames.folder / (spec.id + name);
        options.path = QString::fromStdString(file.string());
        request.options.set(spec.animated, static_cast<double>(frames.first + k * frames.step));
        widgets::ExportResult result;
        try {
            result = drawAndExport(args, spec, request, options, slide, figure);
        } catch (...) {
            undo();
            throw;
        }
        if (!result.ok) {
            undo();
            std::cerr << "posenc: " << result.message.toStdString() << " (no frame kept)\n";
            return 1;
        }
        written.push_back(file);
    }
    std::cerr << "posenc: wrote " << frames.count << " frames (" << spec.animated << " " << frames.first << " to "
              << frames.first + (frames.count - 1) * frames.step << ") to " << frames.folder.string() << "\n";
    return 0;
}

int run(const Args& args, const Command& self)
{
    const widgets::FigureSpec& spec = widgets::figureSpec(args.positional.at(1));
    if (!args.has("output"))
        throw InvalidInput("output", "-o FILE is required (.png, .svg, .pdf, .csv or .npy; a folder with --frames)");
    const auto methods = resolveMethods(args, self);
    widgets::FigureRequest request = buildRequest(args, spec, methods);
    const std::optional<Frames> frames = framesOf(args, spec, request);
    widgets::ExportOptions options;
    options.path =
        QString::fromStdString(frames ? (frames->folder / (spec.id + "-0000.png")).string() : args.get("output"));
    options.width = static_cast<int>(intOption(args, "width"));
    options.height = static_cast<int>(intOption(args, "height"));
    options.scale = realOption(args, "scale");
    const SlideOptions slide = slideOptions(args);
    // Font scale for slides: lay the figure out on a canvas smaller by the factor and export it denser by the
    // same factor: the same pixels, with text and lines that many times larger.
    options.width = std::max(16, static_cast<int>(std::lround(options.width / slide.fontScale)));
    options.height = std::max(16, static_cast<int>(std::lround(options.height / slide.fontScale)));
    options.scale *= slide.fontScale;
    if (widgets::Exporter::formatForPath(options.path) == widgets::ExportFormat::Auto)
        throw InvalidInput("output", "-o " + args.get("output") + ": use a .png, .svg, .pdf, .csv or .npy file name");

    checkRenderMemory(args, request, methods, options);

    // Compute first: invalid requests fail here, before any display machinery starts.
    const auto started = std::chrono::steady_clock::now(); // the reported time includes the export (write)
    widgets::FigureData first = widgets::computeFigure(request);

    // Headless: Qt's offscreen platform unless the caller chose one; its start-up chatter is not for the user.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    const QtMessageHandler previous = qInstallMessageHandler(quietHandler);
    static int argc = 1;
    static char name[] = "posenc";
    static char* argv[] = {name, nullptr};
    std::unique_ptr<QApplication> app;
    if (!QApplication::instance())
        app = std::make_unique<QApplication>(argc, argv);

    widgets::FigureWidget figure;
    figure.resize(options.width, options.height);
    figure.setAttribute(Qt::WA_DontShowOnScreen);
    figure.show(); // lays the widget out at the export size (offscreen)
    QApplication::processEvents();
    qInstallMessageHandler(previous);
    if (slide.colorMap)
        figure.setColorMap(*slide.colorMap);
    if (frames)
        return exportFrames(args, spec, request, options, slide, figure, *frames);
    const widgets::ExportResult result = drawAndExport(args, spec, request, options, slide, figure, std::move(first));
    if (!result.ok) {
        std::cerr << "posenc: " << result.message.toStdString() << "\n";
        return 1;
    }
    const auto totalMs =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started).count();
    std::cerr << "posenc: " << result.message.toStdString() << " in " << totalMs << " ms (compute and write)\n";
    return 0;
}

} // namespace

Command renderCommand()
{
    std::string views; // "heatmap|frequencies|...": the synopsis names every view (shell completion reads it)
    for (const auto& spec : widgets::figureSpecs())
        views += (views.empty() ? "" : "|") + spec.id;
    std::string synopsis =
        "posenc render " + views +
        " --method M [--PARAM VALUE ...] [--compare M2,M3] [--length N]\n"
        "              -o out.png|svg|pdf|csv|npy [--width 1200 --height 700 --scale 1]\n"
        "              [--input FILE[:TENSOR]] (a learned table: .npy, .safetensors, .csv)\n"
        "              [--title TEXT] [--caption TEXT] [--source TEXT] [--font-scale F] [--colormap diverging|cyclic|sequential|grey]\n"
        "              [--theme light|dark] [--frames N (animated views; -o names a folder)]\n";
    for (const auto& spec : widgets::figureSpecs()) {
        std::string line = "              " + spec.id + ":";
        for (const auto& o : spec.options) {
            std::string value = o.type == ParamType::Choice ? "" : o.type == ParamType::Bool ? "true|false" : "V";
            for (const auto& choice : o.choices)
                value += (value.empty() ? "" : "|") + choice;
            line += " [--" + o.name + " " + value + "]";
        }
        if (spec.positionAxis)
            line += " [--start P --end P] [--pixels BINS]";
        if (spec.options.empty() && !spec.positionAxis)
            line += " (no options)";
        synopsis += line + "\n";
    }
    synopsis.pop_back();
    std::vector<Option> options = {
        {"compare", "more methods to overlay (comma-separated ids); parameter flags apply to each that takes them; "
                    "ID:NAME=VALUE[:NAME=VALUE] gives a method its own values, e.g. yarn:factor=4,yarn:ramp=paper"},
        intOpt("length",
               "positions (heatmap, similarity, spectrum, pca), max context (entropy); default 32768 (similarity "
               "512, pca 2048; with --input the whole table)",
               std::nullopt, 1, 1099511627776.0),
        intOpt("width", "figure width in pixels", 1200, 16, 20000),
        intOpt("height", "figure height in pixels", 700, 16, 20000),
        realOpt("scale", "pixel-density factor: the PNG is width*scale x height*scale", 1.0, 0.25, 8.0),
        {"title", "figure title (default: generated from the view and method)"},
        {"caption", "text drawn under the figure, wrapped to its width (posenc gallery: the entry's caption)"},
        {"source", "source credit drawn under the caption as 'Source: TEXT'"},
        realOpt("font-scale", "text and line size factor for slides (same output size)", 1.0, 0.5, 4.0),
        choiceOpt("colormap", "heatmap colour map (default: the data's)", "", colorMapIds()),
        choiceOpt("theme", "background", themeIds().front(), themeIds()),
        intOpt("start", "heatmap: first visible position, below --length", 0, 0, 1099511627775.0),
        intOpt("end", "heatmap: one past the last visible position (default --length)", std::nullopt, 1,
               1099511627776.0),
        intOpt("pixels", "heatmap: bins across positions (default: one per device pixel)", std::nullopt, 1, 65536),
        intOpt("frames",
               "animated views (rotation): write N PNG frames VIEW-0000.png... into the folder -o, the "
               "animated option advancing by --step per frame",
               std::nullopt, 1, 10000)};
    // The view options come from the figure table (FigureSpec): each view checks its own (viewOptions).
    appendOptions(options, allViewOptions());
    Command c{{"render"},
              synopsis,
              "Renders the explorer's figure for VIEW without a display (PNG, SVG, PDF, or its data as CSV/NPY).",
              options,
              true,
              {}};
    c.positionalArgs = 1;
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
