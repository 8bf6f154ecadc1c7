// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// Shared by the Grid view's tests (tst_grid_view.cpp, tst_grid_view_dype.cpp): a Grid figure from view options, a
// cell of its token grid, the message of a rejected option.
#include "figure_selection.h"
#include "figures/FigureSpec.h"

#include "posenc/errors.h"
#include "posenc/grid_rope.h"

#include <QString>

#include <initializer_list>
#include <memory>
#include <string>
#include <utility>

namespace posenc::widgets::test {

/// A view option value as written in the test: text (a choice), a number or a flag.
struct Opt {
    ParamValue value;
    Opt(const char* text) : value(std::string(text)) {}           // NOLINT: implicit on purpose
    Opt(const std::string& text) : value(text) {}                 // NOLINT
    Opt(long long number) : value(static_cast<double>(number)) {} // NOLINT
    Opt(double number) : value(number) {}                         // NOLINT
    Opt(bool flag) : value(flag) {}                               // NOLINT
};

inline FigureData gridFigure(std::initializer_list<std::pair<const char*, Opt>> options,
                             std::shared_ptr<const grid::Model> model = nullptr)
{
    FigureRequest r = request(FigureKind::Grid, {method("rope")}, 256);
    for (const auto& [name, value] : options)
        r.options.set(name, value.value);
    r.gridModel = std::move(model);
    return computeFigure(r);
}

/// Grid value at token (row r, column c) of an H-row grid: x = column, y = row (rows × cols = W × H).
inline double cell(const Grid& g, long long r, long long c)
{
    return g.values[static_cast<std::size_t>(c * g.cols + r)];
}

template <class F> QString errorOf(F f)
{
    try {
        f();
    } catch (const InvalidInput& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

} // namespace posenc::widgets::test
