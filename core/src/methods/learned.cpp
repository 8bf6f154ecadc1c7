// SPDX-License-Identifier: GPL-3.0-or-later
#include "all_methods.h"
#include "method_common.h"

#include "posenc/errors.h"
#include "posenc/io/table_cache.h"
#include "posenc/random.h"

#include <algorithm>
#include <mutex>

namespace posenc::methods {

namespace {

/// The generated table's recipe: N(0, sd^2) entries from the seeded sampler, positions x d_model, row-major.
struct GeneratedTable {
    std::size_t rows = 0, cols = 0;
    std::uint64_t seed = 0;
    double sd = 0;
};

class LearnedEncoding final : public Encoding {
public:
    /// `table`: positions x d_model, row-major (a loaded file, shared with the table cache).
    explicit LearnedEncoding(std::shared_ptr<const Matrix> table)
        : m_dModel(static_cast<int>(table->cols)), m_positions(static_cast<std::int64_t>(table->rows)),
          m_table(std::move(table))
    {
    }
    /// A generated table, drawn on first use: building the encoding stays cheap (the explorer builds one on the GUI
    /// thread for every edit, to list its views and resolved values; 4096 x 512 draws took about 100 ms there).
    explicit LearnedEncoding(const GeneratedTable& recipe)
        : m_dModel(static_cast<int>(recipe.cols)), m_positions(static_cast<std::int64_t>(recipe.rows)), m_recipe(recipe)
    {
    }

    MethodKind kind() const override { return MethodKind::Additive; }
    std::vector<View> views() const override { return {View::Pe}; }
    int modelDim() const override { return m_dModel; }
    std::int64_t maxPositions() const override { return m_positions; }

    std::size_t columns(View view, const ViewOptions&) const override
    {
        if (view != View::Pe)
            throw InvalidInput("view", "view '" + toString(view) + "' does not apply to a learned table; use pe");
        return static_cast<std::size_t>(m_dModel);
    }

    void fillRows(View view, std::int64_t firstRow, std::size_t rows, double* out,
                  const ViewOptions& options) const override
    {
        const std::size_t cols = columns(view, options);
        if (firstRow < 0 || firstRow + static_cast<std::int64_t>(rows) > m_positions)
            throw InvalidInput("length", "the learned table has " + std::to_string(m_positions) + " positions; rows " +
                                             std::to_string(firstRow) + ".." +
                                             std::to_string(firstRow + static_cast<std::int64_t>(rows) - 1) +
                                             " were asked for");
        std::copy_n(table().data.data() + static_cast<std::size_t>(firstRow) * cols, rows * cols, out);
    }

private:
    const Matrix& table() const
    {
        std::call_once(m_drawn, [this] {
            if (m_table)
                return;
            auto t = std::make_shared<Matrix>();
            t->cols = m_recipe.cols;
            t->rows = m_recipe.rows;
            t->data.resize(t->rows * t->cols);
            NormalSampler rng(m_recipe.seed);
            for (double& x : t->data)
                x = m_recipe.sd * rng();
            m_table = std::move(t);
        });
        return *m_table;
    }

    int m_dModel;
    std::int64_t m_positions;
    GeneratedTable m_recipe;
    mutable std::once_flag m_drawn;
    mutable std::shared_ptr<const Matrix> m_table;
};

} // namespace

MethodDef learnedMethod()
{
    MethodDef m;
    m.info.id = "learned";
    m.info.displayName = "Learned absolute";
    m.info.summary = "A trainable table of position vectors (GPT-2 wpe, BERT): read from a file (--input), or its "
                     "N(0, std^2) initialisation, deterministic per seed.";
    m.info.kind = MethodKind::Additive;
    m.info.citation = "Gehring et al., arXiv:1705.03122; Radford et al. (GPT-2); HF initializer_range 0.02";
    auto dModel = intParam("d-model", 768, 1, 65536, "channels", "Model dimension d_model.");
    auto positions = intParam("max-positions", 1024, 1, 1 << 24, "positions",
                              "Rows in the table (HF max_position_embeddings / n_positions).");
    positions.scale = ScaleHint::Log;
    auto stddev = realParam("std", 0.02, 0.0, 1e3, "", "Standard deviation of the initialisation (initializer_range).");
    stddev.minInclusive = false;
    auto seed = intParam("seed", 0, 0, 9007199254740991.0, "",
                         "Random seed; the same seed gives the same table "
                         "on every platform.");
    ParamSpec input;
    input.name = "input";
    input.type = ParamType::Text;
    input.optional = true;
    input.displayName = "table file";
    input.help = "A trained table: FILE.npy, FILE.csv or FILE.safetensors[:TENSOR] (rows = positions, columns = "
                 "channels; float16/bfloat16/float32/float64). When set, it replaces the generated table and "
                 "d-model, max-positions, std and seed are not used.";
    m.info.params = {dModel, positions, stddev, seed, input};
    m.validate = [](const ParamSet& p) {
        if (p.has("input")) {
            (void)io::parseTableSource(p.choice("input"));
            return; // the file's shape is checked against the budget when it is read
        }
        const double cells = p.real("d-model") * p.real("max-positions");
        if (cells * 8.0 > 1024.0 * 1024.0 * 1024.0)
            throw BudgetExceeded("max-positions", "a learned table of " + formatNumber(p.real("max-positions")) +
                                                      " x " + formatNumber(p.real("d-model")) +
                                                      " doubles exceeds 1 GiB");
    };
    m.build = [](const ParamSet& p) -> std::shared_ptr<const Encoding> {
        if (p.has("input")) {
            auto table = io::loadTable(io::parseTableSource(p.choice("input")));
            if (table->cols > 65536)
                throw InvalidInput("input", p.choice("input") + ": " + std::to_string(table->cols) +
                                                " channels; at most 65536 are supported");
            return std::make_shared<const LearnedEncoding>(std::move(table));
        }
        GeneratedTable recipe;
        recipe.cols = static_cast<std::size_t>(p.integer("d-model"));
        recipe.rows = static_cast<std::size_t>(p.integer("max-positions"));
        recipe.seed = static_cast<std::uint64_t>(p.integer("seed"));
        recipe.sd = p.real("std");
        return std::make_shared<const LearnedEncoding>(recipe);
    };
    return m;
}

} // namespace posenc::methods
