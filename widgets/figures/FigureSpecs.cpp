// SPDX-License-Identifier: GPL-3.0-or-later
// The table of figure kinds (FigureSpec.h): one row per view, its options and its compute function.
#include "figures/FigureSpec.h"

#include "FigureCompute_p.h"
#include "FigureSpecOptions_p.h"

#include "posenc/analysis/decay.h"
#include "posenc/analysis/entropy.h"
#include "posenc/analysis/precision.h"
#include "posenc/analysis/structure.h"
#include "posenc/errors.h"
#include "posenc/lod.h"
#include "posenc/param_builders.h"

#include <QCoreApplication>

namespace posenc::widgets {

using namespace specopts;

namespace {

/// The heatmap's axes depend on the matrix view (query × key for a bias) and its pixels on the sampling.
QString heatmapHint(const ParamSet& options, const std::vector<View>& views)
{
    std::string view = options.choice("view");
    if (view == "auto" && !views.empty())
        view = toString(views.front());
    QString text =
        view == "bias"
            ? QCoreApplication::translate("posenc::widgets::ViewPage",
                                          "x: query position, y: key position (query × key). Wheel zooms, drag pans.")
        : view == "angle"
            ? QCoreApplication::translate("posenc::widgets::ViewPage",
                                          "x: position m (one column per position, or per pixel when zoomed out; "
                                          "token m for an M-RoPE with a token layout), y: pair i. Wheel zooms, drag "
                                          "pans.")
            : QCoreApplication::translate("posenc::widgets::ViewPage",
                                          "x: position m (one column per position, or per pixel when zoomed out; "
                                          "token m for an M-RoPE with a token layout), y: dimension j (channel). "
                                          "Wheel zooms, drag pans.");
    if (!text.endsWith(QChar(0x3002))) // a Chinese sentence follows 「。」 without a space (as addNote)
        text += QLatin1Char(' ');
    text +=
        options.choice("sampling") == "point" && view == "bias"
            ? QCoreApplication::translate("posenc::widgets::ViewPage",
                                          "Point sampling: each pixel shows one query and one key (on purpose, to see "
                                          "aliasing).")
        : options.choice("sampling") == "point"
            ? QCoreApplication::translate(
                  "posenc::widgets::ViewPage",
                  "Point sampling: each pixel shows one position, so fast channels alias (on purpose).")
        : view == "angle"
            ? QCoreApplication::translate("posenc::widgets::ViewPage",
                                          "Angles have no closed-form mean: each pixel is the exact mean while it "
                                          "covers at most %1 positions, and the value at its first position beyond.")
                  .arg(LodRequest{}.exactSumCap)
        : view == "bias"
            ? QCoreApplication::translate("posenc::widgets::ViewPage",
                                          "Each pixel is the exact mean bias over its query × key block.")
            : QCoreApplication::translate("posenc::widgets::ViewPage",
                                          "Each pixel is the exact mean over the positions it covers (an M-RoPE with a "
                                          "token layout, or the engine's float32 arithmetic: up to %1 positions, then "
                                          "the value at the first).")
                  .arg(LodRequest{}.exactSumCap);
    return text;
}

std::vector<FigureSpec> buildSpecs()
{
    using namespace detail;
    using analysis::DecayCurve;
    std::vector<FigureSpec> specs;
    specs.push_back(
        {FigureKind::Heatmap,
         "heatmap",
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Matrix")),
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                    "x: position m, y: channel (pair for the angle). Wheel zooms, drag pans; the note "
                                    "under the figure says how each "
                                    "pixel is computed.")),
         {viewOption("matrix view of the primary method (pe, cos, sin, angle, rotated, bias; auto: the method's "
                     "first)"),
          choiceOption("sampling", "Pixels", "mean", {"mean", "point"},
                       "mean: each pixel is the exact average over the positions it covers (the angle view, an "
                       "M-RoPE with a token layout and the engine's float32 arithmetic have no closed form: above 32 "
                       "positions per pixel they show the first); point: one position per pixel, to see aliasing"),
          choiceOption("mode", "Show", "primary", {"primary", "side-by-side", "difference"},
                       "the primary method alone, next to the partner, or their difference (primary - partner)"),
          headOption("attention head of the bias view"),
          [] {
              ParamSpec s;
              s.name = "probe";
              s.displayName = "Probe";
              s.type = ParamType::RealList;
              s.defaultValue = std::vector<double>{};
              s.help = "probe vector x of the rotated view (head-dim entries; empty: [1...1, -1...-1])";
              return s;
          }(),
          [] {
              ParamSpec s;
              s.name = "partner";
              s.displayName = "Partner";
              s.type = ParamType::Text;
              s.defaultValue = std::string();
              s.emptyMeaning = "first compared";
              s.optional = true; // empty: the first compared method
              s.help = "side by side / difference: the compared method (id) shown beside or subtracted from the "
                       "primary (empty: the first compared method)";
              return s;
          }(),
          boolOption("attention-factor-in-view", "Attention factor", false,
                     "side by side / difference: cos and sin include each method's attention factor a (YaRN's "
                     "sqrt(1/t)); false: the bare rotation, so that RoPE - YaRN is 0 on the pairs YaRN keeps")},
         [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress& p) {
             return heatmapFigure(r, m, p);
         },
         true});
    specs.back().hint = heatmapHint;
    specs.push_back({FigureKind::Frequencies,
                     "frequencies",
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Wavelengths")),
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                                "How many positions each channel pair needs for one turn.")),
                     {optionalLength("original-length", "L0 line",
                                     "training length L0 drawn (with s·L0) when no compared method has an L0 of its "
                                     "own, e.g. Position Interpolation (unset: none)")},
                     [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress&) {
                         return frequenciesFigure(r, m);
                     }});
    specs.push_back({FigureKind::Ramp,
                     "ramp",
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Ramp")),
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                                "Which pairs a scaled method keeps, blends or interpolates.")),
                     {},
                     [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress&) {
                         return rampFigure(r, m);
                     }});
    std::vector<std::string> curves = {"auto"};
    for (DecayCurve c :
         {DecayCurve::RoformerBound, DecayCurve::SimilarToken, DecayCurve::AllOnes, DecayCurve::RandomQk})
        curves.push_back(enumName(analysis::kDecayCurveNames, c));
    specs.push_back(
        {FigureKind::Decay,
         "decay",
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Decay")),
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                    "How the attention score changes with the distance between tokens.")),
         {choiceOption("curve", "Curve", "auto", curves,
                       "auto: the natural curve for each kind of method; roformer-bound: the relative upper bound of "
                       "RoFormer Fig. 2; similar-token: sum cos(delta theta_i) (Men et al.); all-ones: the score of "
                       "q = k = 1; random-qk: mean score of correlated random vectors"),
          intOption("samples", "Samples", 64, 1, 1000000, "random q,k draws for the random-qk curve"),
          intOption("max-distance", "Max distance", 256, 2, 1 << 20, "distances 0..N-1 (256: RoFormer Fig. 2)"),
          boolOption("log-x", "log Δ", false, "distance on a logarithmic axis"),
          boolOption("normalise", "Normalised", false,
                     "each curve divided by its value at distance 0 (one shared axis)"),
          headOption("attention head of bias methods (alibi, t5)"),
          boolOption("all-heads", "All heads", false,
                     "bias methods with several heads (ALiBi): one line per head, its slope in the legend"),
          boolOption("attention-factor", "Attention factor", true,
                     "every rotary curve includes the method's attention factor a (YaRN's sqrt(1/t)): the rotated "
                     "channels' scores scale by a^2, as in the model; false: the bare rotation for every curve")},
         [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress& p) {
             return decayFigure(r, m, p);
         }});
    appendAttentionSpanOptions(specs.back().options);
    specs.back().memory = [](const FigureMemoryInput& in) { // per method: distances x (8 curves + heads)
        return FigureMemoryEstimate{in.methods * analysis::decayPeakBytes(in.length, static_cast<int>(in.heads)),
                                    in.heads > 1 ? "num-heads" : "length"};
    };
    specs.push_back(
        {FigureKind::Entropy,
         "entropy",
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Entropy")),
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "How spread out attention is as the context grows.")),
         // Temperature, score, sigma2 and head as the core declares them (analysis_spec.h): the CLI's flags and
         // Python's keywords have the same names, ranges and defaults.
         {choiceOption("show", "Show", "entropy-minus-rope", {"entropy-minus-rope", "entropy"},
                       "entropy-minus-rope: H(n) - H(RoPE, n), each curve minus the entropy of RoPE (the primary's "
                       "base and head_dim, unscaled) at the same n, where methods differ by hundredths of a nat; "
                       "entropy: H(n) itself"),
          analysisOption("entropy", "temperature", "Temperature"), analysisOption("entropy", "beta", "β"),
          analysisOption("entropy", "beta-length", "β L0"), analysisOption("entropy", "score", "Score"),
          analysisOption("entropy", "sigma2", "sigma²"),
          boolOption("log-x", "log n", true, "context length n on a logarithmic axis"),
          analysisOption("entropy", "head", "Head")},
         [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress& p) {
             return entropyFigure(r, m, p);
         }});
    specs.back().memory = [](const FigureMemoryInput& in) { // per method: every n, 8 running doubles
        return FigureMemoryEstimate{64.0 * in.length * in.methods};
    };
    specs.back().maxLength = analysis::kEntropyMaxLength;
    appendAttentionSpanOptions(specs.back().options);
    appendAttentionScaleSpec(specs); // issue 20 (FigureSpecsModern.cpp)
    specs.push_back(
        {FigureKind::Similarity,
         "similarity",
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Similarity")),
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "How alike the encodings of two positions are.")),
         {analysisOption("similarity", "kind", "Measure"), analysisOption("similarity", "head", "Head")},
         [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress& p) {
             return similarityFigure(r, m, p);
         }});
    specs.back().defaultLength = 512;
    specs.back().memory = [](const FigureMemoryInput& in) { // the n x n matrix and two n-row encodings
        return FigureMemoryEstimate{8.0 * in.length * in.length + 2.0 * in.length * in.rowBytes};
    };
    specs.push_back({FigureKind::Spectrum,
                     "spectrum",
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Spectrum")),
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                                "Which frequencies the encoding contains along positions.")),
                     {analysisOption("spectrum", "view", "Matrix")},
                     [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress& p) {
                         return spectrumFigure(r, m, p);
                     }});
    specs.back().memory = [](const FigureMemoryInput& in) { // per method: the matrix and its transform
        return FigureMemoryEstimate{3.0 * in.length * in.rowBytes * in.methods};
    };
    specs.push_back(
        {FigureKind::Pca,
         "pca",
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "PCA")),
         viewText(
             QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "The encodings projected onto their main directions.")),
         {analysisOption("pca", "view", "Matrix"),
          intOption("components", "Components", 3, 2, 3, "2: PC1 against PC2; 3: the three pairs of components")},
         [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress& p) {
             return pcaFigure(r, m, p);
         }});
    specs.back().defaultLength = 2048;
    specs.back().memory = [](const FigureMemoryInput& in) { // per method: the rows, centred copy, projection
        return FigureMemoryEstimate{3.0 * in.length * in.rowBytes * in.methods};
    };
    specs.push_back(
        {FigureKind::Bounds,
         "bounds",
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Bounds")),
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Context lengths the frequencies can support.")),
         {optionalLength(
              "context-length", "Context L",
              "target context L (unset: s·L0 of the primary, s its configured factor (1 when below 1), or of the first "
              "compared method with an L0 when the primary has none; the view length when no method has one)"),
          optionalLength("train-length", "Train length",
                         "training length T_train of every method (unset: the L0 of the method L is taken from; L when "
                         "no method has an L0)")},
         [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress& p) {
             return boundsFigure(r, m, p);
         }});
    appendLayersSpec(specs); // issue 20 (FigureSpecsModern.cpp)
    specs.push_back(
        {FigureKind::Rotation,
         "rotation",
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Rotation")),
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                    "Channel pairs as clock hands turning with the position; Play moves the query.")),
         {intOption("position", "Query m", 12, 0, static_cast<double>(kMaxLength),
                    "query position m: pair i is turned by m·θ'ᵢ"),
          intOption("key-position", "Key n", 8, 0, static_cast<double>(kMaxLength),
                    "key position n: dashed hands; the arc is the angle (m − n)θ'ᵢ between query and key"),
          intOption("pairs", "Pairs", 4, 1, 8,
                    "number of channel pairs drawn, spread from the fastest to the slowest pair that turns"),
          intOption("step", "Step", 1, 1, 1 << 20, "positions per animation frame (Play, render --frames)")},
         [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress&) {
             return rotationFigure(r, m);
         }});
    specs.back().animated = "position";
    specs.back().animationStep = "step";
    appendPositionsSpec(specs); // issue 20 (FigureSpecsModern.cpp)
    appendGridSpec(specs);      // issue 37 (FigureSpecsGrid.cpp)
    specs.push_back({FigureKind::Pairs,
                     "pairs",
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Pairs")),
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                                "Every channel pair's numbers; select and copy (Ctrl+A, Ctrl+C) or "
                                                "right-click for CSV / Python at full precision.")),
                     {},
                     [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress&) {
                         return pairsFigure(r, m);
                     }});
    specs.push_back(
        {FigureKind::Precision,
         "precision",
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Precision")),
         viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                    "Error of cos/sin(m θ) with positions, θ or m θ in float32, bfloat16, float16.")),
         // The stage as the core declares it (analysis_spec.h): the CLI's --stage and Python's stage= are the same.
         {analysisOption("precision", "stage", "Rounded")},
         [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress&) {
             return precisionFigure(r, m);
         }});
    specs.push_back({FigureKind::Engines,
                     "engines",
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage", "Engines")),
                     viewText(QT_TRANSLATE_NOOP("posenc::widgets::ViewPage",
                                                "Where the engines (llama.cpp, vLLM, SGLang, MLX-LM, ORT GenAI) "
                                                "differ from HF for the primary method: inv_freq and cos/sin per "
                                                "pair.")),
                     {},
                     [](const FigureRequest& r, const std::vector<BuiltMethod>& m, const FigureProgress&) {
                         return enginesFigure(r, m);
                     }});
    return specs;
}

} // namespace

const std::vector<FigureSpec>& figureSpecs()
{
    static const std::vector<FigureSpec> specs = buildSpecs();
    return specs;
}

const FigureSpec& figureSpec(FigureKind kind)
{
    for (const auto& s : figureSpecs())
        if (s.kind == kind)
            return s;
    throw InvalidInput("view", "unknown figure kind");
}

const FigureSpec& figureSpec(const std::string& id)
{
    std::string all;
    for (const auto& s : figureSpecs()) {
        if (s.id == id)
            return s;
        all += (all.empty() ? "" : ", ") + s.id;
    }
    throw InvalidInput("view", "unknown view '" + id + "'; expected one of " + all);
}

const ParamSpec* figureOption(FigureKind kind, const std::string& name)
{
    for (const auto& o : figureSpec(kind).options)
        if (o.name == name)
            return &o;
    return nullptr;
}

ParamSet defaultFigureOptions(FigureKind kind)
{
    ParamSet set;
    for (const auto& o : figureSpec(kind).options)
        set.set(o.name, o.defaultValue);
    return set;
}

QString viewTitle(FigureKind kind)
{
    return QCoreApplication::translate("posenc::widgets::ViewPage", figureSpec(kind).title.toUtf8().constData());
}

void checkFigureOptions(const FigureRequest& request)
{
    const FigureSpec& spec = figureSpec(request.kind);
    if (request.length > spec.maxLength)
        throw InvalidInput("length", QObject::tr("the %1 view computes up to %2 positions (its cost grows with the "
                                                 "length); the length is %3")
                                         .arg(viewTitle(request.kind))
                                         .arg(spec.maxLength)
                                         .arg(request.length)
                                         .toStdString());
    for (const auto& [name, value] : request.options.values()) {
        const ParamSpec* o = figureOption(request.kind, name);
        if (!o)
            throw InvalidInput(name, "--" + name + " is not an option of the " + spec.id + " view");
        checkValue(*o, value);
    }
}

} // namespace posenc::widgets
