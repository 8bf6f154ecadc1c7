// SPDX-License-Identifier: GPL-3.0-or-later
// Layers figure: one row per decoder layer of the loaded config (posenc/io/hf_config.h HfConfig::layers, the
// reading `posenc inspect` prints), a bar over the keys the last query attends to in that layer (full attention:
// the whole context; sliding: its last W keys; chunked: from the start of its chunk), coloured by the layer's
// encoding; NoPE layers grey and dashed. The explorer makes a clicked layer's encoding the primary (LayerPicker).
#include "FigureCompute_p.h"

#include "i18n/CoreText.h"

#include "posenc/io/hf_config.h"
#include "posenc/method_key.h"
#include "posenc/registry.h"

#include <QObject>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace posenc::widgets::detail {

namespace {

/// "0–4, 6–10, 12" for sorted layer indices; "0–4, 6–10, 12–16, …" past four runs (`shortened` says so: the
/// legend then adds how many layers, after the list, so that the Chinese "第 … 层" stays whole).
QString ranges(const std::vector<int>& layers, bool& shortened)
{
    QStringList parts;
    for (std::size_t i = 0; i < layers.size();) {
        std::size_t j = i;
        while (j + 1 < layers.size() && layers[j + 1] == layers[j] + 1)
            ++j;
        parts << (j == i ? QString::number(layers[i]) : QStringLiteral("%1–%2").arg(layers[i]).arg(layers[j]));
        i = j + 1;
    }
    shortened = parts.size() > 4;
    if (shortened)
        parts = parts.mid(0, 3) << QStringLiteral("…");
    return parts.join(QObject::tr(", "));
}

} // namespace

/// The colour key of each encoding of a config: its method's colour, a further instance's colour ("id#2") when an
/// earlier encoding has the same method.
static std::vector<std::string> encodingColourKeys(const io::HfConfig& config)
{
    std::vector<std::string> keys;
    for (const auto& e : config.encodings) {
        MethodKey key{e.method, 1};
        while (std::find(keys.begin(), keys.end(), key.format()) != keys.end())
            ++key.instance;
        keys.push_back(key.format());
    }
    return keys;
}

std::size_t layerGroups(const io::HfConfig& config)
{
    std::set<std::tuple<int, AttentionKind, std::int64_t>> groups;
    for (const auto& L : config.layers)
        groups.insert({L.encoding, L.attention, L.window.value_or(0)});
    return groups.size();
}

FigureData layersFigure(const FigureRequest& request, const std::vector<BuiltMethod>&)
{
    FigureData data;
    const io::HfConfig* config = request.config.get();
    if (!config || config->layers.empty()) {
        data.title = QObject::tr("No per-layer config is loaded");
        addNote(data, QObject::tr("Load a config with per-layer encodings (Gemma 3, Gemma 4, Llama 4, gpt-oss, Cohere "
                                  "2, Mistral or Qwen sliding windows …) with File ▸ Open config, or choose one of "
                                  "the presets Gemma-3-27B, Gemma-4-E2B, Llama-4-Scout or gpt-oss-20b (Presets menu)"));
        if (config)
            addNote(data, QObject::tr("the loaded config of %1 gives no layer count (num_hidden_layers)")
                              .arg(QString::fromStdString(config->modelName)));
        return data;
    }
    const double n = static_cast<double>(std::max<std::int64_t>(1, request.length));
    const auto colours = encodingColourKeys(*config);
    data.title = QObject::tr("%1: %2 decoder layers, the keys the last query attends to")
                     .arg(QString::fromStdString(config->modelName))
                     .arg(config->layers.size());
    data.xLabel = QObject::tr("key position (context n = %1)").arg(num(n));
    data.yLabel = QObject::tr("layer");
    const double width = config->layers.size() <= 64 ? 5.0 : config->layers.size() <= 128 ? 2.5 : 1.0;
    // One legend entry per (encoding, attention, window): the layers that share all three.
    std::map<std::tuple<int, AttentionKind, std::int64_t>, std::vector<int>> groups;
    for (const auto& L : config->layers)
        groups[{L.encoding, L.attention, L.window.value_or(0)}].push_back(L.index);
    std::map<std::tuple<int, AttentionKind, std::int64_t>, bool> named;
    for (const auto& L : config->layers) {
        // The keys the last query (position n - 1) sees: [n - keysSeen, n) (attention_span.h, HF's masks).
        const std::int64_t last = std::max<std::int64_t>(1, request.length);
        const double first = static_cast<double>(last - L.span().keysSeen(last - 1));
        Curve c;
        c.x = {first, n};
        c.y = {static_cast<double>(L.index), static_cast<double>(L.index)};
        c.lineWidth = width;
        const auto key = std::make_tuple(L.encoding, L.attention, L.window.value_or(0));
        const bool nope = L.encoding < 0;
        if (nope) {
            c.color = QColor(150, 150, 150);
            c.dashed = true;
        } else {
            c.methodId = colours[static_cast<std::size_t>(L.encoding)];
        }
        if (!named[key]) {
            named[key] = true;
            bool shortened = false;
            const QString layers = ranges(groups[key], shortened);
            if (nope) {
                c.name = QObject::tr("NoPE, %1: layers %2").arg(spanText(L.span()), layers);
            } else {
                const io::HfEncoding& e = config->encodings[static_cast<std::size_t>(L.encoding)];
                const RotaryFrequencies* f = e.encoding ? e.encoding->rotary() : nullptr;
                const QString method = CoreText::text(Registry::instance().find(e.method).info.displayName);
                c.name = QObject::tr("%1 base b = %2 (rope_type %3), %4: layers %5")
                             .arg(method, num(f ? f->base : 0), QString::fromStdString(e.ropeType), spanText(L.span()),
                                  layers);
            }
            if (shortened)
                c.name += QObject::tr(" (%n layers in all)", nullptr, static_cast<int>(groups[key].size()));
        }
        data.curves.push_back(std::move(c));
    }
    addNote(data, QObject::tr("Each bar: the keys the query at position n − 1 attends to in that layer — full "
                              "attention all n, a sliding window its last W, a chunked layer (Llama 4) the start of "
                              "its chunk onwards; drawn to scale. Grey dashed: NoPE layers (no rotation)"));
    if (config->nopeTemperature && config->nopeTemperature->enabled)
        addNote(data, QObject::tr("NoPE layers scale the query by log1p(⌊(pos + 1)/%1⌋)·%2 + 1 (the Scaling view's "
                                  "llama4-nope rule)")
                          .arg(num(config->nopeTemperature->floorScale), num(config->nopeTemperature->attnScale)));
    addNote(data, QObject::tr("A sliding or chunked layer's bounds are at its window, not at the context. Click a "
                              "layer to make its encoding the primary method"));
    return data;
}

} // namespace posenc::widgets::detail
