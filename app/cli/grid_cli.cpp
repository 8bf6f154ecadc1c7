// SPDX-License-Identifier: GPL-3.0-or-later
#include "grid_cli.h"

#include "cli_common.h"

#include "posenc/errors.h"
#include "posenc/grid_report.h"
#include "posenc/grid_rope.h"
#include "posenc/io/writers.h"

#include <fstream>
#include <sstream>

namespace posenc::cli {

namespace {

bool visionTower(const Args& args)
{
    return args.has("tower") && args.get("tower") == "vision";
}

grid::Model modelFrom(const Args& args, const std::string& text, const std::string& origin)
{
    return visionTower(args) ? grid::fromVisionConfig(text, origin) : grid::fromDiffusersConfig(text, origin);
}

/// The model with --order applied (default: the order the model computes).
grid::Model model(const Args& args, const std::string& text)
{
    auto m = modelFrom(args, text, args.get("config", "config"));
    return args.has("order") ? grid::withOrder(m, grid::parseOrder(m, args.get("order"))) : m;
}

/// Qwen2.5-VL in window order: the windows (cu_window_seqlens) and the layers that attend over the whole image.
void writeWindows(io::JsonWriter& w, const grid::Model& m, const std::vector<grid::LayoutItem>& layout)
{
    if (grid::orderName(m, m.order) != "window")
        return;
    const auto win = grid::visionWindows(m, layout.front().h, layout.front().w);
    w.key("cu_window_seqlens").beginArray();
    for (const auto c : win.cuSeqlens)
        w.value(static_cast<long long>(c));
    w.endArray();
    w.key("full_attention_blocks").beginArray();
    for (const int b : m.fullAttentionBlocks)
        w.value(static_cast<long long>(b));
    w.endArray();
}

/// --format: json (the default here), or `allowed` (csv; npy for matrices).
std::string gridFormat(const Args& args, const std::vector<std::string>& allowed)
{
    if (!args.has("format") || args.get("format") == "json")
        return "json";
    const std::string f = args.get("format");
    for (const auto& a : allowed)
        if (f == a)
            return f;
    std::string list = "json";
    for (const auto& a : allowed)
        list += ", " + a;
    throw InvalidInput("format", "--format " + f + ": an image/video RoPE config gives " + list);
}

void requireJson(const Args& args)
{
    (void)gridFormat(args, {});
}

std::vector<std::string> axisNames(const grid::Model& m)
{
    std::vector<std::string> names;
    for (const auto& a : m.axes)
        names.push_back(a.name);
    return names;
}

std::string requiredLayout(const Args& args)
{
    if (!args.has("layout"))
        throw InvalidInput("layout", "--layout is required, e.g. text:4,image:32x32 or video:8x30x52");
    return args.get("layout");
}

void writeAxes(io::JsonWriter& w, const grid::Model& m)
{
    w.key("axes").beginArray();
    for (const auto& a : m.axes) {
        w.beginObject();
        w.field("name", a.name);
        w.field("dim", a.dim);
        w.field("theta", a.theta);
        w.key("inv_freq").array(a.invFreq);
        w.endObject();
    }
    w.endArray();
}

void writeStrings(io::JsonWriter& w, const std::string& key, const std::vector<std::string>& v)
{
    w.key(key).beginArray();
    for (const auto& s : v)
        w.value(s);
    w.endArray();
}

} // namespace

std::optional<std::string> diffusersConfigText(const Args& args, const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        if (visionTower(args))
            throw InvalidInput("config", path + ": cannot read the file");
        return std::nullopt; // the usual path reports the missing file
    }
    std::ostringstream s;
    s << in.rdbuf();
    const std::string text = s.str();
    if (!visionTower(args) && !grid::isDiffusersConfig(text))
        return std::nullopt;
    return text;
}

std::optional<std::string> diffusersConfigArg(const Args& args)
{
    return args.has("config") ? diffusersConfigText(args, args.get("config")) : std::nullopt;
}

int runGridInspect(const Args& args, const std::string& path, const std::string& text)
{
    requireJson(args);
    const auto m = modelFrom(args, text, path);
    writeOutput(args, [&](std::ostream& out) {
        io::JsonWriter w(out);
        grid::writeGridInspectReport(w, m);
    });
    return 0;
}

int runGridPositions(const Args& args, const std::string& text)
{
    const std::string format = gridFormat(args, {"csv"});
    const auto m = model(args, text);
    const std::string layout = requiredLayout(args);
    const auto items = grid::parseLayout(layout);
    const auto ids = grid::positions(m, items);
    const auto names = axisNames(m);
    const bool named = args.get("columns", "rows") == "named";
    writeOutput(args, [&](std::ostream& out) {
        if (format == "csv") {
            Matrix t{ids.size(), names.size(), {}};
            for (const auto& row : ids)
                t.data.insert(t.data.end(), row.begin(), row.end());
            io::writeCsv(out, t, names);
            return;
        }
        io::JsonWriter w(out);
        w.beginObject();
        w.field("method", m.method);
        w.field("layout", layout);
        w.field("tokens", static_cast<long long>(ids.size()));
        w.field("order", grid::orderName(m, m.order));
        writeWindows(w, m, items);
        writeStrings(w, "axes", names);
        if (named) { // one array per axis, by name
            for (std::size_t a = 0; a < names.size(); ++a) {
                std::vector<double> col;
                col.reserve(ids.size());
                for (const auto& row : ids)
                    col.push_back(row[a]);
                w.key(names[a]).array(col);
            }
        } else {
            w.key("positions").beginArray();
            for (const auto& row : ids)
                w.array(row);
            w.endArray();
        }
        w.endObject();
    });
    return 0;
}

int runGridMatrix(const Args& args, const std::string& text)
{
    const std::string format = gridFormat(args, {"csv", "npy"});
    if (format == "npy")
        (void)matrixFormat(args); // .npy bound for a terminal is refused before computing
    const auto m = model(args, text);
    const std::string view = args.get("view");
    if (view != "cos" && view != "sin" && view != "angle")
        throw InvalidInput("view", "--view " + (view.empty() ? std::string("(missing)") : view) + ": " + m.method +
                                       " gives cos, sin (head_dim channels in the model's layout) or angle (one "
                                       "column per rotary pair in the model's order)");
    const std::string layout = requiredLayout(args);
    const auto ids = grid::positions(m, grid::parseLayout(layout));
    Matrix t;
    t.rows = ids.size();
    if (view == "angle") {
        t.data = grid::angles(m, ids);
        t.cols = grid::pairs(m).size();
    } else {
        t.data = grid::table(m, ids, view == "sin");
        t.cols = static_cast<std::size_t>(m.headDim());
    }
    if (format != "json") {
        writeMatrixOutput(args, t);
        return 0;
    }
    writeOutput(args, [&](std::ostream& out) {
        io::JsonWriter w(out);
        w.beginObject();
        w.field("method", m.method);
        w.field("view", view);
        w.field("layout", layout);
        w.field("order", grid::orderName(m, m.order));
        w.field("channel_layout", grid::channelLayoutText(m));
        w.key("shape").beginArray().value(static_cast<long long>(t.rows)).value(static_cast<long long>(t.cols));
        w.endArray();
        w.key("data").array(t.data);
        w.endObject();
    });
    return 0;
}

int runGridFrequencies(const Args& args, const std::string& text)
{
    requireJson(args);
    const auto m = model(args, text);
    writeOutput(args, [&](std::ostream& out) {
        io::JsonWriter w(out);
        w.beginObject();
        w.field("method", m.method);
        writeAxes(w, m);
        if (args.has("riflex-frames")) {
            const int k = args.has("riflex-k") ? static_cast<int>(intOption(args, "riflex-k")) : 0;
            const long long rep = args.has("riflex-repetition") ? intOption(args, "riflex-repetition") : 0;
            const auto r = grid::riflex(m, intOption(args, "riflex-frames"), k, rep);
            w.key("riflex").beginObject();
            w.field("axis", m.axes[static_cast<std::size_t>(m.temporalAxis)].name);
            w.field("frames", static_cast<long long>(intOption(args, "riflex-frames")));
            w.field("k", r.k);
            w.field("N_k", static_cast<long long>(r.nK));
            w.field("applied", r.applied);
            w.key("periods").beginArray();
            for (long long p : r.periods)
                w.value(p);
            w.endArray();
            w.key("inv_freq").array(r.invFreq);
            w.key("inv_freq_original").array(r.original);
            w.field("note", r.note);
            w.endObject();
        } else if (args.has("riflex-k") || args.has("riflex-repetition")) {
            throw InvalidInput("riflex-frames", "--riflex-k and --riflex-repetition need --riflex-frames N (the "
                                                "test length in latent frames)");
        }
        w.endObject();
    });
    return 0;
}

Option towerOption()
{
    return choiceOpt("tower", "vision: read a VLM config.json's vision tower (Qwen2.5-VL, Pixtral, Llama 4)", "",
                     {"vision"});
}

Option orderOption()
{
    return choiceOpt("order",
                     "image/video configs: the token order; model (default: what the model computes — Qwen2.5-VL's "
                     "vision tower: its attention windows), window, blocks (Qwen2.5-VL: merge blocks) or raster",
                     "model", {"model", "window", "blocks", "raster"});
}

Option columnsOption()
{
    return choiceOpt("columns",
                     "image/video configs, JSON: rows ({\"positions\": [[...]]}) or named ({\"t\": [...], "
                     "\"h\": [...], ...})",
                     "rows", {"rows", "named"});
}

std::vector<Option> riflexOptions()
{
    return {intOpt("riflex-frames", "RIFLEx: test length in latent frames (diffusers video configs)", std::nullopt, 1,
                   1 << 20),
            intOpt("riflex-k", "RIFLEx: the intrinsic component k (1-based; default: the authors' k)", std::nullopt, 1,
                   4096),
            intOpt("riflex-repetition", "RIFLEx: the first repeated latent frame observed; k = identify_k",
                   std::nullopt, 1, 1 << 20)};
}

} // namespace posenc::cli
