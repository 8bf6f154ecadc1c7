// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/analysis/structure.h"

#include "finite_check.h"
#include "posenc/errors.h"
#include "posenc/rope_apply.h"
#include "posenc/threads.h"

#include <Eigen/Dense>

#include <cmath>

namespace posenc::analysis {

namespace {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

std::string kindName(SimilarityKind k)
{
    return k == SimilarityKind::Dot ? "dot" : k == SimilarityKind::Cosine ? "cosine" : "relative-score";
}

Matrix product(const RowMatrix& a, const RowMatrix& b)
{
    Matrix out;
    out.rows = static_cast<std::size_t>(a.rows());
    out.cols = static_cast<std::size_t>(b.rows());
    out.data.resize(out.rows * out.cols);
    Eigen::Map<RowMatrix> s(out.data.data(), a.rows(), b.rows());
    s.noalias() = a * b.transpose();
    return out;
}

RowMatrix rotatedRows(const RotaryFrequencies& f, const std::vector<double>& probe, std::int64_t first,
                      std::int64_t length, bool keySide)
{
    RowMatrix m(length, f.headDim);
#pragma omp parallel for schedule(static) num_threads(posenc::threadBudget())
    for (std::int64_t i = 0; i < length; ++i) {
        const auto row = applyRotary(f, probe, static_cast<double>(first + i), keySide);
        for (int c = 0; c < f.headDim; ++c)
            m(i, c) = row[static_cast<std::size_t>(c)];
    }
    return m;
}

} // namespace

Matrix computeSimilarity(const Encoding& encoding, const SimilarityOptions& o)
{
    if (o.length < 1 || o.length > (std::int64_t(1) << 31))
        throw InvalidInput("length", "--length " + std::to_string(o.length) + " is outside [1, 2^31]");
    if (o.first < 0)
        throw InvalidInput("start", "--start " + std::to_string(o.first) + " must be >= 0");
    const double bytes = 8.0 * static_cast<double>(o.length) * static_cast<double>(o.length);
    if (bytes > static_cast<double>(o.memoryBudget))
        throw BudgetExceeded("length", "a " + std::to_string(o.length) + " x " + std::to_string(o.length) +
                                           " similarity matrix exceeds the memory budget; use a shorter --length");
    const std::string why = "--kind " + kindName(o.kind) + " does not apply to " + toString(encoding.kind()) +
                            " methods; ";
    if (o.kind == SimilarityKind::RelativeScore) {
        if (const RotaryFrequencies* f = encoding.rotary()) {
            const auto q = o.probeQ.empty() ? defaultProbe(f->headDim) : o.probeQ;
            const auto k = o.probeK.empty() ? defaultProbe(f->headDim) : o.probeK;
            for (const auto* p : {&q, &k})
                if (p->size() != static_cast<std::size_t>(f->headDim))
                    throw InvalidInput("probe", "a probe has " + std::to_string(p->size()) + " entries; head_dim is " +
                                                    std::to_string(f->headDim));
            Matrix s = product(rotatedRows(*f, q, o.first, o.length, false),
                               rotatedRows(*f, k, o.first, o.length, true));
            for (double v : s.data)
                if (!std::isfinite(v))
                    throw InvalidInput("probe", "q^T R k overflows the double range (" + formatNumber(v) +
                                                    ") with these probes; scale the probe entries down (products "
                                                    "of entries above ~1e154 are not finite)");
            return s;
        }
        if (encoding.biasHeads() > 0) {
            if (o.head < 0 || o.head >= encoding.biasHeads())
                throw InvalidInput("head", "--head " + std::to_string(o.head) + " is outside [0, " +
                                               std::to_string(encoding.biasHeads() - 1) + "]");
            Matrix out;
            out.rows = out.cols = static_cast<std::size_t>(o.length);
            out.data.resize(out.rows * out.cols);
#pragma omp parallel for schedule(static) num_threads(posenc::threadBudget())
            for (std::int64_t i = 0; i < o.length; ++i)
                for (std::int64_t j = 0; j < o.length; ++j)
                    out.data[static_cast<std::size_t>(i * o.length + j)] = encoding.bias(o.head, i - j);
            return out;
        }
        throw InvalidInput("kind", why + "use --kind dot or cosine for additive encodings");
    }
    if (encoding.kind() != MethodKind::Additive)
        throw InvalidInput("kind", why + (encoding.kind() == MethodKind::None
                                              ? std::string("NoPE has no position vectors")
                                              : std::string("use --kind relative-score")));
    MatrixRequest req;
    req.view = View::Pe;
    req.firstPosition = o.first;
    req.length = o.length;
    req.memoryBudget = o.memoryBudget;
    const Matrix pe = computeMatrix(encoding, req);
    RowMatrix x = Eigen::Map<const RowMatrix>(pe.data.data(), static_cast<Eigen::Index>(pe.rows),
                                              static_cast<Eigen::Index>(pe.cols));
    if (o.kind == SimilarityKind::Cosine) {
        for (Eigen::Index i = 0; i < x.rows(); ++i) {
            const double n = x.row(i).norm();
            if (n > 0)
                x.row(i) /= n;
        }
    }
    return product(x, x);
}

} // namespace posenc::analysis
