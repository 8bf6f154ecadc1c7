// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The check's model of a table: frequencies, attention factor, position transform and arithmetic, laid out as
// the table's columns; and the scorer that compares a table with a model under the dtype-aware tolerance.

#include "posenc/check.h"
#include "posenc/mrope.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace posenc::check {

/// What a table holds, as a function of the row's position and the column.
struct Model {
    std::vector<double> invFreq; ///< theta'_i, one per pair
    double attention = 1.0;      ///< multiplies cos and sin (and the rotated pair)
    double positionScale = 1.0;  ///< position used = m * positionScale + positionOffset
    double positionOffset = 0.0;
    Arithmetic arithmetic;
    CheckLayout layout = CheckLayout::Half; ///< rotated: Half or Interleaved pairing
    int headDim = 0;                        ///< rotated: channels (>= 2 pairs; the rest pass through)
    /// M-RoPE: the stream (0 t, 1 h, 2 w) of each pair and the (t, h, w) ids of each token; pair i of the row at
    /// position m is rotated by ids->at(m)[streams[i]]. Null ids: every pair by m.
    std::vector<int> streams;
    std::shared_ptr<const mrope::PositionIds> ids;
    std::size_t columns(CheckQuantity q) const;
};

/// Where the table's rows are and what it holds.
struct TableView {
    const Matrix* table = nullptr;
    CheckQuantity quantity = CheckQuantity::Cos;
    std::int64_t firstPosition = 0;
    const std::vector<std::int64_t>* positions = nullptr; ///< explicit row positions (non-empty), else consecutive
    std::int64_t positionOf(std::size_t row) const
    {
        return positions ? (*positions)[row] : firstPosition + static_cast<std::int64_t>(row);
    }
    FloatFormat storage = FloatFormat::F64;
    std::optional<double> tolerance; ///< absolute override
    std::vector<double> probe;       ///< rotated
};

struct Score {
    double maxAbs = 0.0;
    double normalized = 0.0;
    std::size_t worstRow = 0, worstColumn = 0;
    std::vector<double> perColumn; ///< filled when requested
    std::vector<double> perRow;    ///< filled when requested (one per scored row)
};

/// Unit roundoff of the arithmetic the tolerance allows for: float32 when the table is stored in float32 or
/// coarser (the engines compute angles in float32), float64 otherwise.
double arithmeticRoundoff(FloatFormat storage);
/// The rule in words, for the report.
std::string toleranceText(const TableView& view);

/// Scores `model` on `rows` (indices into the table; empty = all). Expects model.columns() == table columns.
Score score(const TableView& view, const Model& model, const std::vector<std::size_t>& rows, bool details);

/// The pair of column `c` under `layout` (n pairs).
std::size_t pairOfColumn(CheckLayout layout, std::size_t c, std::size_t n);

} // namespace posenc::check
