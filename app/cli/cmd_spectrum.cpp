// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute spectrum`: FFT power spectrum of each column of an encoding view (structure.h).
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/analysis/structure.h"
#include "posenc/errors.h"

namespace posenc::cli {

namespace {

View defaultView(const MethodChoice& c)
{
    return c.encoding->views().empty() ? View::Pe : c.encoding->views().front();
}

int run(const Args& args, const Command& self)
{
    const std::string format = tableFormat(args);
    const auto choice = resolveMethod(args, self);
    const std::int64_t length = lengthOption(args, choice, 2, std::int64_t(1) << 28, "positions transformed");
    const std::int64_t first = intOption(args, "start");
    const View view = args.has("view") ? parseView(args.get("view")) : defaultView(choice);
    checkMemory(args, "length", 3.0 * static_cast<double>(length) * encodingRowBytes(*choice.encoding),
                std::to_string(length) + " positions of every column and their transforms");
    const auto r = analysis::computeEncodingSpectrum(*choice.encoding, view, first, length);
    std::vector<double> column(r.peakFrequency.size());
    for (std::size_t c = 0; c < column.size(); ++c)
        column[c] = static_cast<double>(c);
    std::vector<NamedColumn> cols{
        {"column", &column}, {"peak_frequency", &r.peakFrequency}, {"measured_wavelength", &r.measuredWavelength}};
    if (r.analyticWavelength)
        cols.emplace_back("analytic_wavelength", &*r.analyticWavelength);
    writeOutput(args, [&](std::ostream& out) {
        if (format == "csv") {
            writeColumnsCsv(out, cols);
            return;
        }
        io::JsonWriter w(out);
        beginAnalysisJson(w, choice, "spectrum");
        w.field("view", toString(view));
        w.field("length", static_cast<long long>(length));
        w.key("frequency").array(r.frequency);
        writeColumnsJson(w, cols);
        w.key("power").beginArray(); // one array per column, over the frequency bins
        std::vector<double> p(r.power.rows);
        for (std::size_t c = 0; c < r.power.cols; ++c) {
            for (std::size_t k = 0; k < r.power.rows; ++k)
                p[k] = r.power(k, c);
            w.array(p);
        }
        w.endArray();
        w.endObject();
    });
    return 0;
}

} // namespace

Command spectrumCommand()
{
    Command c{{"compute", "spectrum"},
              "posenc compute spectrum --method M [--PARAM VALUE ...] --length N [--start P] [--view V]\n"
              "                        [--format json|csv] [-o FILE]",
              "FFT power spectrum of every column of a view over positions: peak frequency, measured and analytic "
              "wavelength per column (JSON also has the power per column and bin).",
              {intOpt("length", "positions N (default with --input: the whole table)", std::nullopt, 2,
                      std::int64_t(1) << 28),
               intOpt("start", "first position", 0, 0, std::int64_t(1) << 50),
               {"view", "matrix view (default: the method's first view: pe or cos)"},
               tableFormatOption()},
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
