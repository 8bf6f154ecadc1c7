// SPDX-License-Identifier: GPL-3.0-or-later
// `pca` declared once (analysis_spec.h): options, result columns and matrices, the run.
#include "analysis_spec_structure_p.h"

#include "posenc/analysis/structure.h"
#include "posenc/param_builders.h"

namespace posenc::analysis {

namespace {

AnalysisOutput run(const Encoding* e, const ParamSet& p, const RunContext& context)
{
    const Encoding& encoding = *e; // not null: the analysis uses an encoding (runAnalysis checks)
    MatrixRequest req;
    req.length = windowLength(analysisSpec("pca"), encoding, p, "positions");
    req.firstPosition = p.integer("start");
    req.view = matrixView(encoding, p);
    req.memoryBudget = context.memoryBudget;
    PcaResult r = computePca(computeMatrix(encoding, req, context.progress), static_cast<int>(p.integer("components")));
    AnalysisOutput out;
    out.labels.emplace_back("view", toString(req.view));
    out.columns.emplace_back("explained_variance", std::move(r.explainedVariance));
    out.columns.emplace_back("explained_variance_ratio", std::move(r.explainedVarianceRatio));
    Matrix projections; // one row per component, over the positions (the JSON's layout)
    projections.rows = r.projections.cols;
    projections.cols = r.projections.rows;
    projections.data.resize(projections.rows * projections.cols);
    for (std::size_t j = 0; j < projections.rows; ++j)
        for (std::size_t i = 0; i < projections.cols; ++i)
            projections(j, i) = r.projections(i, j);
    out.matrices.emplace_back("components", std::move(r.components));
    out.matrices.emplace_back("projections", std::move(projections));
    return out;
}

} // namespace

AnalysisSpec pcaSpec()
{
    AnalysisSpec s;
    s.id = "pca";
    s.summary = "Principal components of the position vectors (rows of a view): explained variance, axes and the "
                "projection of every position (sinusoidal tables form circles, learned GPT-2 tables a helix).";
    s.options = {
        windowLengthOption(2, static_cast<double>(std::int64_t(1) << 24),
                           "positions N (default with --input: the whole table)"),
        startOption(),
        matrixViewOption("matrix view whose position vectors are projected (auto: the method's position vectors)"),
        intParam("components", 3, 1, 4096, {}, "K, at most min(N, columns)"),
    };
    s.columns = {
        {"explained_variance", "variance along each principal axis (eigenvalue of the covariance), largest first"},
        {"explained_variance_ratio", "explained_variance / total variance"},
    };
    s.matrices = {
        {"components", "K x columns: the unit principal axes, each signed so that its largest entry is positive"},
        {"projections", "K x N: the centred position vectors start .. start+N-1 projected on each axis"},
    };
    s.run = &run;
    return s;
}

} // namespace posenc::analysis
