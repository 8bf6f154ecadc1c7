// SPDX-License-Identifier: GPL-3.0-or-later
#include "random_draws.h"

#include "relative_score.h"

#include "posenc/random.h"

#include <Eigen/Dense>

#include <cmath>

namespace posenc::analysis::detail {

namespace {

/// Draw features (A_j, C_j for each pair, then the pass-through dot product) of one (q, k) draw:
/// A_j = q_a k_a + q_b k_b, C_j = q_a k_b - q_b k_a, so that <R_m q, R_n k> =
/// a^2 sum_j w_j (A_j cos((m-n) theta_j) + C_j sin((m-n) theta_j)) + pass.
class DrawFeatures {
public:
    DrawFeatures(const RotaryFrequencies& f, std::uint64_t seed, double rho)
        : m_f(f), m_rng(seed), m_rho(rho), m_noise(std::sqrt(std::max(0.0, 1.0 - rho * rho))),
          m_q(static_cast<std::size_t>(f.headDim)), m_k(m_q.size())
    {
    }
    std::size_t size() const { return 2 * m_f.pairs() + 1; }

    void next(double* out)
    {
        for (double& x : m_q)
            x = m_rng();
        for (std::size_t c = 0; c < m_k.size(); ++c)
            m_k[c] = m_rho * m_q[c] + m_noise * m_rng();
        const std::size_t P = m_f.pairs();
        const bool half = m_f.pairing == Pairing::Half;
        for (std::size_t j = 0; j < P; ++j) {
            const std::size_t a = half ? j : 2 * j;
            const std::size_t b = half ? j + P : 2 * j + 1;
            out[j] = m_q[a] * m_k[a] + m_q[b] * m_k[b];
            out[P + j] = m_q[a] * m_k[b] - m_q[b] * m_k[a];
        }
        double pass = 0;
        for (std::size_t c = static_cast<std::size_t>(m_f.rotaryDim); c < m_q.size(); ++c)
            pass += m_q[c] * m_k[c];
        out[2 * P] = pass;
    }

private:
    const RotaryFrequencies& m_f;
    NormalSampler m_rng;
    double m_rho, m_noise;
    std::vector<double> m_q, m_k;
};

} // namespace

std::pair<std::vector<double>, std::vector<double>> randomScoreMoments(const RotaryFrequencies& f,
                                                                       std::span<const double> distances,
                                                                       int samples, std::uint64_t seed,
                                                                       double correlation,
                                                                       const ProgressFn& progress)
{
    using Mat = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
    DrawFeatures draws(f, seed, correlation);
    const auto D = static_cast<Eigen::Index>(draws.size());
    const std::size_t P = f.pairs();
    const double a2 = f.attentionFactor * f.attentionFactor;
    const bool direct = samples <= D;
    const auto set = rotaryPhasors(f);

    Mat features;                  // direct: one row per draw
    Eigen::VectorXd mean = Eigen::VectorXd::Zero(D);
    Eigen::MatrixXd cov = Eigen::MatrixXd::Zero(D, D);
    if (direct) {
        features.resize(samples, D);
        for (int s = 0; s < samples; ++s)
            draws.next(features.row(s).data());
    } else {
        // Chan et al. pairwise merge of block means and centred co-moments.
        const int block = 4096;
        Mat fb(block, D);
        double n = 0;
        for (int start = 0; start < samples; start += block) {
            const int b = std::min(block, samples - start);
            for (int s = 0; s < b; ++s)
                draws.next(fb.row(s).data());
            const auto rows = fb.topRows(b);
            const Eigen::VectorXd mb = rows.colwise().mean().transpose();
            const Mat centred = rows.rowwise() - mb.transpose();
            const Eigen::MatrixXd mbm = centred.transpose() * centred;
            const double nb = b;
            const Eigen::VectorXd delta = mb - mean;
            const double total = n + nb;
            cov += mbm + delta * delta.transpose() * (n * nb / total);
            mean += delta * (nb / total);
            n = total;
        }
        cov /= n;
    }

    std::vector<double> mu(distances.size()), sd(distances.size());
    const std::size_t macro = 1 << 16;
    for (std::size_t begin = 0; begin < distances.size(); begin += macro) {
        const auto part = distances.subspan(begin, std::min(macro, distances.size() - begin));
        parallelSweep(set, part, [&](std::size_t k, const PhasorStepper& st) {
            thread_local Eigen::VectorXd u;
            u.resize(D);
            for (std::size_t j = 0; j < P; ++j) {
                u[static_cast<Eigen::Index>(j)] = a2 * st.re()[j];
                u[static_cast<Eigen::Index>(P + j)] = a2 * st.im()[j];
            }
            u[D - 1] = 1.0;
            double m = 0, v = 0;
            if (direct) {
                thread_local Eigen::VectorXd scores;
                scores.noalias() = features * u;
                m = scores.mean();
                v = (scores.array() - m).square().mean();
            } else {
                thread_local Eigen::VectorXd cu;
                cu.noalias() = cov * u;
                m = mean.dot(u);
                v = u.dot(cu);
            }
            mu[begin + k] = m;
            sd[begin + k] = std::sqrt(std::max(0.0, v));
        });
        report(progress, 0.3 + 0.7 * static_cast<double>(begin + part.size()) / static_cast<double>(distances.size()));
    }
    return {std::move(mu), std::move(sd)};
}

} // namespace posenc::analysis::detail
