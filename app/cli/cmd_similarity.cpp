// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute similarity`: position-by-position similarity matrix (structure.h).
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/options.h"
#include "posenc/analysis/structure.h"
#include "posenc/errors.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    const auto choice = resolveMethod(args, self);
    analysis::SimilarityOptions o;
    o.length = lengthOption(args, choice, 1, 65536, "window of positions");
    o.first = intOption(args, "start");
    const bool additive = choice.def->info.kind == MethodKind::Additive;
    o.kind = args.has("kind") ? parseEnum(analysis::kSimilarityKindNames, "kind", choiceOption(args, "kind"))
             : additive       ? analysis::SimilarityKind::Dot
                              : analysis::SimilarityKind::RelativeScore;
    o.probeQ = listOption(args, "probe-q");
    o.probeK = listOption(args, "probe-k");
    o.head = static_cast<int>(intOption(args, "head"));
    const double n = static_cast<double>(o.length);
    checkMemory(args, "length", 8.0 * n * n + 2.0 * n * encodingRowBytes(*choice.encoding),
                "an " + std::to_string(o.length) + " x " + std::to_string(o.length) + " similarity matrix");
    (void)matrixFormat(args); // reject a bad --format before computing
    const Matrix s = analysis::computeSimilarity(*choice.encoding, o);
    writeMatrixOutput(args, s);
    return 0;
}

} // namespace

Command similarityCommand()
{
    Command c{
        {"compute", "similarity"},
        "posenc compute similarity --method M [--PARAM VALUE ...] --length N [--start P]\n"
        "                          [--kind dot|cosine|relative-score] [--probe-q LIST --probe-k LIST] [--head H]\n"
        "                          [--format npy|csv|json] [-o FILE]",
        "N x N similarity of positions start..start+N-1: PE dot product or cosine (additive methods), "
        "<R_m q, R_n k> (rotary) or the bias (alibi, t5); relative kinds are Toeplitz.",
        {intOpt("length", "window size N (default with --input: the whole table)", std::nullopt, 1, 65536),
         intOpt("start", "first position", 0, 0, std::int64_t(1) << 50),
         choiceOpt("kind", "dot or cosine (additive; default dot), relative-score (rotary, bias; their default)", "",
                   enumNames(analysis::kSimilarityKindNames)),
         listOpt("probe-q", "query probe for relative-score (head_dim numbers; default 1..1,-1..-1)", -1e300, 1e300),
         listOpt("probe-k", "key probe for relative-score (default as probe-q)", -1e300, 1e300),
         headOption("attention head for bias methods"), matrixFormatOption()},
        true,
        {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
