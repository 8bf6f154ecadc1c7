// SPDX-License-Identifier: GPL-3.0-or-later
// Token layouts of the image/video families, their position ids, cos/sin tables and RIFLEx.
#include "posenc/grid_rope.h"

#include "posenc/errors.h"

#include <charconv>
#include <cmath>
#include <numbers>

namespace posenc::grid {

namespace {

constexpr std::int64_t kMaxTokens = std::int64_t{1} << 22;

std::int64_t parseSize(std::string_view s, std::string_view entry)
{
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size() || v < 1 || v > kMaxTokens)
        throw InvalidInput("layout", "--layout entry \"" + std::string(entry) + "\": \"" + std::string(s) +
                                         "\" is not a size in [1, " + std::to_string(kMaxTokens) + "]");
    return v;
}

std::vector<std::int64_t> sizes(std::string_view s, std::size_t count, std::string_view entry)
{
    std::vector<std::int64_t> out;
    while (true) {
        const auto x = s.find('x');
        out.push_back(parseSize(s.substr(0, x), entry));
        if (x == std::string_view::npos)
            break;
        s.remove_prefix(x + 1);
    }
    if (out.size() != count)
        throw InvalidInput("layout", "--layout entry \"" + std::string(entry) + "\": expected " +
                                         (count == 2 ? "image:HxW" : "video:TxHxW"));
    return out;
}

std::int64_t tokens(const LayoutItem& it)
{
    return it.kind == Kind::Text ? it.n : it.kind == Kind::Cls ? 1 : it.t * it.h * it.w;
}

[[noreturn]] void misfit(const Model& m, const std::string& rule)
{
    throw InvalidInput("layout", "--layout does not fit " + m.className + " (" + m.method + "): " + rule);
}

/// Checks the layout against the family's token order: [text:N,]image:HxW (FLUX.1/2, Qwen-Image), video:TxHxW.
void checkLayout(const Model& m, const std::vector<LayoutItem>& layout)
{
    std::size_t text = 0, image = 0, video = 0;
    for (std::size_t i = 0; i < layout.size(); ++i) {
        const auto& it = layout[i];
        if (it.kind == Kind::Text) {
            ++text;
            if (!m.text)
                misfit(m, m.video ? "its text tokens are not rotated (only the video tokens take RoPE); give "
                                    "video:TxHxW alone"
                                  : "a vision tower rotates image patches only; give image:HxW");
            if (i != 0)
                misfit(m, "text tokens come first (the model concatenates text, then image); give text:N,image:HxW");
        } else if (it.kind == Kind::Image) {
            ++image;
            if (!m.image)
                misfit(m, "it is a video model; give video:TxHxW (video:1xHxW for one frame)");
        } else if (it.kind == Kind::Cls) {
            if (!m.fixedGrid)
                misfit(m, "only Llama 4's vision tower has a CLS token (cls, listed last)");
            if (i + 1 != layout.size())
                misfit(m, "the CLS token comes last (Llama 4 appends it after the patches); give image:HxW,cls");
        } else {
            ++video;
            if (!m.video)
                misfit(m, "it is an image model; a video layout (video:TxHxW) does not apply, give image:HxW");
        }
    }
    if (text > 1 || image + video != 1)
        misfit(m, m.video ? "give exactly one video:TxHxW" : "give [text:N,]image:HxW: one image, text optional");
}

} // namespace

std::vector<LayoutItem> parseLayout(std::string_view text)
{
    std::vector<LayoutItem> out;
    std::int64_t total = 0;
    while (!text.empty()) {
        const auto comma = text.find(',');
        const std::string_view entry = text.substr(0, comma);
        const auto colon = entry.find(':');
        const std::string_view kind = entry.substr(0, colon);
        if (colon == std::string_view::npos && entry != "cls")
            throw InvalidInput("layout", "--layout entry \"" + std::string(entry) +
                                             "\": expected text:N, image:HxW or video:TxHxW");
        const std::string_view rest = colon == std::string_view::npos ? std::string_view() : entry.substr(colon + 1);
        LayoutItem it;
        if (kind == "text") {
            it.kind = Kind::Text;
            it.n = parseSize(rest, entry);
        } else if (kind == "image") {
            const auto s = sizes(rest, 2, entry);
            it.kind = Kind::Image;
            it.h = s[0];
            it.w = s[1];
        } else if (kind == "video") {
            const auto s = sizes(rest, 3, entry);
            it.kind = Kind::Video;
            it.t = s[0];
            it.h = s[1];
            it.w = s[2];
        } else if (kind == "cls") {
            if (!rest.empty() && rest != "1")
                throw InvalidInput("layout", "--layout entry \"" + std::string(entry) +
                                                 "\": there is one CLS token; give cls (or cls:1)");
            it.kind = Kind::Cls;
        } else {
            throw InvalidInput("layout", "--layout entry \"" + std::string(entry) +
                                             "\": the kind must be text, image, video or cls");
        }
        total += tokens(it);
        if (total > kMaxTokens)
            throw InvalidInput("layout", "--layout has more than " + std::to_string(kMaxTokens) + " tokens");
        out.push_back(it);
        if (comma == std::string_view::npos)
            break;
        text.remove_prefix(comma + 1);
        if (text.empty())
            throw InvalidInput("layout", "--layout ends with a comma");
    }
    if (out.empty())
        throw InvalidInput("layout", "--layout is empty; give e.g. text:4,image:32x32 or video:8x30x52");
    return out;
}

std::vector<std::vector<double>> positions(const Model& m, const std::vector<LayoutItem>& layout)
{
    checkLayout(m, layout);
    if (m.family == Family::LtxVideo || m.family == Family::CogVideoX || m.tower)
        return morePositions(m, layout);
    const std::size_t k = m.axes.size();
    std::vector<std::vector<double>> ids;
    std::int64_t imgH = 1, imgW = 1;
    for (const auto& it : layout)
        if (it.kind == Kind::Image) {
            imgH = it.h;
            imgW = it.w;
        }
    for (const auto& it : layout) {
        if (it.kind == Kind::Text) {
            for (std::int64_t i = 0; i < it.n; ++i) {
                std::vector<double> row(k, 0.0);
                if (m.family == Family::Flux2) // _prepare_text_ids: (0, 0, 0, i)
                    row[3] = static_cast<double>(i);
                if (m.family == Family::QwenImage) // pos_freqs[max_vid_index + i] on every axis
                    row.assign(k, static_cast<double>(std::max(imgH / 2, imgW / 2) + i));
                ids.push_back(std::move(row));
            }
            continue;
        }
        for (std::int64_t t = 0; t < it.t; ++t)
            for (std::int64_t r = 0; r < it.h; ++r)
                for (std::int64_t c = 0; c < it.w; ++c) {
                    std::vector<double> row(k, 0.0);
                    row[0] = static_cast<double>(t);
                    row[1] = static_cast<double>(r);
                    row[2] = static_cast<double>(c);
                    if (m.family == Family::QwenImage) { // scale_rope: centred, r - ceil(H/2), c - ceil(W/2)
                        row[1] = static_cast<double>(r - (it.h - it.h / 2));
                        row[2] = static_cast<double>(c - (it.w - it.w / 2));
                    }
                    ids.push_back(std::move(row));
                }
    }
    return ids;
}

std::vector<double> table(const Model& m, const std::vector<std::vector<double>>& positions, bool sine)
{
    const std::size_t np = pairs(m).size();
    const auto a = angles(m, positions);
    const auto pad = static_cast<std::size_t>(m.padding);
    const std::size_t c = pad + 2 * np;
    std::vector<double> out(positions.size() * c);
    for (std::size_t r = 0; r < positions.size(); ++r) {
        double* row = out.data() + r * c;
        for (std::size_t j = 0; j < pad; ++j)
            row[j] = sine ? 0.0 : 1.0; // unrotated channels: cos 1, sin 0
        for (std::size_t j = 0; j < np; ++j) {
            const double v = sine ? std::sin(a[r * np + j]) : std::cos(a[r * np + j]);
            if (m.channels == Channels::Interleaved) {
                row[pad + 2 * j] = v;
                row[pad + 2 * j + 1] = v;
            } else {
                row[pad + j] = v;
                row[pad + np + j] = v;
            }
        }
    }
    return out;
}

Riflex riflex(const Model& m, long long frames, int k, long long repetition)
{
    if (m.temporalAxis < 0)
        throw InvalidInput("riflex-frames",
                           m.className + " (" + m.method + ") has no temporal axis; RIFLEx extends video length");
    if (frames < 1)
        throw InvalidInput("riflex-frames", "--riflex-frames " + std::to_string(frames) +
                                                ": the test length in latent frames must be >= 1");
    const Axis& a = m.axes[static_cast<std::size_t>(m.temporalAxis)];
    Riflex r;
    r.original = a.invFreq;
    const int pairs = static_cast<int>(a.invFreq.size());
    for (int j = 1; j <= pairs; ++j) { // identify_k: theta_j = 1 / b^(2(j-1)/d), N_j = round(2π/theta_j)
        const double thetaJ = 1.0 / std::pow(a.theta, 2.0 * (j - 1) / a.dim);
        r.periods.push_back(static_cast<long long>(std::nearbyint(2 * std::numbers::pi / thetaJ)));
    }
    if (k != 0 && repetition > 0)
        throw InvalidInput("riflex-k", "give --riflex-k or --riflex-repetition, not both");
    if (k == 0 && repetition > 0) {
        long long best = -1;
        for (int j = 0; j < pairs; ++j) {
            const long long d = std::llabs(r.periods[static_cast<std::size_t>(j)] - repetition);
            if (best < 0 || d < best) { // the first minimum: the lower j on a tie
                best = d;
                k = j + 1;
            }
        }
    } else if (k == 0) {
        k = m.riflexK;
    }
    if (k < 1 || k > pairs)
        throw InvalidInput("riflex-k", "--riflex-k " + std::to_string(k) + ": the temporal axis of " + m.className +
                                           " has components 1.." + std::to_string(pairs));
    r.k = k;
    r.nK = r.periods[static_cast<std::size_t>(k - 1)];
    r.invFreq = a.invFreq;
    if (frames > r.nK) {
        r.invFreq[static_cast<std::size_t>(k - 1)] = 0.9 * 2 * std::numbers::pi / static_cast<double>(frames);
        r.applied = true;
        r.note = "component k = " + std::to_string(k) + " set to 0.9*2*pi/" + std::to_string(frames) +
                 " (RIFLEx, get_1d_rotary_pos_embed_riflex)";
    } else {
        r.note = "frames = " + std::to_string(frames) + " <= N_k = " + std::to_string(r.nK) +
                 ": RIFLEx's scripts leave the frequencies unchanged (they apply it only when frames > N_k)";
    }
    return r;
}

} // namespace posenc::grid
