// SPDX-License-Identifier: GPL-3.0-or-later
// `entropy` declared once (analysis_spec.h): options, result columns, the run.
#include "analysis_specs_p.h"

#include "posenc/analysis/entropy.h"
#include "posenc/analysis/options.h"
#include "posenc/attention_span.h"
#include "posenc/errors.h"
#include "posenc/param_builders.h"
#include "posenc/param_state.h"

#include <algorithm>
#include <cmath>

namespace posenc::analysis {

namespace {

void checkGiven(const ParamSet& given)
{
    if (!given.has("max-length") && !given.has("lengths"))
        throw InvalidInput("max-length", "give --max-length N (every n in 1..N) and/or --lengths LIST");
    if (given.has("sigma2") && given.has("score") &&
        parseEnum(kScoreModelNames, "score", given.choice("score")) == ScoreModel::AllOnes)
        throw InvalidInput("sigma2", "--sigma2 applies to --score expected-similar only");
}

AnalysisOutput run(const Encoding* encoding, const ParamSet& p, const RunContext& context)
{
    const EntropyOptions o = entropyOptionsFrom(p);
    // Every n in 1..N: four reported columns, the running sums and their logits (as the CLI checks against
    // --memory-budget), against the run's budget.
    if (o.lengths.empty() && 64.0 * static_cast<double>(o.maxLength) > static_cast<double>(context.memoryBudget))
        throw BudgetExceeded("max-length", "reporting every n up to " + std::to_string(o.maxLength) + " needs " +
                                               formatNumber(64.0 * static_cast<double>(o.maxLength)) +
                                               " bytes, above the memory budget of " +
                                               formatNumber(static_cast<double>(context.memoryBudget)) +
                                               " bytes; give --lengths");
    EntropyResult r = computeEntropy(*encoding, o, context.progress);
    AnalysisOutput out;
    out.columns = {{"length", std::move(r.length)},
                   {"entropy", std::move(r.entropy)},
                   {"entropy_over_log_length", std::move(r.entropyOverLogLength)},
                   {"uniform", std::move(r.uniform)}};
    if (!o.span.full()) // the keys the last query sees: min(n, W) or (n - 1) mod C + 1
        out.columns.emplace_back("keys", std::move(r.keys));
    out.labels = {{"score", enumName(kScoreModelNames, o.score)},
                  {"temperature", enumName(kTemperatureNames, o.temperature)},
                  {"attention", enumName(kAttentionKindNames, o.span.kind)}};
    if (!o.span.full())
        out.scalars.emplace_back("window", static_cast<double>(o.span.size));
    return out;
}

} // namespace

EntropyOptions entropyOptionsFrom(const ParamSet& p)
{
    EntropyOptions o;
    o.lengths = integerList(p, "lengths");
    o.maxLength = p.has("max-length") ? static_cast<std::int64_t>(p.integer("max-length"))
                                      : *std::max_element(o.lengths.begin(), o.lengths.end());
    o.score = parseEnum(kScoreModelNames, "score", p.choice("score"));
    o.sigma2 = p.real("sigma2");
    o.temperature = parseEnum(kTemperatureNames, "temperature", p.choice("temperature"));
    o.gamma = p.real("gamma");
    o.originalLength = p.real("reference-length");
    o.floorScale = p.real("floor-scale");
    o.attnScale = p.real("attn-scale");
    o.beta = p.has("beta") ? p.real("beta") : o.beta; // unset: no config fixes it, Ministral3Config's default
    o.betaLength = p.has("beta-length") ? p.real("beta-length") : o.betaLength;
    o.head = static_cast<int>(p.integer("head"));
    o.span = makeAttentionSpan(p.choice("attention"),
                               p.has("window") ? std::optional<std::int64_t>(p.integer("window")) : std::nullopt);
    return o;
}

AnalysisSpec entropySpec()
{
    const EntropyOptions defaults;
    const double maxN = static_cast<double>(kEntropyMaxLength);
    ParamSpec sigma2 = realParam("sigma2", defaults.sigma2, 0.0, 1e12, {},
                                 "variance of the query components (expected-similar)", ScaleHint::Log);
    sigma2.minInclusive = false;
    AnalysisSpec s;
    s.id = "entropy";
    s.summary = "Attention entropy H(n) (nats) of the last query of n tokens, with H/ln n and the uniform ln k (k: "
                "the keys it sees, n under full attention; min(n, W) in a sliding window, (n - 1) mod W + 1 in "
                "chunks of W, as transformers' masks); all n in one running log-sum-exp pass.";
    s.options = {
        optional(intParam("max-length", 0, 1, maxN, {}, "N: report every n in 1..N (or the --lengths up to N)")),
        optional(listParam("lengths", 1, maxN, "comma-separated integers n to report")),
        choiceParam("score", enumName(kScoreModelNames, defaults.score), enumNames(kScoreModelNames),
                    "all-ones: q = k = 1; expected-similar: E[q^T R k] for k = q + noise, scaled by sigma2"),
        sigma2,
        choiceParam("temperature", enumName(kTemperatureNames, defaults.temperature), enumNames(kTemperatureNames),
                    "method (the method's attention factor), none, log-n (x max(1, log_L0 n)) or seed-log2 "
                    "(/ (1 + gamma log2(n/L0)) for n > L0), su-log512 (x log_512 n), llama4-nope (x log1p(floor(n / "
                    "floor_scale)) attn_scale + 1), llama4-scaling-beta (the method's factor and x (1 + beta ln(1 + "
                    "floor((n - 1) / L0))), Ministral 3); the n-dependent ones are rows of compute attention-scale"),
        realParam("gamma", defaults.gamma, 0.0, 1000.0, {}, "seed-log2 coefficient"),
        realParam("floor-scale", defaults.floorScale, 1e-12, 1e15, {}, "llama4-nope floor_scale"),
        realParam("attn-scale", defaults.attnScale, -1e6, 1e6, {}, "llama4-nope attn_scale"),
        optional(realParam("beta", defaults.beta, -1e3, 1e3, {},
                           "llama4-scaling-beta beta (unset: the config's llama_4_scaling_beta, else 0.1)")),
        optional(realParam("beta-length", defaults.betaLength, 1e-12, 1e15, {},
                           "llama4-scaling-beta L0 (unset: the config's original_max_position_embeddings with "
                           "llama_4_scaling_beta, else 16384)")),
        realParam("reference-length", defaults.originalLength, 2.0, 1e15, {},
                  "L0 for log-n / seed-log2 when the method has none"),
        headOption("attention head of bias methods (alibi, t5)"),
        choiceParam("attention", enumName(kAttentionKindNames, AttentionKind::Full), enumNames(kAttentionKindNames),
                    "which keys the last query sees: full (all n), sliding (the last W: sliding_window), "
                    "chunked (its chunk of W: Llama 4's attention_chunk_size)"),
        optional(intParam("window", 0, 1, static_cast<double>(kMaxLength), {}, "W for --attention sliding or chunked")),
    };
    s.columns = {{"length", "context length n (tokens)"},
                 {"entropy", "H(n), the attention entropy of the last query (nats)"},
                 {"entropy_over_log_length", "H(n) / ln n (NaN at n = 1)"},
                 {"uniform", "ln k(n): the entropy of uniform attention over the keys seen (nats)"},
                 {"keys", "k(n): the keys the last query sees (sliding or chunked attention only)", false}};
    s.run = &run;
    s.checkGiven = &checkGiven;
    return s;
}

} // namespace posenc::analysis
