// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute dual-chunk`: for one query and a range of keys, the relative distance RoPE sees under dual chunk
// attention (Qwen2.5-1M, as vLLM remaps positions: posenc/dual_chunk.h) beside the plain one. Flags, defaults,
// checks and result fields are the core's declaration of the analysis (posenc/analysis/analysis_spec.h); it uses
// no method.
#include "analysis_output.h"
#include "commands_list.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command&)
{
    const auto& spec = analysis::analysisSpec("dual-chunk");
    const std::string format = tableFormat(args);
    const ParamSet options = checkedAnalysisFlags(args, spec);
    const analysis::AnalysisOutput out = spec.run(nullptr, options, {});
    writeOutput(args, [&](std::ostream& os) {
        if (format == "csv") {
            os << "key,plain_distance,remapped_distance,key_position,query_position,query_set\n";
            const auto& key = *out.column("key");
            const auto& plain = *out.column("plain_distance");
            const auto& remapped = *out.column("remapped_distance");
            const auto& keyPos = *out.column("key_position");
            const auto& queryPos = *out.column("query_position");
            const auto& set = out.textColumns.at(0).second;
            const auto i = [](double x) { return static_cast<long long>(x); };
            for (std::size_t k = 0; k < key.size(); ++k)
                os << i(key[k]) << ',' << i(plain[k]) << ',' << i(remapped[k]) << ',' << i(keyPos[k]) << ','
                   << i(queryPos[k]) << ',' << set[k] << '\n';
            return;
        }
        writeAnalysisJson(os, nullptr, spec, out);
    });
    return 0;
}

} // namespace

Command dualChunkCommand()
{
    const auto& spec = analysis::analysisSpec("dual-chunk");
    Command c{{"compute", "dual-chunk"},
              "posenc compute dual-chunk [--chunk-size 262144 --local-size 8192] --query P [--key-begin K] "
              "[--key-end E] [--key-step S] [--format json|csv] [-o FILE]",
              spec.summary,
              analysisCommandOptions(spec),
              false,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
