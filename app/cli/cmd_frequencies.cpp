// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc compute frequencies`: per-pair frequencies, wavelengths, gamma_paper, hf_ramp, interpolation fraction.
#include "analysis_output.h"
#include "commands_list.h"
#include "grid_cli.h"

#include "posenc/errors.h"
#include "posenc/mrope.h"
#include "posenc/pair_table.h"

namespace posenc::cli {

namespace {

int run(const Args& args, const Command& self)
{
    if (const auto grid = diffusersConfigArg(args)) // a diffusers image/video config (posenc/grid_rope.h)
        return runGridFrequencies(args, *grid);
    for (const auto& o : riflexOptions())
        if (args.has(o.spec.name))
            throw InvalidInput(o.spec.name, "--" + o.spec.name +
                                                " applies to a diffusers video config "
                                                "(--config transformer/config.json with a _class_name)");
    const std::string format = tableFormat(args);
    const auto choice = resolveMethod(args, self);
    const auto table = choice.encoding->frequencyTable();
    if (!table)
        throw InvalidInput("method", "method " + choice.def->info.id + " (" + toString(choice.def->info.kind) +
                                         ") has no per-pair frequencies; see `posenc compute matrix --view " +
                                         (choice.def->info.kind == MethodKind::AttentionBias ? "bias" : "pe") +
                                         "` instead");
    writeOutput(args, [&](std::ostream& out) {
        // The ramp quantities under their one name each (posenc/pair_table.h): gamma_paper (1 = keep),
        // hf_ramp = 1 - gamma_paper (0 = keep), interpolation (fraction of log s applied).
        if (format == "csv") {
            out << "pair,inv_freq,wavelength," << quantity::kGammaPaper << ',' << quantity::kHfRamp << ','
                << quantity::kInterpolation << '\n';
            const auto interp = table->interpolation.value_or(std::vector<double>{});
            for (std::size_t i = 0; i < table->invFreq.size(); ++i) {
                out << i << ',' << io::JsonWriter::number(table->invFreq[i]) << ','
                    << io::JsonWriter::number(table->wavelength[i]) << ','
                    << (table->ramp ? io::JsonWriter::number((*table->ramp)[i]) : "") << ','
                    << (table->ramp ? io::JsonWriter::number(1.0 - (*table->ramp)[i]) : "") << ','
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
        w.key(quantity::kGammaPaper);
        table->ramp ? (void)w.array(*table->ramp) : (void)w.null();
        w.key(quantity::kHfRamp);
        if (table->ramp) {
            std::vector<double> hf(table->ramp->size());
            for (std::size_t i = 0; i < hf.size(); ++i)
                hf[i] = 1.0 - (*table->ramp)[i];
            w.array(hf);
        } else {
            w.null();
        }
        w.key(quantity::kInterpolation);
        table->interpolation ? (void)w.array(*table->interpolation) : (void)w.null();
        // The old name of gamma_paper, kept for scripts that read it (same values); the note says so.
        w.key(quantity::kOldGammaName);
        table->ramp ? (void)w.array(*table->ramp) : (void)w.null();
        w.field("deprecated", std::string("'ramp' is the old name of 'gamma_paper' (1 keeps theta); it is not HF's "
                                          "linear_ramp_factor, which is 'hf_ramp' (0 keeps theta)"));
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
    Command c{
        {"compute", "frequencies"},
        "posenc compute frequencies --method M [--PARAM VALUE ...] [--format json|csv] [-o FILE]\n"
        "       posenc compute frequencies --config transformer/config.json [--riflex-frames N "
        "[--riflex-k K | --riflex-repetition R]]",
        "Per-pair frequencies theta'_i, wavelengths, gamma_paper (the YaRN paper's ramp, 1 = keep), hf_ramp (HF's "
        "linear_ramp_factor, 0 = keep), interpolation fraction and attention factor.",
        {tableFormatOption()},
        true,
        {}};
    for (auto& o : riflexOptions())
        c.options.push_back(std::move(o));
    c.run = [c](const Args& a) { return run(a, c); };
    return c;
}

} // namespace posenc::cli
