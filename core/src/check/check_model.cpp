// SPDX-License-Identifier: GPL-3.0-or-later
// Expected values of a check model and the dtype-aware comparison with a table.
#include "check_model.h"

#include "posenc/threads.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace posenc::check {

namespace {

constexpr double kTwoPi = 2.0 * std::numbers::pi;

double minNormal(FloatFormat f)
{
    switch (f) {
    case FloatFormat::F64:
        return 0x1p-1022;
    case FloatFormat::F32:
    case FloatFormat::BF16:
        return 0x1p-126;
    case FloatFormat::F16:
        return 0x1p-14;
    }
    return 0.0;
}

/// |a - b| for angles: the distance on the circle, in [0, pi].
double angleDistance(double a, double b)
{
    double d = std::fmod(std::abs(a - b), kTwoPi);
    return std::min(d, kTwoPi - d);
}

/// Accumulates one block of rows.
struct Accumulator {
    Score s;
    void add(double err, double tol, std::size_t row, std::size_t col, std::size_t rowSlot, bool details)
    {
        const double n = err / tol;
        if (err > s.maxAbs)
            s.maxAbs = err;
        if (n > s.normalized || (s.normalized == 0.0 && n == 0.0 && row == 0 && col == 0)) {
            s.normalized = n;
            s.worstRow = row;
            s.worstColumn = col;
        }
        if (details) {
            s.perColumn[col] = std::max(s.perColumn[col], err);
            s.perRow[rowSlot] = std::max(s.perRow[rowSlot], err);
        }
    }
};

void scoreRow(const TableView& view, const Model& m, std::size_t row, std::size_t slot, std::vector<double>& phi,
              Accumulator& acc, bool details)
{
    const Matrix& t = *view.table;
    const std::size_t n = m.invFreq.size();
    const double us = unitRoundoff(view.storage);
    const double ua = arithmeticRoundoff(view.storage);
    const double floorValue = minNormal(view.storage);
    const auto rounded = [&](double p) {
        return roundTo(p * m.positionScale + m.positionOffset, m.arithmetic.positions);
    };
    if (m.ids) {
        const auto id = m.ids->at(view.positionOf(row));
        for (std::size_t i = 0; i < n; ++i)
            phi[i] = roundTo(
                rounded(static_cast<double>(id[i < m.streams.size() ? static_cast<std::size_t>(m.streams[i]) : 0])) *
                    roundTo(m.invFreq[i], m.arithmetic.theta),
                m.arithmetic.product);
    } else {
        const double pos = rounded(static_cast<double>(view.positionOf(row)));
        for (std::size_t i = 0; i < n; ++i)
            phi[i] = roundTo(pos * roundTo(m.invFreq[i], m.arithmetic.theta), m.arithmetic.product);
    }
    const double a = m.attention;
    const double* r = &t.data[row * t.cols];
    const auto angleTol = [&](std::size_t i) { return ua * ((8.0 + 2.0 * double(i)) * std::abs(phi[i]) + 4.0); };
    switch (view.quantity) {
    case CheckQuantity::Cos:
    case CheckQuantity::Sin: {
        // per pair once: a cos, a sin and the angle part of the tolerance
        thread_local std::vector<double> cs, sn, tolPair;
        cs.resize(n);
        sn.resize(n);
        tolPair.resize(n);
        const bool needCos = view.quantity == CheckQuantity::Cos || m.layout == CheckLayout::CosSin;
        const bool needSin = view.quantity == CheckQuantity::Sin || m.layout == CheckLayout::CosSin;
        for (std::size_t i = 0; i < n; ++i) {
            cs[i] = needCos ? a * std::cos(phi[i]) : 0.0;
            sn[i] = needSin ? a * std::sin(phi[i]) : 0.0;
            tolPair[i] = view.tolerance ? *view.tolerance : std::abs(a) * (angleTol(i) + 4.0 * ua);
        }
        const bool wantCos = view.quantity == CheckQuantity::Cos;
        const double storeTol = view.tolerance ? 0.0 : 2.0 * us;
        for (std::size_t c = 0; c < t.cols; ++c) {
            const std::size_t i = pairOfColumn(m.layout, c, n);
            const bool useCos = m.layout == CheckLayout::CosSin ? c < n : wantCos;
            const double e = useCos ? cs[i] : sn[i];
            acc.add(std::abs(r[c] - e), tolPair[i] + storeTol * std::max(std::abs(e), floorValue), row, c, slot,
                    details);
        }
        break;
    }
    case CheckQuantity::Angle:
        for (std::size_t c = 0; c < t.cols; ++c) {
            const std::size_t i = pairOfColumn(m.layout, c, n);
            const double tol = view.tolerance ? *view.tolerance : angleTol(i) + 2.0 * us * kTwoPi;
            acc.add(angleDistance(r[c], phi[i]), tol, row, c, slot, details);
        }
        break;
    case CheckQuantity::Rotated: {
        const auto& x = view.probe;
        for (std::size_t c = 2 * n; c < t.cols; ++c) {
            const double tol = view.tolerance ? *view.tolerance : 2.0 * us * std::max(std::abs(x[c]), floorValue);
            acc.add(std::abs(r[c] - x[c]), tol, row, c, slot, details);
        }
        for (std::size_t i = 0; i < n; ++i) {
            const std::size_t ca = m.layout == CheckLayout::Interleaved ? 2 * i : i;
            const std::size_t cb = m.layout == CheckLayout::Interleaved ? 2 * i + 1 : i + n;
            const double cs = std::cos(phi[i]), sn = std::sin(phi[i]);
            const double ea = a * (x[ca] * cs - x[cb] * sn);
            const double eb = a * (x[ca] * sn + x[cb] * cs);
            const double mag = std::abs(x[ca]) + std::abs(x[cb]);
            const auto tol = [&](double e) {
                return view.tolerance ? *view.tolerance
                                      : std::abs(a) * mag * (angleTol(i) + 4.0 * ua) +
                                            2.0 * us * std::max(std::abs(e), floorValue);
            };
            acc.add(std::abs(r[ca] - ea), tol(ea), row, ca, slot, details);
            acc.add(std::abs(r[cb] - eb), tol(eb), row, cb, slot, details);
        }
        break;
    }
    case CheckQuantity::InvFreq:
    case CheckQuantity::QueryScale: // query_scale.cpp scores these
        break;
    }
}

Score scoreInvFreq(const TableView& view, const Model& m, bool details)
{
    const Matrix& t = *view.table;
    const double us = unitRoundoff(view.storage);
    const double ua = arithmeticRoundoff(view.storage);
    Accumulator acc;
    if (details) {
        acc.s.perColumn.assign(t.data.size(), 0.0);
        acc.s.perRow.assign(1, 0.0);
    }
    for (std::size_t i = 0; i < t.data.size(); ++i) {
        const double e = roundTo(m.invFreq[i], m.arithmetic.theta);
        const double tol = view.tolerance ? *view.tolerance
                                          : std::max(ua * (8.0 + 2.0 * double(i)) * e + 2.0 * us * e,
                                                     2.0 * us * minNormal(view.storage));
        acc.add(std::abs(t.data[i] - e), tol, 0, i, 0, details);
    }
    return acc.s;
}

} // namespace

std::size_t Model::columns(CheckQuantity q) const
{
    const std::size_t n = invFreq.size();
    if (q == CheckQuantity::InvFreq)
        return n;
    if (q == CheckQuantity::Rotated)
        return static_cast<std::size_t>(headDim);
    return layout == CheckLayout::Pairs ? n : 2 * n;
}

std::size_t pairOfColumn(CheckLayout layout, std::size_t c, std::size_t n)
{
    switch (layout) {
    case CheckLayout::Pairs:
        return c;
    case CheckLayout::Half:
    case CheckLayout::CosSin:
        return c < n ? c : c - n;
    case CheckLayout::Interleaved:
        return c / 2;
    }
    return c;
}

double arithmeticRoundoff(FloatFormat storage)
{
    return storage == FloatFormat::F64 ? unitRoundoff(FloatFormat::F64) : unitRoundoff(FloatFormat::F32);
}

std::string toleranceText(const TableView& view)
{
    if (view.tolerance)
        return "absolute tolerance " + std::to_string(*view.tolerance) + " (--tolerance)";
    const std::string arith = view.storage == FloatFormat::F64 ? "float64" : "float32";
    return "values stored in " + toString(view.storage) + " (2 ulp of the value) plus " + arith +
           " arithmetic of the angle (u (8 + 2i) |m theta_i| for pair i, as ggml's repeated multiplication and "
           "HF's float32 product allow)";
}

Score score(const TableView& view, const Model& model, const std::vector<std::size_t>& rows, bool details)
{
    if (view.quantity == CheckQuantity::InvFreq)
        return scoreInvFreq(view, model, details);
    const Matrix& t = *view.table;
    const std::size_t count = rows.empty() ? t.rows : rows.size();
    Score total;
    if (details) {
        total.perColumn.assign(t.cols, 0.0);
        total.perRow.assign(count, 0.0);
    }
    constexpr std::size_t kBlock = 512;
    const std::size_t blocks = (count + kBlock - 1) / kBlock;
    const int threads = std::max(1, std::min<int>(threadBudget(), static_cast<int>(blocks)));
#pragma omp parallel num_threads(threads)
    {
        Accumulator acc;
        if (details) {
            acc.s.perColumn.assign(t.cols, 0.0);
            acc.s.perRow.assign(count, 0.0);
        }
        std::vector<double> phi(model.invFreq.size());
#pragma omp for schedule(dynamic, 4)
        for (std::size_t b = 0; b < blocks; ++b) {
            const std::size_t end = std::min(count, (b + 1) * kBlock);
            for (std::size_t k = b * kBlock; k < end; ++k)
                scoreRow(view, model, rows.empty() ? k : rows[k], k, phi, acc, details);
        }
#pragma omp critical
        {
            total.maxAbs = std::max(total.maxAbs, acc.s.maxAbs);
            if (acc.s.normalized > total.normalized) {
                total.normalized = acc.s.normalized;
                total.worstRow = acc.s.worstRow;
                total.worstColumn = acc.s.worstColumn;
            }
            if (details) {
                for (std::size_t c = 0; c < t.cols; ++c)
                    total.perColumn[c] = std::max(total.perColumn[c], acc.s.perColumn[c]);
                for (std::size_t k = 0; k < count; ++k)
                    total.perRow[k] = std::max(total.perRow[k], acc.s.perRow[k]);
            }
        }
    }
    return total;
}

} // namespace posenc::check
