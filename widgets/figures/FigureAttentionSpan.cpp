// SPDX-License-Identifier: GPL-3.0-or-later
// The attention span of the Decay and Entropy views (options "attention", "window"; posenc/attention_span.h):
// which keys a query sees, the window taken from the loaded config when it is not given, and the notes that say
// so on the figure.
#include "FigureCompute_p.h"

#include "i18n/CoreText.h"

#include "posenc/errors.h"
#include "posenc/io/hf_config.h"

#include <QObject>

#include <algorithm>

namespace posenc::widgets::detail {

namespace {

/// The widest window among the loaded config's layers of `kind` (nullopt: none, or no config).
std::optional<std::int64_t> configWindow(const io::HfConfig* config, AttentionKind kind)
{
    std::optional<std::int64_t> widest;
    if (config)
        for (const io::HfLayer& L : config->layers)
            if (L.attention == kind && L.window)
                widest = std::max(widest.value_or(0), *L.window);
    return widest;
}

} // namespace

ViewSpan viewSpan(const FigureRequest& request)
{
    const std::string& attention = request.options.choice("attention"); // checked against FigureSpec
    const AttentionKind kind = parseEnum(kAttentionKindNames, "attention", attention);
    ViewSpan out;
    if (kind == AttentionKind::Full)
        return out; // the window option does not apply (ViewPage::optionApplies greys it)
    std::optional<std::int64_t> window;
    if (request.options.has("window")) // present and set
        window = request.options.integer("window");
    if (!window) {
        window = configWindow(request.config.get(), kind);
        out.fromConfig = window.has_value();
    }
    if (!window)
        throw InvalidInput("window", QObject::tr("%1 attention needs a window W: set Window (the layer's %2), or "
                                                 "load a config with %1 layers")
                                         .arg(CoreText::choice(attention),
                                              kind == AttentionKind::Sliding ? QStringLiteral("sliding_window")
                                                                             : QStringLiteral("attention_chunk_size"))
                                         .toStdString());
    out.span = makeAttentionSpan(attention, window);
    return out;
}

QString spanText(const AttentionSpan& span)
{
    return CoreText::withNumbers(span.describe()); // core's one wording, translated (CoreStrings.cpp)
}

void addSpanNotes(FigureData& data, const FigureRequest& request, const ViewSpan& span, const BuiltMethod& primary)
{
    const io::HfConfig* config = request.config.get();
    if (!config)
        return;
    // The config's layers with the primary's encoding, and their spans.
    std::vector<const io::HfLayer*> own;
    for (const io::HfLayer& L : config->layers)
        if (L.encoding >= 0 && config->encodings[static_cast<std::size_t>(L.encoding)].method == primary.def->info.id)
            own.push_back(&L);
    const QString kind = CoreText::choice(enumName(kAttentionKindNames, span.span.kind));
    if (span.fromConfig)
        addNote(data, QObject::tr("Window %1 from the loaded config (%2): the widest of its %3 layers")
                          .arg(num(static_cast<double>(span.span.size)), QString::fromStdString(config->modelName),
                               kind));
    const bool drawnByOwnLayers = std::any_of(own.begin(), own.end(), [&](const io::HfLayer* L) {
        return L->attention == span.span.kind && (!span.fromConfig || L->span() == span.span);
    });
    if (!span.span.full() && !own.empty() && !drawnByOwnLayers) {
        // e.g. Gemma 3's linear x8 (the full layers' encoding) drawn with the sliding layers' window
        addNote(data, QObject::tr("%1 is the encoding of the loaded config's %2 layers, not of its %3 ones: click "
                                  "a %3 layer in the Layers view to draw theirs")
                          .arg(primary.name, CoreText::choice(enumName(kAttentionKindNames, own.front()->attention)),
                               kind));
        return;
    }
    if (span.span.full())
        for (const io::HfLayer* L : own)
            if (L->attention != AttentionKind::Full && L->window) {
                // Full attention drawn, but the loaded config's layers with the primary's encoding are windowed.
                addNote(data, QObject::tr("Full attention drawn; the loaded config's layers with %1 use %2 "
                                          "(choose Attention “%3”)")
                                  .arg(primary.name, spanText(L->span()),
                                       CoreText::choice(enumName(kAttentionKindNames, L->attention))));
                return;
            }
}

void limitDecayToSpan(FigureData& data, const ViewSpan& view, std::int64_t maxDistance)
{
    const std::optional<std::int64_t> reach = view.span.maxDistance();
    if (!reach)
        return;
    const QString span = spanText(view.span);
    const std::int64_t farthest = maxDistance - 1; // the decay view draws Δ = 0 … max-distance − 1
    if (*reach >= farthest) {
        // a chunk restarts at every multiple of W: only a query far enough into its chunk sees every Δ
        addNote(data, view.span.kind == AttentionKind::Chunked
                          ? QObject::tr("Attention: %1, wider than the distances drawn (Δ ≤ %2): a query at least %2 "
                                        "positions into its chunk (q mod %3 ≥ %2) attends to every drawn Δ")
                                .arg(span, num(static_cast<double>(farthest)), num(static_cast<double>(view.span.size)))
                          : QObject::tr("Attention: %1, wider than the distances drawn (Δ ≤ %2): a query at a late "
                                        "enough position attends to every drawn Δ")
                                .arg(span, num(static_cast<double>(farthest))));
        return;
    }
    // The scores at Δ > reach never enter a softmax: the curves stop at the reach, the rest is shaded.
    for (Curve& c : data.curves) {
        const auto end =
            static_cast<std::size_t>(std::upper_bound(c.x.begin(), c.x.end(), static_cast<double>(*reach)) - c.x.begin());
        for (auto* v : {&c.x, &c.y, &c.bandLow, &c.bandHigh, &c.colorBy})
            if (v->size() > end)
                v->resize(end);
    }
    const double W = static_cast<double>(view.span.size);
    const QString label = view.span.kind == AttentionKind::Sliding
                              ? QObject::tr("masked: Δ ≥ %1 (outside the window)").arg(num(W))
                              : QObject::tr("masked: Δ ≥ %1 (before the query's chunk)").arg(num(W));
    const std::size_t panels = std::max<std::size_t>(1, data.panels.size());
    for (std::size_t p = 0; p < panels; ++p)
        data.spans.push_back({W - 0.5, static_cast<double>(farthest) + 0.5, label, QColor(120, 120, 120, 40),
                              static_cast<int>(p)});
    if (view.span.kind == AttentionKind::Sliding)
        addNote(data, QObject::tr("Attention: %1: a query sees the keys at Δ = 0…%2; the scores at Δ ≥ %3 (shaded) "
                                  "never enter its softmax, whatever the curve would do there")
                          .arg(span, num(W - 1), num(W)));
    else
        addNote(data, QObject::tr("Attention: %1: a query at position q sees Δ = 0…(q mod %2), at most Δ = %3 at "
                                  "the last position of a chunk and only Δ = 0 at its first; Δ ≥ %2 (shaded) never "
                                  "enters a softmax")
                          .arg(span, num(W), num(W - 1)));
}

void addSpanLengths(std::vector<std::int64_t>& lengths, const AttentionSpan& span, std::int64_t maxLength,
                    FigureData& data)
{
    if (span.full() || lengths.empty()) // empty: every n is reported
        return;
    const std::int64_t W = span.size;
    if (span.kind == AttentionKind::Sliding) {
        if (W < maxLength)
            lengths.push_back(W); // k(n) = min(n, W) turns at n = W
    } else if (const std::int64_t chunks = (maxLength - 1) / W; chunks <= kMaxDrawnChunks) {
        // Every chunk's last (C keys) and first (1 key) length: the saw-tooth at its turning points.
        for (std::int64_t k = 1; k <= chunks; ++k) {
            lengths.push_back(k * W);
            lengths.push_back(k * W + 1);
        }
    } else {
        // Denser than the screen: the first chunk whole, then only the chunk ends n = kC (C keys each).
        std::vector<std::int64_t> ends;
        for (std::int64_t n : lengths)
            if (n > W)
                ends.push_back(std::max<std::int64_t>(1, n / W) * W);
        lengths.erase(std::remove_if(lengths.begin(), lengths.end(), [&](std::int64_t n) { return n > W; }),
                      lengths.end());
        lengths.push_back(W);
        lengths.insert(lengths.end(), ends.begin(), ends.end());
        addNote(data, QObject::tr("Chunks of %1: %2 chunks are more than the screen shows; beyond the first chunk "
                                  "only the chunk ends n = k·%1 (%1 keys) are drawn, and within every chunk H(n) "
                                  "falls to 0 at its first token and climbs again")
                          .arg(num(static_cast<double>(W)), num(static_cast<double>(chunks))));
    }
    std::sort(lengths.begin(), lengths.end());
    lengths.erase(std::unique(lengths.begin(), lengths.end()), lengths.end());
}

} // namespace posenc::widgets::detail
