// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute entropy`: attention entropy against context length (entropy.h).
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/entropy.h"
#include "posenc/errors.h"

#include <algorithm>

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    const std::string format = tableFormat(args);
    constexpr std::int64_t kMax = std::int64_t(1) << 31;
    analysis::EntropyOptions o;
    o.lengths = intListOption(args, "lengths", 1, kMax);
    if (!args.has("max-length") && o.lengths.empty())
        throw InvalidInput("max-length", "give --max-length N (every n in 1..N) and/or --lengths LIST");
    o.maxLength = args.has("max-length") ? intOption(args, "max-length", 0, 1, kMax)
                                         : *std::max_element(o.lengths.begin(), o.lengths.end());
    o.score = enumOption(args, "score", analysis::ScoreModel::AllOnes, analysis::kScoreModelNames);
    if (args.has("sigma2") && o.score == analysis::ScoreModel::AllOnes)
        throw InvalidInput("sigma2", "--sigma2 applies to --score expected-similar only");
    o.sigma2 = realOption(args, "sigma2", 1.0, 1e-12, 1e12);
    o.temperature = enumOption(args, "temperature", analysis::Temperature::Method, analysis::kTemperatureNames);
    o.gamma = realOption(args, "gamma", 0.1, 0.0, 1000.0);
    o.originalLength = realOption(args, "reference-length", 4096.0, 2.0, 1e15);
    o.head = static_cast<int>(intOption(args, "head", 0, 0, 1 << 20));
    const auto choice = resolveMethod(args, self);
    analysis::checkEntropyParams(*choice.def, choice.params);
    const auto r = analysis::computeEntropy(*choice.encoding, o);
    const std::vector<NamedColumn> cols{{"length", &r.length},
                                        {"entropy", &r.entropy},
                                        {"entropy_over_log_length", &r.entropyOverLogLength},
                                        {"uniform", &r.uniform}};
    writeOutput(args, [&](std::ostream& out) {
        if (format == "csv") {
            writeColumnsCsv(out, cols);
            return;
        }
        io::JsonWriter w(out);
        beginAnalysisJson(w, choice, "entropy");
        w.field("score", enumName(analysis::kScoreModelNames, o.score));
        w.field("temperature", enumName(analysis::kTemperatureNames, o.temperature));
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
              "                       [--temperature none|method|log-n|seed-log2 --gamma G] [--reference-length L0]\n"
              "                       [--head H] [--format json|csv] [-o FILE]",
              "Attention entropy H(n) (nats) of the last query over n keys, with H/ln n and the uniform ln n; all n "
              "in one running log-sum-exp pass.",
              {{"max-length", "N: report every n in 1..N (or the --lengths up to N), N in [1, 2^31]"},
               {"lengths", "comma-separated n to report (each in 1..N)"},
               {"score", "all-ones (q = k = 1, default) or expected-similar (sigma2 times the same)"},
               {"sigma2", "variance of the query components for expected-similar (default 1)"},
               {"temperature", "method (the method's attention factor, default), none, log-n (x max(1, log_L0 n)) "
                               "or seed-log2 (/ (1 + gamma log2(n/L0)) for n > L0)"},
               {"gamma", "seed-log2 coefficient, in [0, 1000] (default 0.1)"},
               {"reference-length", "L0 for log-n / seed-log2 when the method has none (default 4096)"},
               {"head", "attention head (alibi, t5)"},
               {"format", "json (default) or csv"}},
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
