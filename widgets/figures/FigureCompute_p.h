// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Internal to computeFigure(): the resolved methods and one function per figure kind.

#include "figures/FigureTypes.h"

#include "posenc/attention_span.h"
#include "posenc/lod.h"
#include "posenc/method.h"

#include <QStringList>

namespace posenc::widgets::detail {

struct BuiltMethod {
    const MethodDef* def = nullptr;
    ParamSet params;
    std::shared_ptr<const Encoding> encoding;
    std::string id; ///< colour key: the canonical id, "id#k" for the k-th instance of the same method
    QString name;   ///< display name
};

/// Validates and builds every selected method (recently built encodings are reused: learned tables are not
/// redrawn on every zoom). Throws InvalidInput.
std::vector<BuiltMethod> buildMethods(const FigureRequest& request);
/// Whether `m` turns a token's pairs by (t, h, w) ids that differ from its index: an M-RoPE with a token layout
/// (unset: text only, every id the token index). FigureHeatmap.cpp.
bool rotatesByIds(const BuiltMethod& m);
/// The Matrix view's note on how `lod`'s bins were computed, in the user's language (core writes it in English):
/// `tokens` for an M-RoPE with a token layout, `float32` for a method in the engine's own arithmetic (the reasons
/// a mean falls back to point samples). FigureLodNote.cpp.
QString lodNote(const LodMatrix& lod, const LodRequest& request, bool tokens, bool float32);

FigureData heatmapFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                         const FigureProgress& progress);
FigureData frequenciesFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods);
FigureData rampFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods);
FigureData decayFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                       const FigureProgress& progress);
FigureData entropyFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                         const FigureProgress& progress);
FigureData similarityFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                            const FigureProgress& progress);
FigureData spectrumFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                          const FigureProgress& progress);
FigureData pcaFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                     const FigureProgress& progress);
FigureData rotationFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods);
FigureData pairsFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods);
/// "YaRN: attention factor a = 1.2079..., softmax scale multiplier 1, effective base ..., effective context ...".
QString resolvedSummary(const QString& name, const RotaryFrequencies& f);
FigureData precisionFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods);
/// The primary rotary instance as every engine builds it, against HF (posenc/engine_compare.h).
FigureData enginesFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods);
FigureData boundsFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods,
                        const FigureProgress& progress);
// Issue 20 (FigureScaling.cpp, FigureLayers.cpp; rows in FigureSpecsModern.cpp)
FigureData attentionScaleFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods);
FigureData layersFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods);
FigureData positionsFigure(const FigureRequest& request, const std::vector<BuiltMethod>& methods);
/// Positions, dual chunk attention (FigureDualChunk.cpp): the query × key distance matrix after the remap of the
/// loaded config's dual_chunk_attention_config (or the view's chunk-size / local-size), beside plain q − k.
FigureData dualChunkFigure(const FigureRequest& request);
/// The attention span the Decay / Entropy options "attention" and "window" name (FigureAttentionSpan.cpp); an
/// unset window is the loaded config's widest among its layers of that kind (fromConfig). Throws InvalidInput.
struct ViewSpan {
    AttentionSpan span;
    bool fromConfig = false;
};
ViewSpan viewSpan(const FigureRequest& request);
/// AttentionSpan::describe() ("sliding window 1024", "chunks of 8192", "full attention") in the user's language.
QString spanText(const AttentionSpan& span);
/// The span and where its window came from; with full attention drawn, the loaded config's windowed layers of
/// the primary method (their span to choose).
void addSpanNotes(FigureData& data, const FigureRequest& request, const ViewSpan& span, const BuiltMethod& primary);
/// Decay: the curves end at the span's largest distance (W - 1, C - 1), the distances no query sees are shaded
/// in every panel, and a note says what the span does; nothing for full attention.
void limitDecayToSpan(FigureData& data, const ViewSpan& view, std::int64_t maxDistance);
/// Most chunks whose every turning point the entropy view draws (2 lengths each).
inline constexpr std::int64_t kMaxDrawnChunks = 2048;
/// Entropy: the lengths where k(n) turns added to `lengths` (sorted, unique): n = W for a sliding window; each
/// chunk's last and first length (kC, kC + 1) up to kMaxDrawnChunks chunks, else the chunk ends only (with a note).
void addSpanLengths(std::vector<std::int64_t>& lengths, const AttentionSpan& span, std::int64_t maxLength,
                    FigureData& data);
/// Groups of layers that share encoding, attention kind and window (the Layers view's legend entries).
std::size_t layerGroups(const io::HfConfig& config);

/// `request` with every option of its kind (defaults for the missing ones, checked against FigureSpec) and
/// the "view" option "auto" resolved to the primary's first view. Throws InvalidInput.
FigureRequest resolveOptions(const FigureRequest& request, const std::vector<BuiltMethod>& methods);
/// The "view" option (after resolveOptions; "auto" for a method without views: Cos).
View optionView(const FigureRequest& request);
/// The "head" option (0 when the kind has none).
int optionHead(const FigureRequest& request);

/// "factor=4, ramp=paper": the parameters of `m` that `reference` also has, with other values (`withEngine`
/// false: not the engine and arithmetic, which a figure's method name says already).
QString paramDifferences(const BuiltMethod& reference, const BuiltMethod& m, bool withEngine = true);

/// Progress of part k of n (e.g. method k), mapped into [0, 1] overall (FigureDecay.cpp).
ProgressFn partOf(const FigureProgress& progress, std::size_t k, std::size_t n);
/// "a, b and c".
QString joinNames(const QStringList& names);
/// Compact number for labels: 4096, 1.5 × 10⁶, 0.125.
QString num(double x);
/// Three significant digits; outside [0.01, 1000) in scientific form with a superscript exponent (4.71 × 10³).
QString sig3(double x);
/// `x` at full precision (17 significant digits): what a copied table cell gives.
QString exactNumber(double x);
/// A value derived through logarithms and powers (the effective base recovered from the lowest θ): its last
/// digits are rounding, a few ulps ("9999.9999999999909" for 10000); its 12 significant digits are all exact ones.
QString derivedNumber(double x);
/// b_eff as the resolved line, the Pairs view and the Bounds table give it ("none …" for pairs of frequency 0).
QString effectiveBaseText(const std::optional<double>& base);
/// Adds "sentence." to the figure note (space separated).
void addNote(FigureData& data, const QString& sentence);
/// The names of the methods with xPos's per-pair decay ζᵢ (RotaryFrequencies::xposZeta), in drawing order.
QStringList xposMethodNames(const std::vector<BuiltMethod>& methods);
/// For the views whose rotary score is a sum over pairs (Decay, Entropy, Bounds: relative_score.cpp rotaryPhasors):
/// names the drawn xPos methods, whose pair terms also carry their decay ζᵢ^(Δ/B).
void addXposDecayNote(FigureData& data, const std::vector<BuiltMethod>& methods);
/// Throws InvalidInput("view", ...) saying that `what` applies to none of the selected methods.
[[noreturn]] void noneApplies(FigureKind view, const QString& needs, const std::vector<BuiltMethod>& methods);

} // namespace posenc::widgets::detail
