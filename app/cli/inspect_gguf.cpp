// SPDX-License-Identifier: GPL-3.0-or-later
#include "inspect_gguf.h"

#include "config_source.h"

#include "posenc/errors.h"

#include <fstream>

namespace posenc::cli {

namespace {

bool startsWithGgufMagic(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    char magic[4] = {};
    return in.read(magic, 4) && std::string_view(magic, 4) == "GGUF";
}

void stringArray(io::JsonWriter& w, const std::string& key, const std::vector<std::string>& v)
{
    w.key(key).beginArray();
    for (const auto& s : v)
        w.value(s);
    w.endArray();
}

} // namespace

std::optional<GgufInspection> inspectGguf(const Args& args, const std::string& path, const io::HfConfigOptions& options,
                                          io::HfConfig& config)
{
    if (!startsWithGgufMagic(path)) {
        if (args.has("against"))
            throw InvalidInput("against",
                               "--against compares a GGUF model with its config.json; " + path + " is not a GGUF file");
        return std::nullopt;
    }
    GgufInspection g;
    config = io::loadGgufConfig(path, options, &g.summary);
    if (args.has("against")) {
        g.againstPath = args.get("against");
        io::HfConfigOptions o = options;
        o.origin = *g.againstPath;
        o.compareEras = false;
        const io::HfConfig hf = io::loadHfConfig(*g.againstPath, o);
        g.drift = io::compareGgufWithHf(config, hf);
    }
    return g;
}

void writeGgufJson(io::JsonWriter& w, const GgufInspection& g)
{
    w.field("source", std::string("gguf"));
    w.field("arch", g.summary.arch);
    w.field("gguf_version", static_cast<long long>(g.summary.version));
    w.field("llama_cpp_rope_type", g.summary.pairing);
    w.field("tensor_count", static_cast<long long>(g.summary.tensorCount));
    w.field("kv_count", static_cast<long long>(g.summary.kvCount));
    stringArray(w, "gguf_keys_used", g.summary.keysUsed);
    stringArray(w, "gguf_keys_ignored", g.summary.keysIgnored);
    if (!g.againstPath)
        return;
    w.key("against").beginObject();
    w.field("config", *g.againstPath);
    int mismatches = 0;
    for (const auto& d : g.drift)
        mismatches += d.mismatch ? 1 : 0;
    w.field("mismatches", mismatches);
    w.key("differences").beginArray();
    for (const auto& d : g.drift) {
        w.beginObject();
        w.field("scope", d.scope);
        w.field("what", d.what);
        w.field("gguf", d.gguf);
        w.field("hf", d.hf);
        w.field("mismatch", d.mismatch);
        w.field("message", d.message);
        w.endObject();
    }
    w.endArray();
    w.endObject();
}

void writeGgufText(std::ostream& out, const GgufInspection& g)
{
    out << "\nGGUF v" << g.summary.version << ", arch " << g.summary.arch << " (llama.cpp rope type "
        << g.summary.pairing << "), " << g.summary.tensorCount << " tensors, " << g.summary.kvCount << " keys\n";
    for (const auto& k : g.summary.keysUsed)
        out << "  used: " << k << "\n";
    for (const auto& k : g.summary.keysIgnored)
        out << "  ignored: " << k << "\n";
    if (!g.againstPath)
        return;
    out << "\nagainst " << *g.againstPath << ":" << (g.drift.empty() ? " no differences" : "") << "\n";
    for (const auto& d : g.drift)
        out << "  " << (d.mismatch ? "MISMATCH " : "note ") << (d.scope.empty() ? "" : "[" + d.scope + "] ") << d.what
            << ": GGUF " << d.gguf << ", HF " << d.hf << " - " << d.message << "\n";
}

} // namespace posenc::cli
