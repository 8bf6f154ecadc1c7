// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute entropy`: attention entropy against context length (entropy.h).
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/options.h"
#include "posenc/analysis/entropy.h"
#include "posenc/attention_span.h"
#include "posenc/errors.h"
#include "posenc/param_state.h"

#include <algorithm>

namespace posenc::cli {

namespace {

constexpr double kMaxEntropyLength = 2147483648.0; // 2^31

int run(const Args& args, const Command& self)
{
    const std::string format = tableFormat(args);
    analysis::EntropyOptions o;
    o.lengths = intListOption(args, "lengths");
    if (!args.has("max-length") && o.lengths.empty())
        throw InvalidInput("max-length", "give --max-length N (every n in 1..N) and/or --lengths LIST");
    o.maxLength =
        args.has("max-length") ? intOption(args, "max-length") : *std::max_element(o.lengths.begin(), o.lengths.end());
    if (o.lengths.empty()) // every n in 1..N: four reported columns, the running sums and their logits
        checkMemory(args, "max-length", 64.0 * static_cast<double>(o.maxLength),
                    "reporting every n up to " + std::to_string(o.maxLength));
    o.score = parseEnum(analysis::kScoreModelNames, "score", choiceOption(args, "score"));
    if (args.has("sigma2") && o.score == analysis::ScoreModel::AllOnes)
        throw InvalidInput("sigma2", "--sigma2 applies to --score expected-similar only");
    o.sigma2 = realOption(args, "sigma2");
    o.temperature = parseEnum(analysis::kTemperatureNames, "temperature", choiceOption(args, "temperature"));
    o.gamma = realOption(args, "gamma");
    o.originalLength = realOption(args, "reference-length");
    o.floorScale = realOption(args, "floor-scale");
    o.attnScale = realOption(args, "attn-scale");
    o.head = static_cast<int>(intOption(args, "head"));
    o.span = makeAttentionSpan(choiceOption(args, "attention"),
                               args.has("window") ? std::optional<std::int64_t>(intOption(args, "window"))
                                                  : std::nullopt);
    const auto choice = resolveMethod(args, self);
    analysis::checkEntropyParams(*choice.def, choice.params);
    const auto r = [&] {
        TerminalProgress progress("entropy");
        return analysis::computeEntropy(*choice.encoding, o, [&](double f) { return progress(f); });
    }();
    std::vector<NamedColumn> cols{{"length", &r.length},
                                  {"entropy", &r.entropy},
                                  {"entropy_over_log_length", &r.entropyOverLogLength},
                                  {"uniform", &r.uniform}};
    if (!o.span.full()) // the keys the last query sees: min(n, W) or (n - 1) mod C + 1
        cols.push_back({"keys", &r.keys});
    writeOutput(args, [&](std::ostream& out) {
        if (format == "csv") {
            writeColumnsCsv(out, cols);
            return;
        }
        io::JsonWriter w(out);
        beginAnalysisJson(w, choice, "entropy");
        w.field("score", enumName(analysis::kScoreModelNames, o.score));
        w.field("temperature", enumName(analysis::kTemperatureNames, o.temperature));
        w.field("attention", enumName(kAttentionKindNames, o.span.kind));
        if (!o.span.full())
            w.field("window", static_cast<double>(o.span.size));
        writeColumnsJson(w, cols);
        w.endObject();
    });
    return 0;
}

} // namespace

Command entropyCommand()
{
    Command c{{"compute", "entropy"},
              "posenc compute entropy --method M [--PARAM VALUE ...] (--max-length N | --lengths LIST)\n"
              "                       [--score all-ones|expected-similar] [--sigma2 V]\n"
              "                       [--temperature none|method|log-n|seed-log2|su-log512|llama4-nope] [--reference-length L0]\n"
              "                       [--attention full|sliding|chunked --window W] [--head H] [--format json|csv] [-o FILE]",
              "Attention entropy H(n) (nats) of the last query of n tokens, with H/ln n and the uniform ln k (k: "
              "the keys it sees, n under full attention; min(n, W) in a sliding window, (n - 1) mod W + 1 in "
              "chunks of W, as transformers' masks); all n in one running log-sum-exp pass.",
              {intOpt("max-length", "N: report every n in 1..N (or the --lengths up to N)", std::nullopt, 1,
                      kMaxEntropyLength),
               listOpt("lengths", "comma-separated integers n to report", 1, kMaxEntropyLength),
               choiceOpt("score", "all-ones (q = k = 1) or expected-similar (sigma2 times the same)", "all-ones",
                         enumNames(analysis::kScoreModelNames)),
               realOpt("sigma2", "variance of the query components for expected-similar", 1.0, 1e-12, 1e12),
               choiceOpt("temperature",
                         "method (the method's attention factor), none, log-n (x max(1, log_L0 n)) or seed-log2 "
                         "(/ (1 + gamma log2(n/L0)) for n > L0), su-log512 (x log_512 n), llama4-nope (x log1p(floor(n / "
                         "floor_scale)) attn_scale + 1); the n-dependent ones are rows of compute attention-scale",
                         "method", enumNames(analysis::kTemperatureNames)),
               realOpt("gamma", "seed-log2 coefficient", 0.1, 0.0, 1000.0),
               realOpt("floor-scale", "llama4-nope floor_scale", 8192.0, 1e-12, 1e15),
               realOpt("attn-scale", "llama4-nope attn_scale", 0.1, -1e6, 1e6),
               realOpt("reference-length", "L0 for log-n / seed-log2 when the method has none", 4096.0, 2.0, 1e15),
               headOption("attention head (alibi, t5)"),
               choiceOpt("attention",
                         "which keys the last query sees: full (all n), sliding (the last W: sliding_window), "
                         "chunked (its chunk of W: Llama 4's attention_chunk_size)",
                         "full", enumNames(kAttentionKindNames)),
               intOpt("window", "W for --attention sliding or chunked", std::nullopt, 1, static_cast<double>(kMaxLength)),
               tableFormatOption()},
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
