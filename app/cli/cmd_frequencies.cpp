// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute frequencies`: per-pair frequencies, wavelengths, ramp, interpolation fraction.
#include "analysis_output.h"
#include "commands_list.h"

#include "posenc/errors.h"
#include "posenc/mrope.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    const std::string format = tableFormat(args);
    const auto choice = resolveMethod(args, self);
    const auto table = choice.encoding->frequencyTable();
    if (!table)
        throw InvalidInput("method", "method " + choice.def->info.id + " (" + toString(choice.def->info.kind) +
                                         ") has no per-pair frequencies; see `posenc compute matrix --view " +
                                         (choice.def->info.kind == MethodKind::AttentionBias ? "bias" : "pe") +
                                         "` instead");
    writeOutput(args, [&](std::ostream& out) {
        if (format == "csv") {
            out << "pair,inv_freq,wavelength,ramp,interpolation\n";
            const auto interp = table->interpolation.value_or(std::vector<double>{});
            for (std::size_t i = 0; i < table->invFreq.size(); ++i) {
                out << i << ',' << io::JsonWriter::number(table->invFreq[i]) << ','
                    << io::JsonWriter::number(table->wavelength[i]) << ','
                    << (table->ramp ? io::JsonWriter::number((*table->ramp)[i]) : "") << ','
                    << (i < interp.size() ? io::JsonWriter::number(interp[i]) : "") << '\n';
            }
            return;
        }
        io::JsonWriter w(out);
        w.beginObject();
        w.field("method", choice.def->info.id);
        writeParams(w, *choice.def, choice.params);
        w.key("rotary_dim");
        if (table->rotaryDim)
            w.value(*table->rotaryDim);
        else
            w.null();
        w.key("inv_freq").array(table->invFreq);
        w.key("wavelength").array(table->wavelength);
        w.key("ramp");
        table->ramp ? (void)w.array(*table->ramp) : (void)w.null();
        w.key("interpolation");
        table->interpolation ? (void)w.array(*table->interpolation) : (void)w.null();
        w.field("attention_factor", table->attentionFactor);
        w.field("logit_scale_rotated", table->attentionFactor * table->attentionFactor);
        for (const auto& [k, v] : table->extras)
            w.field(k, v);
        if (const auto* streams = mrope::pairStreamsOf(*choice.encoding)) { // M-RoPE: t, h or w per pair
            w.key("stream").beginArray();
            for (int s : *streams)
                w.value(std::string(1, "thw"[s]));
            w.endArray();
        }
        w.endObject();
    });
    return 0;
}

} // namespace

Command frequenciesCommand()
{
    Command c{{"compute", "frequencies"},
              "posenc compute frequencies --method M [--PARAM VALUE ...] [--format json|csv] [-o FILE]",
              "Per-pair frequencies theta'_i, wavelengths, ramp, interpolation fraction and attention factor.",
              {tableFormatOption()},
              true,
              {}};
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
