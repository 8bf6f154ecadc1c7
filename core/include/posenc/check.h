// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
/// \file check.h
/// `posenc check`: a user's table (inv_freq, cos/sin cache, angles or a rotated vector) against the reference
/// values of a rotary method, with a diagnosis of what is wrong.
///
/// The reference is the method's RotaryFrequencies (float64). A table is aligned to it by its shape — rows are
/// positions, columns pairs (ggml's per-pair view, vLLM's cos or sin half), channels (HF's duplicated
/// cat(freqs, freqs) cache, or its interleaved repeat) or vLLM's cos_sin_cache (cos | sin concatenated) — and
/// compared element by element with a tolerance derived from the precision the table is stored in (detected
/// from its values: every value of a bfloat16/float16/float32 table is exactly representable in that type) and
/// from float32 arithmetic of the angle when the table is float32 or coarser (HF computes inv_freq, the
/// position product and cos/sin in float32; ggml builds theta_i by repeated float32 multiplication).
///
/// A mismatch is diagnosed by testing hypotheses: each is a variant of the reference (a registry variant of
/// the parameters such as truncate=false, or a change of the arithmetic such as positions rounded to bfloat16)
/// and is scored against the table like the reference. The diagnosis names the variants that explain the table
/// (within the same tolerance), best first; `unknown` when none does.
///
/// `query-scale` is the other kind of table: the per-position multiplier an implementation puts on the query (or,
/// the same thing, on the logits: keys unscaled), one value per position, checked against an attention-scale rule
/// (posenc/analysis/attention_scale.h) with its own hypotheses (query_scale.cpp).

#include "posenc/analysis/attention_scale.h"
#include "posenc/names.h"
#include "posenc/encoding.h"
#include "posenc/matrix.h"
#include "posenc/method.h"
#include "posenc/phrase.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace posenc {

enum class CheckQuantity { InvFreq, Cos, Sin, Angle, Rotated, QueryScale };
inline constexpr EnumName<CheckQuantity> kCheckQuantityNames[] = {
    {CheckQuantity::InvFreq, "inv_freq"}, {CheckQuantity::Cos, "cos"},
    {CheckQuantity::Sin, "sin"},          {CheckQuantity::Angle, "angle"},
    {CheckQuantity::Rotated, "rotated"},  {CheckQuantity::QueryScale, "query-scale"}};
/// "inv_freq", "cos", "sin", "angle", "rotated", "query-scale".
std::string toString(CheckQuantity q);
/// Throws InvalidInput("quantity", ...) listing the valid names.
CheckQuantity parseCheckQuantity(const std::string& name);

/// How the columns of a cos/sin/angle table map to pairs. Pairs: one column per pair. Half (alias
/// "duplicated"): 2n columns, pair i in columns i and i + n (HF's cat(freqs, freqs)). Interleaved: 2n columns,
/// pair i in 2i and 2i + 1 (repeat_interleave; GPT-J, DeepSeek with rope_interleave). CosSin: 2n columns, cos of
/// pair i in column i and its sin in i + n (vLLM's cos_sin_cache). For `rotated`: Half/Interleaved is the pairing.
enum class CheckLayout { Pairs, Half, Interleaved, CosSin };
inline constexpr EnumName<CheckLayout> kCheckLayoutNames[] = {{CheckLayout::Pairs, "pairs"},
                                                              {CheckLayout::Half, "half"},
                                                              {CheckLayout::Interleaved, "interleaved"},
                                                              {CheckLayout::CosSin, "cos-sin"}};
std::string toString(CheckLayout layout);
/// "pairs", "half", "duplicated" (= half), "interleaved", "cos-sin"; throws InvalidInput("layout", ...).
CheckLayout parseCheckLayout(const std::string& name);

/// Floating-point formats the precision analysis and the tolerances know.
enum class FloatFormat { F64, F32, F16, BF16 };
inline constexpr EnumName<FloatFormat> kFloatFormatNames[] = {{FloatFormat::F64, "float64"},
                                                              {FloatFormat::F32, "float32"},
                                                              {FloatFormat::F16, "float16"},
                                                              {FloatFormat::BF16, "bfloat16"}};
std::string toString(FloatFormat f); ///< "float64", "float32", "float16", "bfloat16"
/// x rounded to nearest (ties to even) in `f`, with f's subnormals and overflow to infinity.
double roundTo(double x, FloatFormat f);
/// Unit roundoff: 2^-53, 2^-24, 2^-11, 2^-8.
double unitRoundoff(FloatFormat f);
/// The coarsest format in which every entry of `values` is exactly representable (bf16, then f16, then f32;
/// f64 when some entry needs more).
FloatFormat detectFormat(const std::vector<double>& values);

/// Where a computation rounds: positions m, frequencies theta_i and the product m theta_i (the angle), each held
/// in a format (F64 = not rounded).
struct Arithmetic {
    FloatFormat positions = FloatFormat::F64;
    FloatFormat theta = FloatFormat::F64;
    FloatFormat product = FloatFormat::F64;
};

/// One entry of the diagnosis vocabulary.
struct DiagnosisKind {
    std::string id;          ///< e.g. "attention-factor-squared"
    std::string description; ///< what the table shows
    std::string realWorld;   ///< the bug reports it corresponds to
};
/// The vocabulary, in the order diagnoses that explain a table equally well are listed.
const std::vector<DiagnosisKind>& diagnosisKinds();

/// The reference of a `query-scale` table: a per-position rule of the attention-scale table (llama4-scaling-beta,
/// llama4-nope or qwen-log-n) with its parameters, and where they came from.
struct QueryScaleReference {
    analysis::ScaleRule rule = analysis::ScaleRule::Llama4ScalingBeta;
    analysis::ScaleParams params;
    /// The config's max_position_embeddings, when it differs from the rule's length: the hypothesis that an
    /// implementation divides by it instead of original_max_position_embeddings.
    std::optional<double> maxPositionEmbeddings;
    std::string source; ///< e.g. "ministral3 rope_parameters.llama_4_scaling_beta"; empty: the flags
};

/// The query-scale rules `check` takes (the per-position query rules of attention_scale.h): llama4-scaling-beta,
/// llama4-nope, qwen-log-n. Throws InvalidInput("rule") naming them for any other rule.
analysis::ScaleRule parseQueryScaleRule(const std::string& name);
/// The parameters `ref.rule` reads, as (attention-scale option name, value text) in alphabetical order: beta and L0
/// as attn-scale and original-max-position-embeddings, floor-scale, ...; max-position-embeddings when set.
std::vector<std::pair<std::string, std::string>> queryScaleParams(const QueryScaleReference& ref);

namespace io {
struct HfConfig;
struct HfEncoding;
} // namespace io
/// The query temperature a config fixes: llama4-scaling-beta for Ministral 3 / Mistral 4 (rope_parameters
/// llama_4_scaling_beta and original_max_position_embeddings, on every layer), else llama4-nope for Llama 4
/// (attn_temperature_tuning on its NoPE layers, floor_scale and attn_scale); nullopt when it has none.
std::optional<QueryScaleReference> queryScaleOfConfig(const io::HfConfig& config, const io::HfEncoding& encoding);

struct CheckRequest {
    /// The method of a rotary table; unused (may be null) for `query-scale`, whose reference is `queryScale`.
    const MethodDef* method = nullptr;
    ParamSet params;
    CheckQuantity quantity = CheckQuantity::Cos;
    std::int64_t firstPosition = 0;
    std::optional<std::int64_t> count; ///< rows expected; unset = the table's rows
    /// The position of each row when they are not consecutive (--positions P,P,...; an engine's sampled rows);
    /// empty: row k is at firstPosition + k.
    std::vector<std::int64_t> positions;
    std::optional<CheckLayout> layout; ///< unset: from the shape and the method's pairing
    std::optional<double> tolerance;   ///< absolute tolerance overriding the dtype-aware one
    std::vector<double> probe;         ///< `rotated`: the vector rotated (empty: [1,...,1,-1,...,-1])
    /// How the reference itself is computed (an engine's own arithmetic); F64 everywhere = the exact reference.
    Arithmetic arithmetic;
    std::string referenceLabel; ///< e.g. "hf (float64)"; empty: the method id
    /// `query-scale`: the rule the table is checked against (from a config, queryScaleOfConfig, or from --rule and
    /// its parameters). Required for that quantity, ignored by the others.
    std::optional<QueryScaleReference> queryScale;
};

struct Diagnosis {
    std::string kind;
    std::string evidence;    ///< english(evidencePhrase)
    Phrase evidencePhrase;   ///< the evidence as ids and values, for a user interface to word
    double confidence = 0.0; ///< in [0, 1]
    /// The engines (name, pinned revision, what their code does) that compute exactly this table for the
    /// reference's configuration (engine.h; empty when no engine does).
    std::vector<std::string> producedBy;
    std::vector<Phrase> producedByPhrases; ///< the same as phrases ("check.produced-by"), for a user interface
};

/// A hypothesis scored against the table.
struct HypothesisScore {
    std::string kind;
    std::string variant;      ///< e.g. "yarn with truncate=false"
    double maxAbsError = 0.0; ///< over the rows scored
    double normalized = 0.0;  ///< max |error| / tolerance; <= 1 explains the table
};

struct CheckResult {
    bool match = false;
    std::string alignment;  ///< how the table was read, e.g. "131072 x 128: HF duplicated cache ..."
    Phrase alignmentPhrase; ///< the same as ids and values (alignment == english(alignmentPhrase))
    CheckLayout layout = CheckLayout::Half;
    FloatFormat storage = FloatFormat::F64;
    std::string toleranceText; ///< the tolerance rule applied
    double maxAbsError = 0.0;
    double normalized = 0.0; ///< max |error| / tolerance of the reference
    std::int64_t worstPosition = 0;
    std::size_t worstColumn = 0;
    std::size_t worstPair = 0;
    std::vector<double> errorPerPair;     ///< max |error| per pair (reference)
    std::vector<double> errorPerPosition; ///< max |error| per row (reference)
    std::vector<Diagnosis> diagnosis;     ///< empty on a match
    std::vector<HypothesisScore> tested;  ///< every hypothesis scored, best first
    /// checkTableSlices: how many slices the leading dimensions hold, and the index (one per leading dimension
    /// of size > 1) of the slice reported: the first that failed, or the last on a match. Empty for one table.
    std::size_t slices = 1;
    std::vector<std::size_t> slice;
};

/// Checks `table` against the reference of `request`. Throws InvalidInput (exit 2) when the table cannot be
/// aligned with the method (shape fits no layout, row count differs from --positions, non-rotary method).
CheckResult checkTable(const Matrix& table, const CheckRequest& request);

/// checkTable on a tensor with leading dimensions: `stacked` holds the slices (rows x cols each, C order, as
/// io::TableReadOptions::leadingDims reads them) of a [d0, ..., rows, cols] tensor — HF's cos is [batch, seq,
/// dim], a rotated query [batch, heads, seq, dim]. Leading dimensions of size 1 are squeezed; with more than one
/// slice every slice must match: the result is that of the first slice that does not (CheckResult::slice names
/// it, the alignment says so), else of the last.
CheckResult checkTableSlices(const Matrix& stacked, const std::vector<std::size_t>& leading,
                             const CheckRequest& request);

/// The rows' positions as `posenc check --positions` and File > Check implementation take them: START:COUNT
/// (COUNT optional: START: or START alone), or each row's position listed, P,P,... (increasing). Sets
/// request.firstPosition, request.count or request.positions. Throws InvalidInput("positions") naming the reason
/// (no value is clamped).
void parseCheckPositions(const std::string& text, CheckRequest& request);

} // namespace posenc
