// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc render VIEW`: the explorer's figure (computeFigure + FigureWidget + Exporter) written to a file without
// a display (Qt's offscreen platform). The jobs are in render_parts.h; nothing here depends on the view.
#include "commands_list.h"
#include "render_parts.h"

#include "export/Exporter.h"
#include "figures/FigureWidget.h"
#include "posenc/errors.h"
#include "posenc/param_state.h"

#include <QApplication>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <iostream>

namespace posenc::cli {

namespace {

/// --format, or the -o file's suffix; "-o -" (the image on standard output, e.g. for the Python module: no file)
/// needs --format. A --format that contradicts the suffix is refused.
widgets::ExportFormat exportFormat(const Args& args, bool frames)
{
    const std::string output = args.get("output");
    const widgets::ExportFormat bySuffix = widgets::Exporter::formatForPath(QString::fromStdString(output));
    if (!args.has("format")) {
        if (output == "-")
            throw InvalidInput("format", "-o - (standard output) needs --format png, svg, pdf, csv or npy");
        if (bySuffix == widgets::ExportFormat::Auto && !frames)
            throw InvalidInput("output", "-o " + output + ": use a .png, .svg, .pdf, .csv or .npy file name");
        return widgets::ExportFormat::Auto;
    }
    const std::string name = choiceOption(args, "format");
    if (frames && name != "png")
        throw InvalidInput("format", "--format " + name + ": --frames writes PNG frames");
    widgets::ExportFormat format = widgets::ExportFormat::Auto;
    for (const auto f : {widgets::ExportFormat::Png, widgets::ExportFormat::Svg, widgets::ExportFormat::Pdf,
                         widgets::ExportFormat::Csv, widgets::ExportFormat::Npy})
        if (widgets::Exporter::formatName(f).toStdString() == name)
            format = f;
    if (!frames && output != "-" && bySuffix != format)
        throw InvalidInput("format", "--format " + name + " does not match -o " + output);
    return format;
}

int run(const Args& args, const Command& self)
{
    const widgets::FigureSpec& spec = widgets::figureSpec(args.positional.at(1));
    if (!args.has("output"))
        throw InvalidInput("output", "-o FILE is required (.png, .svg, .pdf, .csv or .npy; a folder with --frames)");
    const auto methods = resolveRenderMethods(args, self);
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
    // same factor: the same pixels, with text and lines that many times larger. The pixel size is kept exact
    // (the rounded layout size times the factor was off by one, 1201 for 1200 at 1.8).
    options.pixels = QSize(static_cast<int>(std::lround(options.width * options.scale)),
                           static_cast<int>(std::lround(options.height * options.scale)));
    options.width = std::max(16, static_cast<int>(std::lround(options.width / slide.fontScale)));
    options.height = std::max(16, static_cast<int>(std::lround(options.height / slide.fontScale)));
    options.scale *= slide.fontScale;
    options.format = exportFormat(args, frames.has_value());

    checkRenderMemory(args, spec, request, methods, options);

    // Compute first: invalid requests fail here, before any display machinery starts.
    const auto started = std::chrono::steady_clock::now(); // the reported time includes the export (write)
    widgets::FigureData first = widgets::computeFigure(request);
    const std::unique_ptr<QApplication> app = offscreenApplication();

    widgets::FigureWidget figure;
    figure.resize(options.width, options.height);
    figure.setAttribute(Qt::WA_DontShowOnScreen);
    figure.show(); // lays the widget out at the export size (offscreen)
    QApplication::processEvents();
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
    std::string synopsis = "posenc render " + views +
                           " --method M [--PARAM VALUE ...] [--compare M2,M3] [--length N]\n"
                           "              -o out.png|svg|pdf|csv|npy [--width 1200 --height 700 --scale 1]\n"
                           "              [--input FILE[:TENSOR]] (a learned table: .npy, .safetensors, .csv)\n"
                           "              [--title TEXT] [--caption TEXT] [--source TEXT] [--font-scale F]\n"
                           "              [--colormap diverging|cyclic|sequential|grey]\n"
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
    std::string defaults; // "32768 (similarity 512, pca 2048; with --input the whole table)", from the table
    const long long common = widgets::figureSpecs().front().defaultLength;
    for (const auto& spec : widgets::figureSpecs())
        if (spec.defaultLength != common)
            defaults += (defaults.empty() ? "" : ", ") + spec.id + " " + std::to_string(spec.defaultLength);
    defaults =
        std::to_string(common) + " (" + (defaults.empty() ? "" : defaults + "; ") + "with --input the whole table)";
    std::vector<Option> options = {
        {"compare", "more methods to overlay (comma-separated ids); parameter flags apply to each that takes them; "
                    "ID:NAME=VALUE[:NAME=VALUE] gives a method its own values, e.g. yarn:factor=4,yarn:ramp=paper"},
        intOpt("length", "positions (heatmap, similarity, spectrum, pca), max context (entropy); default " + defaults,
               std::nullopt, 1, static_cast<double>(kMaxLength)),
        intOpt("width", "figure width in pixels", 1200, 16, 20000),
        intOpt("height", "figure height in pixels", 700, 16, 20000),
        choiceOpt("format",
                  "png, svg, pdf, csv or npy (default: the -o file's suffix); with -o - the figure is "
                  "written to standard output",
                  "", {"png", "svg", "pdf", "csv", "npy"}),
        realOpt("scale", "pixel-density factor: the PNG is width*scale x height*scale", 1.0, 0.25, 8.0),
        {"title", "figure title (default: generated from the view and method)"},
        {"caption", "text drawn under the figure, wrapped to its width (posenc gallery: the entry's caption)"},
        {"source", "source credit drawn under the caption as 'Source: TEXT'"},
        realOpt("font-scale", "text and line size factor for slides (same output size)", 1.0, 0.5, 4.0),
        choiceOpt("colormap", "heatmap colour map (default: the data's)", "", colorMapIds()),
        choiceOpt("theme", "background", themeIds().front(), themeIds()),
        intOpt("start", "heatmap: first visible position, below --length", 0, 0, static_cast<double>(kMaxLength - 1)),
        intOpt("end", "heatmap: one past the last visible position (default --length)", std::nullopt, 1,
               static_cast<double>(kMaxLength)),
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
