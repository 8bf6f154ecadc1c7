// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file encoding.h
/// An Encoding is what a method builds from a validated ParamSet: the frequencies, tables or biases that every
/// view and analysis reads. Encodings are immutable and cheap to share between threads.

#include "posenc/names.h"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace posenc {

/// How a method injects position information.
enum class MethodKind {
    Additive,      ///< a vector added to the token embedding (sinusoidal, learned)
    Rotary,        ///< a rotation of query/key pairs (RoPE and its scaled variants, xPos)
    AttentionBias, ///< a bias added to the attention logits (ALiBi, T5)
    None           ///< no position signal (NoPE baseline)
};

/// Matrix views. Rows are positions (for `Bias`: query positions, columns key positions).
enum class View {
    Pe,      ///< additive encoding, length x d_model
    Cos,     ///< a*cos(m theta'_i) as the model multiplies it, length x d_rot, in the pairing layout
    Sin,     ///< a*sin(m theta'_i), length x d_rot, in the pairing layout
    Angle,   ///< (m theta'_i) mod 2 pi, length x (number of pairs)
    Rotated, ///< R_m x for a probe vector x (attention factor applied), length x head_dim
    Bias     ///< attention bias for one head, query x key
};

/// RoPE channel pairing. Half: channel j with j + d_rot/2 (GPT-NeoX, HF LLaMA `rotate_half`);
/// Interleaved: 2j with 2j+1 (GPT-J, RoFormer, Meta LLaMA).
enum class Pairing { Half, Interleaved };

/// The one spelling of each value (CLI, GUI, JSON, sessions).
inline constexpr EnumName<MethodKind> kMethodKindNames[] = {{MethodKind::Additive, "additive"},
                                                            {MethodKind::Rotary, "rotary"},
                                                            {MethodKind::AttentionBias, "attention-bias"},
                                                            {MethodKind::None, "none"}};
inline constexpr EnumName<View> kViewNames[] = {{View::Pe, "pe"},       {View::Cos, "cos"},
                                                {View::Sin, "sin"},     {View::Angle, "angle"},
                                                {View::Rotated, "rotated"}, {View::Bias, "bias"}};
inline constexpr EnumName<Pairing> kPairingNames[] = {{Pairing::Half, "half"}, {Pairing::Interleaved, "interleaved"}};

std::string toString(MethodKind kind);
std::string toString(View view);
/// Parses a view name ("pe", "cos", ...); throws InvalidInput naming `view` when unknown.
View parseView(const std::string& name);
std::string toString(Pairing pairing);

/// Everything a rotary method resolves to. Index i = 0 .. d_rot/2-1, highest frequency first.
struct RotaryFrequencies {
    int headDim = 0;
    int rotaryDim = 0; ///< d_rot = int(head_dim * partial_rotary_factor)
    Pairing pairing = Pairing::Half;
    double base = 0.0;                       ///< the (unscaled) RoPE base b
    double originalLength = 0.0;             ///< L0 for methods that have one (0 otherwise)
    std::vector<double> invFreq;             ///< theta'_i actually used (rad/position)
    std::vector<double> baseInvFreq;         ///< theta_i = base^(-2i/d_rot) before any scaling
    std::optional<std::vector<double>> ramp; ///< gamma_i in [0,1]: 1 keeps theta_i, 0 interpolates fully
    /// Scale s against which the interpolation fraction log(theta/theta')/log(s) is measured (the effective
    /// scale for dynamic methods); 1 for unscaled methods (fraction then undefined).
    double scale = 1.0;
    bool scaled = false; ///< true for every scaled rotary method (pi, ntk-*, yarn, llama3, longrope)
    /// The configured factor s (dynamic methods: before any rescaling to the sequence length; 1 if unscaled).
    double nominalScale = 1.0;
    /// The ramp's thresholds in rotations over L0 (YaRN and NTK-by-parts beta_slow = alpha and beta_fast = beta,
    /// Llama 3 low/high_freq_factor): pairs with wavelength below L0/beta keep theta, above L0/alpha are
    /// interpolated. Unset for methods without such a ramp.
    std::optional<double> rampAlpha;
    std::optional<double> rampBeta;
    double attentionFactor = 1.0;         ///< multiplies cos and sin: rotated-channel logits scale by its square
    double softmaxScaleMultiplier = 1.0;  ///< DeepSeek: softmax scale multiplier for all channels (1 elsewhere)
    std::vector<double> xposZeta;         ///< xPos per-pair decay base zeta_i (empty unless xPos)
    double xposScaleBase = 0.0;           ///< xPos scale_base B (score factor zeta_i^(Delta/B))
    std::map<std::string, double> extras; ///< method-specific scalars for reports (e.g. base_prime, ramp_low)

    std::size_t pairs() const { return invFreq.size(); }
    /// The channel layout, in one place: pair i rotates channels (channelA(i), channelB(i)) = (i, i + pairs())
    /// for Half pairing, (2i, 2i+1) for Interleaved; channels >= 2 pairs() pass through.
    std::size_t channelA(std::size_t i) const { return pairing == Pairing::Half ? i : 2 * i; }
    std::size_t channelB(std::size_t i) const { return pairing == Pairing::Half ? i + pairs() : 2 * i + 1; }
    /// xPos decay per position of each pair, ln(zeta_i)/B: pair i is scaled by exp(m ln(zeta_i)/B) at query
    /// position m (exp(-n ...) on the key side), so a score decays as zeta_i^((m-n)/B). Empty without xPos.
    std::vector<double> logDecayPerPosition() const;
    /// Per-pair interpolation fraction log(theta_i/theta'_i)/log(scale): 0 untouched, 1 fully interpolated.
    /// Empty when the method is not a scaled one or scale == 1.
    std::vector<double> interpolationFraction() const;
    /// The context the configuration targets, factor x L0 with the configured factor (nominalScale: a dynamic
    /// method's rescaled scale is not its target); 0 for a method without an L0. The default of every context
    /// bound (Bounds view, compute bounds, inspect).
    double targetContext() const
    {
        return originalLength > 0 ? originalLength * (nominalScale > 1 ? nominalScale : 1) : 0;
    }
};

/// Per-dimension frequency report (CLI `compute frequencies`, GUI frequency view).
struct FrequencyTable {
    std::optional<int> rotaryDim;   ///< rotary methods only
    std::vector<double> invFreq;    ///< rad/position, one per pair (sinusoidal: omega_i)
    std::vector<double> wavelength; ///< 2 pi / invFreq (positions)
    std::optional<std::vector<double>> ramp;
    std::optional<std::vector<double>> interpolation;
    double attentionFactor = 1.0;
    std::map<std::string, double> extras;
};

/// Per-view options that are not method parameters.
struct ViewOptions {
    std::vector<double> probe; ///< Rotated: probe vector of length head_dim; empty = [1,...,1,-1,...,-1]
    int head = 0;              ///< Bias: attention head
    std::int64_t keyCount = 0; ///< Bias: number of key positions (columns); 0 = same as the row count
    std::int64_t firstKey = 0; ///< Bias: first key position
};

class Encoding {
public:
    virtual ~Encoding() = default;
    virtual MethodKind kind() const = 0;
    /// Views this encoding can produce, in the order a user would try them.
    virtual std::vector<View> views() const = 0;
    bool supports(View view) const;
    /// Columns of `view` (rows are positions). Throws InvalidInput when the view does not apply.
    virtual std::size_t columns(View view, const ViewOptions& options) const = 0;
    /// Writes rows firstRow .. firstRow+rows-1 of `view` into `out` (row-major, columns() wide).
    /// Thread-safe: may be called concurrently on disjoint row ranges.
    virtual void fillRows(View view, std::int64_t firstRow, std::size_t rows, double* out,
                          const ViewOptions& options) const = 0;
    /// Largest position a view can show (learned tables are finite); -1 = unbounded.
    virtual std::int64_t maxPositions() const { return -1; }

    /// Rotary methods: their frequencies; nullptr otherwise.
    virtual const RotaryFrequencies* rotary() const { return nullptr; }
    /// Frequencies per pair for methods that have them (rotary, sinusoidal); nullopt otherwise.
    virtual std::optional<FrequencyTable> frequencyTable() const { return std::nullopt; }
    /// Attention-bias methods: number of heads and the bias added to the logit of a query at position q
    /// for a key at position k (distance = q - k; negative for future keys). 0 heads otherwise.
    virtual int biasHeads() const { return 0; }
    virtual double bias(int head, std::int64_t queryMinusKey) const;
    /// Why bias() is not a logit offset (e.g. T5 without learned bucket values shows bucket indices), or empty
    /// when it is one. Analyses that treat the bias as a logit refuse with this message.
    virtual std::string biasNotLogitReason() const { return {}; }
    /// Additive methods: the model dimension d_model; 0 otherwise.
    virtual int modelDim() const { return 0; }
};

} // namespace posenc
