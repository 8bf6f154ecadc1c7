// SPDX-License-Identifier: GPL-3.0-or-later
#include "gallery_entries.h"

namespace posenc::cli {

namespace {

/// The probe [1, ..., 1, -1, ..., -1] of `dim` channels (half ones, half minus ones).
std::string halfOnesProbe(int dim)
{
    std::string out;
    for (int i = 0; i < dim; ++i)
        out += std::string(i ? "," : "") + (i < dim / 2 ? "1" : "-1");
    return out;
}

} // namespace

const std::vector<GalleryEntry>& galleryEntries()
{
    static const std::vector<GalleryEntry> all = {
        {"sinusoidal-64x1000",
         "Sinusoidal encoding, d = 64, 1000 positions",
         "PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos(...): rows are positions, columns channels; "
         "the fast channels on the left oscillate every few positions, the slow ones on the right barely move.",
         "Vaswani et al. 2017, Attention Is All You Need, §3.5; the classic heatmap of the Annotated Transformer",
         {"heatmap", "--method", "sinusoidal", "--d-model", "64", "--length", "1000", "--view", "pe"}},
        {"sinusoidal-tf-2048x512",
         "Sinusoidal encoding, concatenated layout, d = 512, 2048 positions",
         "The TensorFlow tutorial's layout: all sines in the first half of the channels, all cosines in the second.",
         "TensorFlow tutorial 'Neural machine translation with a Transformer and Keras', positional encoding figure",
         {"heatmap", "--method", "sinusoidal", "--d-model", "512", "--layout", "concatenated", "--length", "2048",
          "--view", "pe"}},
        {"sinusoidal-tf-similarity",
         "Cosine similarity between sinusoidal position vectors, d = 512",
         "Each position is most similar to itself and its neighbours; similarity falls off with distance along "
         "every row (the tutorial plots one row, position 1000).",
         "TensorFlow tutorial 'Neural machine translation with a Transformer and Keras', similarity figure",
         {"similarity", "--method", "sinusoidal", "--d-model", "512", "--layout", "concatenated", "--length", "2048",
          "--kind", "cosine"}},
        {"rope-rotated-half-ones",
         "RoPE applied to [1, ..., 1, -1, ..., -1], d = 128",
         "Each row is the probe vector rotated by RoPE at that position (half pairing): the fast pairs on the left "
         "spin quickly, the slow ones on the right keep the probe's value for thousands of positions.",
         "Su et al. 2021, RoFormer, Eq. 13-14 (rotation of a fixed vector); common teaching figure",
         {"heatmap", "--method", "rope", "--head-dim", "128", "--length", "2048", "--view", "rotated", "--probe",
          halfOnesProbe(128)}},
        {"roformer-fig2",
         "Long-term decay: RoFormer's relative upper bound, d = 128",
         "The bound (1/(d/2)) Σ|S_j| on q^T R k for relative distance Δ up to 256 decays with distance (it is an "
         "upper bound, not an attention score).",
         "Su et al. 2021, RoFormer, §3.4.3 and Fig. 2",
         {"decay", "--method", "rope", "--head-dim", "128", "--length", "256", "--curve", "roformer-bound"}},
        {"pi-interpolation",
         "Position Interpolation vs extrapolation: per-pair frequencies, s = 8",
         "PI divides every frequency by s, so positions beyond the training length map back inside the trained "
         "range (interpolation) instead of reaching unseen angles (extrapolation, plain RoPE).",
         "Chen et al. 2023, Extending Context Window of LLMs via Positional Interpolation, Fig. 2 (idea)",
         {"frequencies", "--method", "rope", "--compare", "pi", "--factor", "8", "--length", "4096"}},
        {"yarn-bands",
         "YaRN's three frequency bands, s = 16, L0 = 4096",
         "Pairs whose wavelength is short against L0 (r > β = 32) are kept, long ones (r < α = 1) are "
         "interpolated by s, and a linear ramp blends the band between.",
         "Peng et al. 2023, YaRN, §3.2 Def. 2 (NTK-by-parts) and the reference code",
         {"ramp", "--method", "yarn", "--factor", "16", "--length", "4096"}},
        {"llama3-bands",
         "Llama 3.1 frequency bands, s = 8, L0 = 8192",
         "Wavelengths below L0/high_freq_factor kept, above L0/low_freq_factor divided by 8, smooth blend between.",
         "Meta Llama 3.1 reference code (apply_scaling) and Hugging Face _compute_llama3_parameters",
         {"ramp", "--method", "llama3", "--length", "8192"}},
        {"bounds", "Base lower bound and critical dimension for a 4096-token context",
         "Liu et al.'s critical dimension (pairs that complete a full turn within the training length are "
         "trained on every angle) and Men et al.'s L_theta and lower bound on the base for the context length; "
         "Men et al. Fig. 1 plots that bound against context length.",
         "Men et al. 2024, Base of RoPE Bounds Context Length, Fig. 1 (the values); Liu et al. 2023, Scaling "
         "Laws of RoPE-based Extrapolation (critical dimension)",
         {"bounds", "--method", "rope", "--head-dim", "128", "--length", "4096"}},
        {"entropy-rope-pi-yarn",
         "Attention entropy vs context length: RoPE, PI, YaRN (s = 8)",
         "Entropy of the last query's attention grows with the context; YaRN's temperature √(1/t) = 0.1 ln s + 1 "
         "sharpens the scores and keeps it lower.",
         "Peng et al. 2023, YaRN, §3.4 (attention scaling); entropy argument of Su's blog",
         {"entropy", "--method", "rope", "--compare", "pi,yarn", "--factor", "8", "--length", "131072"}},
        {"alibi-bias", "ALiBi: the bias added to the attention scores (head 0 of 8)",
         "Each head adds -m_h (i - j) to the score of query i and key j; future keys are masked. The slopes are "
         "m_h = 2^(-8h/H), h = 1..H, so head 0 (m = 1/2) is the steepest.",
         "Press et al. 2022, Train Short, Test Long (ALiBi), Fig. 3",
         {"heatmap", "--method", "alibi", "--num-heads", "8", "--view", "bias", "--length", "12", "--head", "0"}},
        {"t5-buckets",
         "T5 relative bias buckets (32 buckets, max distance 128)",
         "Bucket index against relative distance: one bucket per distance below 8, logarithmic buckets up to "
         "max_distance, the last bucket beyond (16 buckets per direction when bidirectional).",
         "Raffel et al. 2020, T5, §2.1; Hugging Face T5Attention._relative_position_bucket",
         {"decay", "--method", "t5", "--length", "256"}},
    };
    return all;
}

} // namespace posenc::cli
