// SPDX-License-Identifier: GPL-3.0-or-later
// `similarity` declared once (analysis_spec.h): options, the matrix it returns, the run.
#include "analysis_spec_structure_p.h"

#include "posenc/analysis/options.h"
#include "posenc/analysis/structure.h"
#include "posenc/param_builders.h"

namespace posenc::analysis {

namespace {

AnalysisOutput run(const Encoding* e, const ParamSet& p, const RunContext& context)
{
    const Encoding& encoding = *e; // not null: the analysis uses an encoding (runAnalysis checks)
    SimilarityOptions o;
    o.length = windowLength(analysisSpec("similarity"), encoding, p, "window of positions");
    o.first = p.integer("start");
    const std::string& kind = p.choice("kind");
    o.kind = kind != "auto"                            ? parseEnum(kSimilarityKindNames, "kind", kind)
             : encoding.kind() == MethodKind::Additive ? SimilarityKind::Dot
                                                       : SimilarityKind::RelativeScore;
    if (p.has("probe-q"))
        o.probeQ = p.list("probe-q");
    if (p.has("probe-k"))
        o.probeK = p.list("probe-k");
    o.head = static_cast<int>(p.integer("head"));
    o.memoryBudget = context.memoryBudget;
    AnalysisOutput out;
    out.matrices.emplace_back("similarity", computeSimilarity(encoding, o)); // BudgetExceeded before allocating
    out.labels.emplace_back("measure", enumName(kSimilarityKindNames, o.kind));
    return out;
}

} // namespace

AnalysisSpec similaritySpec()
{
    std::vector<std::string> kinds = {"auto"};
    for (const auto& name : enumNames(kSimilarityKindNames))
        kinds.push_back(name);
    AnalysisSpec s;
    s.id = "similarity";
    s.summary = "N x N similarity of positions start..start+N-1: PE dot product or cosine (additive methods), "
                "<R_m q, R_n k> (rotary) or the bias (alibi, t5); relative kinds are Toeplitz.";
    s.options = {
        windowLengthOption(1, 65536, "window size N (default with --input: the whole table)"),
        startOption(),
        choiceParam(
            "kind", "auto", std::move(kinds),
            "dot or cosine: similarity of position vectors (additive methods); relative-score: <R_i q, R_j k> (rotary) "
            "or the bias (bias methods); auto: dot for additive methods, relative-score for the others"),
        optional(listParam("probe-q", -1e300, 1e300,
                           "query probe for relative-score (head_dim numbers; default 1..1,-1..-1)")),
        optional(listParam("probe-k", -1e300, 1e300, "key probe for relative-score (default as probe-q)")),
        headOption("attention head of bias methods (alibi, t5)"),
    };
    s.matrices = {{"similarity", "N x N: S[i, j] between positions start+i and start+j (dot, cosine, or the relative "
                                 "score / bias of query start+i and key start+j)"}};
    s.run = &run;
    return s;
}

} // namespace posenc::analysis
