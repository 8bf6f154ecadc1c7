// SPDX-License-Identifier: GPL-3.0-or-later
// `spectrum` declared once (analysis_spec.h): options, result columns and the power matrix, the run.
#include "analysis_spec_structure_p.h"

#include "posenc/analysis/structure.h"

namespace posenc::analysis {

namespace {

AnalysisOutput run(const Encoding* e, const ParamSet& p, const RunContext& context)
{
    const Encoding& encoding = *e; // not null: the analysis uses an encoding (runAnalysis checks)
    const std::int64_t length = windowLength(analysisSpec("spectrum"), encoding, p, "positions transformed");
    const View view = matrixView(encoding, p);
    SpectrumResult r = computeEncodingSpectrum(encoding, view, p.integer("start"), length, context.memoryBudget);
    AnalysisOutput out;
    out.labels.emplace_back("view", toString(view));
    out.scalars.emplace_back("length", static_cast<double>(length));
    std::vector<double> column(r.peakFrequency.size());
    for (std::size_t c = 0; c < column.size(); ++c)
        column[c] = static_cast<double>(c);
    out.columns.emplace_back("frequency", std::move(r.frequency));
    out.columns.emplace_back("column", std::move(column));
    out.columns.emplace_back("peak_frequency", std::move(r.peakFrequency));
    out.columns.emplace_back("measured_wavelength", std::move(r.measuredWavelength));
    if (r.analyticWavelength)
        out.columns.emplace_back("analytic_wavelength", std::move(*r.analyticWavelength));
    Matrix power; // one row per column of the view, over the frequency bins (the JSON's layout)
    power.rows = r.power.cols;
    power.cols = r.power.rows;
    power.data.resize(power.rows * power.cols);
    for (std::size_t c = 0; c < power.rows; ++c)
        for (std::size_t k = 0; k < power.cols; ++k)
            power(c, k) = r.power(k, c);
    out.matrices.emplace_back("power", std::move(power));
    return out;
}

} // namespace

AnalysisSpec spectrumSpec()
{
    AnalysisSpec s;
    s.id = "spectrum";
    s.summary = "FFT power spectrum of every column of a view over positions: peak frequency, measured and analytic "
                "wavelength per column (JSON also has the power per column and bin).";
    s.options = {
        windowLengthOption(2, static_cast<double>(std::int64_t(1) << 28),
                           "positions N (default with --input: the whole table)"),
        startOption(),
        matrixViewOption("matrix view whose channels are analysed (auto: the method's first)"),
    };
    s.columns = {
        {"frequency", "frequency bin k / N (cycles per position), k = 0 .. N/2 (one entry per bin)"},
        {"column", "column index of the view (one entry per column from here on)"},
        {"peak_frequency", "the bin of largest power excluding DC (cycles per position)"},
        {"measured_wavelength", "1 / peak_frequency (positions)"},
        {"analytic_wavelength", "2 pi / theta of the column where the method has frequencies (positions)", false},
    };
    s.matrices = {{"power", "columns x bins: |FFT|^2 of each column over the positions (unnormalised)"}};
    s.run = &run;
    return s;
}

} // namespace posenc::analysis
