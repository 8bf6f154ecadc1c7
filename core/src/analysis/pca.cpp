// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/analysis/structure.h"

#include "finite_check.h"
#include "posenc/errors.h"

#include <Eigen/Dense>

#include <cmath>

namespace posenc::analysis {

PcaResult computePca(const Matrix& m, int k)
{
    using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    if (m.rows < 2)
        throw InvalidInput("length", "PCA needs at least 2 positions, got " + std::to_string(m.rows));
    const auto rows = static_cast<Eigen::Index>(m.rows);
    const auto cols = static_cast<Eigen::Index>(m.cols);
    const Eigen::Index small = std::min(rows, cols);
    if (k < 1 || k > small)
        throw InvalidInput("components", "--components " + std::to_string(k) + " is outside [1, " +
                                             std::to_string(small) + "] (min of positions and dimensions)");
    if (8.0 * static_cast<double>(small) * static_cast<double>(small) > static_cast<double>(kDefaultMemoryBudget))
        throw BudgetExceeded("length", "PCA of a " + std::to_string(m.rows) + " x " + std::to_string(m.cols) +
                                           " matrix needs a " + std::to_string(small) + "^2 eigenproblem, above the "
                                           "memory budget; use fewer positions");
    detail::requireFinite(m, "view", "PCA");
    RowMatrix x = Eigen::Map<const RowMatrix>(m.data.data(), rows, cols);
    x.rowwise() -= x.colwise().mean();
    const double denom = static_cast<double>(rows - 1);
    const bool gram = rows < cols;
    Eigen::MatrixXd s = gram ? Eigen::MatrixXd(x * x.transpose()) : Eigen::MatrixXd(x.transpose() * x);
    s /= denom;
    const double total = s.trace();
    Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> eig(s);
    if (eig.info() != Eigen::Success)
        throw InvalidInput("components", "the eigen-decomposition did not converge");

    PcaResult r;
    r.components.rows = static_cast<std::size_t>(k);
    r.components.cols = m.cols;
    r.components.data.assign(r.components.rows * r.components.cols, 0.0);
    r.projections.rows = m.rows;
    r.projections.cols = static_cast<std::size_t>(k);
    r.projections.data.assign(r.projections.rows * r.projections.cols, 0.0);
    for (int j = 0; j < k; ++j) {
        const Eigen::Index e = small - 1 - j; // eigenvalues ascend
        const double lambda = std::max(0.0, eig.eigenvalues()[e]);
        Eigen::VectorXd axis = gram ? Eigen::VectorXd(x.transpose() * eig.eigenvectors().col(e))
                                    : Eigen::VectorXd(eig.eigenvectors().col(e));
        const double norm = axis.norm();
        if (norm > 0)
            axis /= norm;
        Eigen::Index big = 0;
        axis.cwiseAbs().maxCoeff(&big);
        if (axis[big] < 0)
            axis = -axis;
        const Eigen::VectorXd proj = x * axis;
        for (Eigen::Index c = 0; c < cols; ++c)
            r.components.data[static_cast<std::size_t>(j * cols + c)] = axis[c];
        for (Eigen::Index i = 0; i < rows; ++i)
            r.projections.data[static_cast<std::size_t>(i * k + j)] = proj[i];
        r.explainedVariance.push_back(lambda);
        r.explainedVarianceRatio.push_back(total > 0 ? lambda / total : 0.0);
    }
    return r;
}

} // namespace posenc::analysis
