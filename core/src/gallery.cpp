// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/gallery.h"

namespace posenc {

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
         "Sinusoidal encoding, d = 64, 1000 positions",
         "PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...): x is the position, y the "
         "channel; the fast channels at the bottom oscillate every few positions, the slow ones at "
         "the top barely move.",
         "Vaswani et al. 2017, Attention Is All You Need, §3.5; the classic heatmap of the Annotated Transformer",
         "heatmap",
         {{"sinusoidal", {{"d-model", "64"}}}},
         {},
         1000,
         {{"view", "pe"}}},
        {"sinusoidal-tf-2048x512",
         "Sinusoidal encoding, concatenated layout, d = 512, 2048 positions",
         "The TensorFlow tutorial's layout: all sines in the first half of the channels, all cosines "
         "in the second.",
         "TensorFlow tutorial 'Neural machine translation with a Transformer and Keras', positional encoding figure",
         "heatmap",
         {{"sinusoidal", {{"d-model", "512"}, {"layout", "concatenated"}}}},
         {},
         2048,
         {{"view", "pe"}}},
        {"sinusoidal-tf-similarity",
         "Cosine similarity between sinusoidal position vectors, d = 512",
         "Each position is most similar to itself and its neighbours; similarity falls off with "
         "distance along every row (the tutorial plots one row, position 1000).",
         "TensorFlow tutorial 'Neural machine translation with a Transformer and Keras', similarity figure",
         "similarity",
         {{"sinusoidal", {{"d-model", "512"}, {"layout", "concatenated"}}}},
         {},
         2048,
         {{"kind", "cosine"}}},
        {"rope-rotated-half-ones",
         "RoPE applied to [1, ..., 1, -1, ..., -1], d = 128",
         "Each column is the probe vector rotated by RoPE at that position (half pairing): the fast "
         "pairs spin quickly, the slow ones keep the probe's value for thousands of positions.",
         "Su et al. 2021, RoFormer, Eq. 13-14 (rotation of a fixed vector); common teaching figure",
         "heatmap",
         {{"rope", {{"head-dim", "128"}}}},
         {},
         2048,
         {{"view", "rotated"}, {"probe", halfOnesProbe(128)}}},
        {"rope-rotation",
         "RoPE as rotation: RoPE, PI and YaRN (s = 8) as clock hands",
         "Four channel pairs of the query at position 12 (solid) and the key at position 8 "
         "(dashed). PI slows every hand by s; YaRN keeps the fast hands of RoPE and slows only the "
         "slow ones. The score depends on the arcs, the angles (m - n)θ'.",
         "Su et al. 2021, RoFormer, §3.2 and Fig. 1 (rotation of pairs); Chen et al. 2023 (PI); Peng et al. 2023 "
         "(YaRN)",
         "rotation",
         {{"rope", {}}, {"pi", {}}, {"yarn", {}}},
         {{"factor", "8"}},
         0,
         {{"position", "12"}, {"key-position", "8"}, {"pairs", "4"}}},
        {"roformer-fig2",
         "Long-term decay: RoFormer's relative upper bound, d = 128",
         "The bound (1/(d/2)) Σ|S_j| on q^T R k for relative distance Δ up to 256 decays with "
         "distance (it is an upper bound, not an attention score).",
         "Su et al. 2021, RoFormer, §3.4.3 and Fig. 2",
         "decay",
         {{"rope", {{"head-dim", "128"}}}},
         {},
         0,
         {{"curve", "roformer-bound"}, {"max-distance", "256"}}},
        {"pi-interpolation",
         "Position Interpolation vs extrapolation: per-pair wavelengths, s = 8",
         "PI divides every frequency by s, so positions beyond the training length L0 = 4096 map back "
         "inside the trained range (interpolation) instead of reaching unseen angles (extrapolation, "
         "plain RoPE). The lines mark L0 and s·L0.",
         "Chen et al. 2023, Extending Context Window of LLMs via Positional Interpolation, Fig. 2 (idea)",
         "frequencies",
         {{"rope", {}}, {"pi", {}}},
         {{"factor", "8"}},
         4096,
         {{"original-length", "4096"}}},
        {"yarn-bands",
         "YaRN's three frequency bands, s = 16, L0 = 4096",
         "Pairs whose wavelength is short against L0 (r > β = 32) are kept, long ones (r < α = 1) "
         "are interpolated by s, and a linear ramp blends the band between.",
         "Peng et al. 2023, YaRN, §3.2 Def. 2 (NTK-by-parts) and the reference code",
         "ramp",
         {{"yarn", {{"factor", "16"}, {"original-max-position-embeddings", "4096"}}}},
         {},
         4096,
         {}},
        {"llama3-bands",
         "Llama 3.1 frequency bands, s = 8, L0 = 8192",
         "Wavelengths below L0/high_freq_factor kept, above L0/low_freq_factor stretched 8 times (frequency "
         "divided by 8), smooth blend between.",
         "Meta Llama 3.1 reference code (apply_scaling) and Hugging Face _compute_llama3_parameters",
         "ramp",
         {{"llama3", {}}},
         {},
         8192,
         {}},
        {"bounds",
         "Base lower bound and critical dimension for a 4096-token context",
         "Liu et al.'s critical dimension (pairs that complete a full turn within the training "
         "length are trained on every angle) and Men et al.'s lower bound on the base against the "
         "context length (their Fig. 1), with RoPE's base as a point.",
         "Men et al. 2024, Base of RoPE Bounds Context Length, Fig. 1 (the values); Liu et al. 2023, Scaling Laws "
         "of RoPE-based Extrapolation (critical dimension)",
         "bounds",
         {{"rope", {{"head-dim", "128"}}}},
         {},
         0,
         {{"context-length", "4096"}, {"train-length", "4096"}}},
        {"entropy-rope-pi-yarn",
         "Attention entropy vs context length: RoPE, PI, YaRN (s = 8)",
         "Each curve is the attention entropy of the last query minus RoPE's at the same context length n "
         "(RoPE is the line 0). Up to about the training length L0 = 4096 interpolation (PI) spreads attention "
         "more than RoPE; YaRN's temperature √(1/t_YaRN) = 0.1 ln s + 1 multiplies every logit by 1/t_YaRN = 1.46 at s "
         "= "
         "8 and brings its entropy back to within a hundredth of a nat of RoPE's at L0. Beyond L0, RoPE "
         "(outside its training range) nears uniform attention and the scaled methods lie below it. The score "
         "model is expected-similar with σ² = 0.25 (stated on the figure); with q = k = 1 (all-ones, √d at Δ = "
         "0) the temperature would move H by nats.",
         "Peng et al. 2023, YaRN, §3.4 (attention scaling); entropy argument of Su's blog",
         "entropy",
         {{"rope", {}}, {"pi", {}}, {"yarn", {}}},
         {{"factor", "8"}},
         131072,
         {}},
        {"alibi-bias",
         "ALiBi: the bias added to the attention scores (head 0 of 8)",
         "Each head adds -m_h (i - j) to the score of query i and key j; future keys are masked. "
         "Head 0 has the steepest slope, m = 1/2.",
         "Press et al. 2022, Train Short, Test Long (ALiBi), Fig. 3",
         "heatmap",
         {{"alibi", {{"num-heads", "8"}}}},
         {},
         12,
         {{"view", "bias"}, {"head", "0"}}},
        {"alibi-slopes",
         "ALiBi slopes per head: the bias against distance, 8 heads",
         "One line per head: the bias -m_h Δ with slopes m_h = 2^(-8(h+1)/H), a geometric sequence "
         "from 1/2 (head 0, attends locally) to 1/256 (head 7, sees far).",
         "Press et al. 2022, Train Short, Test Long (ALiBi), §3 (slopes) and the official get_slopes",
         "decay",
         {{"alibi", {{"num-heads", "8"}}}},
         {},
         0,
         {{"all-heads", "true"}, {"max-distance", "64"}}},
        {"t5-buckets",
         "T5 relative bias buckets (32 buckets, max distance 128)",
         "Bucket index against relative distance: one bucket per distance below 8, logarithmic "
         "buckets up to max_distance, the last bucket beyond (16 buckets per direction when "
         "bidirectional).",
         "Raffel et al. 2020, T5, §2.1; Hugging Face T5Attention._relative_position_bucket",
         "decay",
         {{"t5", {}}},
         {},
         0,
         {}},
        // Issue 37: image and video RoPE (the Grid view; the method is not used by it)
        {"flux-three-axes",
         "FLUX's three axes",
         "FLUX.1-dev splits each head's 128 channels into three axes, 16 + 56 + 56: t (the first id, 0 on every "
         "image token: it never turns on the image), h (rows) and w (columns), each with its own wavelengths. At "
         "2x the resolution (128x128 tokens) the shaded pairs of h and w meet angles never seen at 64x64.",
         "diffusers transformer_flux.py FluxPosEmbed (axes_dims_rope 16, 56, 56), pipeline_flux.py "
         "_prepare_latent_image_ids",
         "grid",
         {{"rope", {}}},
         {},
         0,
         {{"family", "flux.1-dev"}, {"show", "wavelengths"}, {"grid-height", "128"}, {"grid-width", "128"}}},
        {"riflex-one-component",
         "Why RIFLEx changes one component",
         "HunyuanVideo's time axis for 66 latent frames (2x its 33): RIFLEx moves only component k = 4 "
         "(counted from 1: pair 3 in the figure), whose period N_k = 50 frames lies between the trained and the "
         "target length, to 0.9*2*pi/66 (dashed), so that it does not finish a turn and repeat the video; the other "
         "components stay.",
         "Zhao et al. 2025, RIFLEx (thu-ml/RIFLEx riflex_utils.py get_1d_rotary_pos_embed_riflex); diffusers "
         "transformer_hunyuan_video.py",
         "grid",
         {{"rope", {}}},
         {},
         0,
         {{"family", "hunyuan-video"},
          {"show", "wavelengths"},
          {"riflex-frames", "66"},
          {"grid-height", "45"},
          {"grid-width", "80"}}},
        {"qwen-image-centred-grid",
         "Qwen-Image's centred grid",
         "Qwen-Image numbers image tokens from the centre: rows and columns run from -ceil(H/2) to floor(H/2) - 1 "
         "(x axis), so the angle of every pair is 0 on the middle column, not on the left edge as in FLUX; its text "
         "tokens continue after the largest id.",
         "diffusers transformer_qwenimage.py QwenEmbedRope (scale_rope=True)",
         "grid",
         {{"rope", {}}},
         {},
         0,
         {{"family", "qwen-image"}, {"axis", "w"}, {"pair", "6"}}},
    };
}

} // namespace

const std::vector<GalleryEntry>& galleryEntries()
{
    static const std::vector<GalleryEntry> entries = buildEntries();
    return entries;
}

} // namespace posenc
