// SPDX-License-Identifier: GPL-3.0-or-later
#include "guide/Gallery.h"

#include "explorer/ExplorerState.h"
#include "figures/FigureSpec.h"

#include "posenc/errors.h"
#include "posenc/registry.h"

#include <QCoreApplication>

#include <algorithm>

namespace posenc::widgets {

namespace {

/// The probe [1, ..., 1, -1, ..., -1] of `dim` channels (half ones, half minus ones).
std::string halfOnesProbe(int dim)
{
    std::string out;
    for (int i = 0; i < dim; ++i)
        out += std::string(i ? "," : "") + (i < dim / 2 ? "1" : "-1");
    return out;
}

std::vector<GalleryEntry> buildEntries()
{
    return {
        {"sinusoidal-64x1000",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery", "Sinusoidal encoding, d = 64, 1000 positions"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...): x is the position, y the "
                           "channel; the fast channels at the bottom oscillate every few positions, the slow ones at "
                           "the top barely move."),
         "Vaswani et al. 2017, Attention Is All You Need, §3.5; the classic heatmap of the Annotated Transformer",
         "heatmap",
         {{"sinusoidal", {{"d-model", "64"}}}},
         {},
         1000,
         {{"view", "pe"}}},
        {"sinusoidal-tf-2048x512",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Sinusoidal encoding, concatenated layout, d = 512, 2048 positions"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "The TensorFlow tutorial's layout: all sines in the first half of the channels, all cosines "
                           "in the second."),
         "TensorFlow tutorial 'Neural machine translation with a Transformer and Keras', positional encoding figure",
         "heatmap",
         {{"sinusoidal", {{"d-model", "512"}, {"layout", "concatenated"}}}},
         {},
         2048,
         {{"view", "pe"}}},
        {"sinusoidal-tf-similarity",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Cosine similarity between sinusoidal position vectors, d = 512"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Each position is most similar to itself and its neighbours; similarity falls off with "
                           "distance along every row (the tutorial plots one row, position 1000)."),
         "TensorFlow tutorial 'Neural machine translation with a Transformer and Keras', similarity figure",
         "similarity",
         {{"sinusoidal", {{"d-model", "512"}, {"layout", "concatenated"}}}},
         {},
         2048,
         {{"kind", "cosine"}}},
        {"rope-rotated-half-ones",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery", "RoPE applied to [1, ..., 1, -1, ..., -1], d = 128"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Each column is the probe vector rotated by RoPE at that position (half pairing): the fast "
                           "pairs spin quickly, the slow ones keep the probe's value for thousands of positions."),
         "Su et al. 2021, RoFormer, Eq. 13-14 (rotation of a fixed vector); common teaching figure",
         "heatmap",
         {{"rope", {{"head-dim", "128"}}}},
         {},
         2048,
         {{"view", "rotated"}, {"probe", halfOnesProbe(128)}}},
        {"rope-rotation",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery", "RoPE as rotation: RoPE, PI and YaRN (s = 8) as clock hands"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Four channel pairs of the query at position 12 (solid) and the key at position 8 "
                           "(dashed). PI slows every hand by s; YaRN keeps the fast hands of RoPE and slows only the "
                           "slow ones. The score depends on the arcs, the angles (m - n)θ'."),
         "Su et al. 2021, RoFormer, §3.2 and Fig. 1 (rotation of pairs); Chen et al. 2023 (PI); Peng et al. 2023 "
         "(YaRN)",
         "rotation",
         {{"rope", {}}, {"pi", {}}, {"yarn", {}}},
         {{"factor", "8"}},
         0,
         {{"position", "12"}, {"key-position", "8"}, {"pairs", "4"}}},
        {"roformer-fig2",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery", "Long-term decay: RoFormer's relative upper bound, d = 128"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "The bound (1/(d/2)) Σ|S_j| on q^T R k for relative distance Δ up to 256 decays with "
                           "distance (it is an upper bound, not an attention score)."),
         "Su et al. 2021, RoFormer, §3.4.3 and Fig. 2",
         "decay",
         {{"rope", {{"head-dim", "128"}}}},
         {},
         0,
         {{"curve", "roformer-bound"}, {"max-distance", "256"}}},
        {"pi-interpolation",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Position Interpolation vs extrapolation: per-pair wavelengths, s = 8"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "PI divides every frequency by s, so positions beyond the training length map back inside "
                           "the trained range (interpolation) instead of reaching unseen angles (extrapolation, plain "
                           "RoPE)."),
         "Chen et al. 2023, Extending Context Window of LLMs via Positional Interpolation, Fig. 2 (idea)",
         "frequencies",
         {{"rope", {}}, {"pi", {}}},
         {{"factor", "8"}},
         4096,
         {}},
        {"yarn-bands",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery", "YaRN's three frequency bands, s = 16, L0 = 4096"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Pairs whose wavelength is short against L0 (r > β = 32) are kept, long ones (r < α = 1) "
                           "are interpolated by s, and a linear ramp blends the band between."),
         "Peng et al. 2023, YaRN, §3.2 Def. 2 (NTK-by-parts) and the reference code",
         "ramp",
         {{"yarn", {{"factor", "16"}, {"original-max-position-embeddings", "4096"}}}},
         {},
         4096,
         {}},
        {"llama3-bands",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery", "Llama 3.1 frequency bands, s = 8, L0 = 8192"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Wavelengths below L0/high_freq_factor kept, above L0/low_freq_factor divided by 8, smooth "
                           "blend between."),
         "Meta Llama 3.1 reference code (apply_scaling) and Hugging Face _compute_llama3_parameters",
         "ramp",
         {{"llama3", {}}},
         {},
         8192,
         {}},
        {"bounds",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Base lower bound and critical dimension for a 4096-token context"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Liu et al.'s critical dimension (pairs that complete a full turn within the training "
                           "length are trained on every angle) and Men et al.'s lower bound on the base against the "
                           "context length (their Fig. 1), with RoPE's base as a point."),
         "Men et al. 2024, Base of RoPE Bounds Context Length, Fig. 1 (the values); Liu et al. 2023, Scaling Laws "
         "of RoPE-based Extrapolation (critical dimension)",
         "bounds",
         {{"rope", {{"head-dim", "128"}}}},
         {},
         0,
         {{"context-length", "4096"}, {"train-length", "4096"}}},
        {"entropy-rope-pi-yarn",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery", "Attention entropy vs context length: RoPE, PI, YaRN (s = 8)"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Entropy of the last query's attention grows with the context; YaRN's temperature √(1/t) "
                           "= 0.1 ln s + 1 sharpens the scores and keeps it lower."),
         "Peng et al. 2023, YaRN, §3.4 (attention scaling); entropy argument of Su's blog",
         "entropy",
         {{"rope", {}}, {"pi", {}}, {"yarn", {}}},
         {{"factor", "8"}},
         131072,
         {}},
        {"alibi-bias",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery", "ALiBi: the bias added to the attention scores (head 0 of 8)"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Each head adds -m_h (i - j) to the score of query i and key j; future keys are masked. "
                           "Head 0 has the steepest slope, m = 1/2."),
         "Press et al. 2022, Train Short, Test Long (ALiBi), Fig. 3",
         "heatmap",
         {{"alibi", {{"num-heads", "8"}}}},
         {},
         12,
         {{"view", "bias"}, {"head", "0"}}},
        {"alibi-slopes",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery", "ALiBi slopes per head: the bias against distance, 8 heads"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "One line per head: the bias -m_h Δ with slopes m_h = 2^(-8(h+1)/H), a geometric sequence "
                           "from 1/2 (head 0, attends locally) to 1/256 (head 7, sees far)."),
         "Press et al. 2022, Train Short, Test Long (ALiBi), §3 (slopes) and the official get_slopes",
         "decay",
         {{"alibi", {{"num-heads", "8"}}}},
         {},
         0,
         {{"all-heads", "true"}, {"max-distance", "64"}}},
        {"t5-buckets",
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery", "T5 relative bias buckets (32 buckets, max distance 128)"),
         QT_TRANSLATE_NOOP("posenc::widgets::Gallery",
                           "Bucket index against relative distance: one bucket per distance below 8, logarithmic "
                           "buckets up to max_distance, the last bucket beyond (16 buckets per direction when "
                           "bidirectional)."),
         "Raffel et al. 2020, T5, §2.1; Hugging Face T5Attention._relative_position_bucket",
         "decay",
         {{"t5", {}}},
         {},
         0,
         {}},
    };
}

/// The explorer's key of the k-th method of the list: "id" for the first of its kind, "id#2" for the second...
std::vector<std::string> methodKeys(const GalleryEntry& entry)
{
    std::vector<std::string> keys;
    for (std::size_t i = 0; i < entry.methods.size(); ++i) {
        const auto same = std::count_if(entry.methods.begin(), entry.methods.begin() + static_cast<long>(i),
                                        [&](const GalleryMethod& m) { return m.id == entry.methods[i].id; });
        keys.push_back(same == 0 ? entry.methods[i].id : entry.methods[i].id + "#" + std::to_string(same + 1));
    }
    return keys;
}

ParamValue methodValue(const GalleryEntry& entry, const std::string& methodId, const std::string& name,
                       const std::string& text)
{
    const ParamSpec* spec = Registry::instance().find(methodId).findParam(name);
    if (!spec)
        throw InvalidInput(name, "gallery " + entry.id + ": " + methodId + " has no parameter '" + name + "'");
    return parseValue(*spec, text);
}

} // namespace

const std::vector<GalleryEntry>& galleryEntries()
{
    static const std::vector<GalleryEntry> entries = buildEntries();
    return entries;
}

QString galleryTitle(const GalleryEntry& entry)
{
    return QCoreApplication::translate("posenc::widgets::Gallery", entry.title);
}

QString galleryCaption(const GalleryEntry& entry)
{
    return QCoreApplication::translate("posenc::widgets::Gallery", entry.caption);
}

std::vector<std::string> galleryRenderArgs(const GalleryEntry& entry)
{
    std::vector<std::string> args = {entry.view, "--method", entry.methods.front().id};
    for (const auto& [name, value] : entry.methods.front().params)
        args.insert(args.end(), {"--" + name, value});
    std::string compare;
    for (std::size_t i = 1; i < entry.methods.size(); ++i) {
        compare += (compare.empty() ? "" : ",") + entry.methods[i].id;
        for (const auto& [name, value] : entry.methods[i].params)
            compare += ":" + name + "=" + value;
    }
    if (!compare.empty())
        args.insert(args.end(), {"--compare", compare});
    for (const auto& [name, value] : entry.shared)
        args.insert(args.end(), {"--" + name, value});
    if (entry.length > 0)
        args.insert(args.end(), {"--length", std::to_string(entry.length)});
    for (const auto& [name, value] : entry.options)
        args.insert(args.end(), {"--" + name, value});
    return args;
}

io::Session gallerySession(const GalleryEntry& entry)
{
    io::Session s;
    s.description = entry.title;
    s.methods = methodKeys(entry);
    for (std::size_t i = 0; i < entry.methods.size(); ++i)
        for (const auto& [name, text] : entry.methods[i].params)
            s.params[s.methods[i]][name] = methodValue(entry, entry.methods[i].id, name, text);
    for (const auto& [name, text] : entry.shared) {
        bool taken = false;
        for (std::size_t i = 0; i < entry.methods.size(); ++i) {
            if (!Registry::instance().find(entry.methods[i].id).findParam(name))
                continue;
            const ParamValue value = methodValue(entry, entry.methods[i].id, name, text);
            if (ExplorerState::isShared(name))
                s.shared[name] = value;
            else
                s.params[s.methods[i]][name] = value;
            taken = true;
        }
        if (!taken)
            throw InvalidInput(name, "gallery " + entry.id + ": no method takes '" + name + "'");
    }
    if (entry.length > 0)
        s.length = entry.length;
    const FigureSpec& view = figureSpec(entry.view);
    auto& options = s.views[entry.view];
    for (const ParamSpec& o : view.options)
        if (!std::holds_alternative<std::monostate>(o.defaultValue))
            options[o.name] = o.defaultValue;
    for (const auto& [name, text] : entry.options) {
        const ParamSpec* o = figureOption(view.kind, name);
        if (!o)
            throw InvalidInput(name,
                               "gallery " + entry.id + ": the " + entry.view + " view has no option '" + name + "'");
        options[name] = parseValue(*o, text);
    }
    s.currentView = entry.view;
    return s;
}

} // namespace posenc::widgets
