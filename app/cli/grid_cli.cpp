// SPDX-License-Identifier: GPL-3.0-or-later
#include "grid_cli.h"

#include "cli_common.h"

#include "posenc/errors.h"
#include "posenc/grid_rope.h"
#include "posenc/io/writers.h"

#include <fstream>
#include <sstream>

namespace posenc::cli {

namespace {

grid::Model model(const Args& args, const std::string& text)
{
    const std::string origin = args.get("config", "config");
    return grid::fromDiffusersConfig(text, origin);
}

void requireJson(const Args& args)
{
    if (args.has("format") && args.get("format") != "json")
        throw InvalidInput("format", "--format " + args.get("format") +
                                         ": a diffusers image/video config gives JSON only (--format json)");
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

std::optional<std::string> diffusersConfigText(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt; // the usual path reports the missing file
    std::ostringstream s;
    s << in.rdbuf();
    std::string text = s.str();
    if (!grid::isDiffusersConfig(text))
        return std::nullopt;
    return text;
}

std::optional<std::string> diffusersConfigArg(const Args& args)
{
    return args.has("config") ? diffusersConfigText(args.get("config")) : std::nullopt;
}

int runGridInspect(const Args& args, const std::string& path, const std::string& text)
{
    requireJson(args);
    const auto m = grid::fromDiffusersConfig(text, path);
    writeOutput(args, [&](std::ostream& out) {
        io::JsonWriter w(out);
        w.beginObject();
        w.field("source", std::string("diffusers"));
        w.field("class_name", m.className);
        w.key("encodings").beginArray();
        w.beginObject();
        w.field("method", m.method);
        w.field("head_dim", m.headDim());
        w.field("channel_layout", std::string("interleaved: pair j in channels 2j, 2j+1; axes concatenated"));
        writeAxes(w, m);
        std::vector<std::string> kinds;
        if (m.text)
            kinds.push_back("text");
        if (m.image)
            kinds.push_back("image");
        if (m.video)
            kinds.push_back("video");
        writeStrings(w, "layout_kinds", kinds);
        if (m.riflexK > 0)
            w.field("riflex_k", m.riflexK);
        w.endObject();
        w.endArray();
        writeStrings(w, "notes", m.notes);
        w.endObject();
    });
    return 0;
}

int runGridPositions(const Args& args, const std::string& text)
{
    requireJson(args);
    const auto m = model(args, text);
    const std::string layout = requiredLayout(args);
    const auto ids = grid::positions(m, grid::parseLayout(layout));
    writeOutput(args, [&](std::ostream& out) {
        io::JsonWriter w(out);
        w.beginObject();
        w.field("method", m.method);
        w.field("layout", layout);
        w.field("tokens", static_cast<long long>(ids.size()));
        std::vector<std::string> names;
        for (const auto& a : m.axes)
            names.push_back(a.name);
        writeStrings(w, "axes", names);
        w.key("positions").beginArray();
        for (const auto& row : ids)
            w.array(row);
        w.endArray();
        w.endObject();
    });
    return 0;
}

int runGridMatrix(const Args& args, const std::string& text)
{
    requireJson(args);
    const auto m = model(args, text);
    const std::string view = args.get("view");
    if (view != "cos" && view != "sin")
        throw InvalidInput("view", "--view " + (view.empty() ? std::string("(missing)") : view) + ": " + m.method +
                                       " gives cos or sin");
    const std::string layout = requiredLayout(args);
    const auto ids = grid::positions(m, grid::parseLayout(layout));
    const auto data = grid::table(m, ids, view == "sin");
    writeOutput(args, [&](std::ostream& out) {
        io::JsonWriter w(out);
        w.beginObject();
        w.field("method", m.method);
        w.field("view", view);
        w.field("layout", layout);
        w.key("shape").beginArray().value(static_cast<long long>(ids.size())).value(m.headDim()).endArray();
        w.key("data").array(data);
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
