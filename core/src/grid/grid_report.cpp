// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/grid_report.h"

#include "posenc/params.h"

namespace posenc::grid {

namespace {

void writeDiagnoses(io::DocumentWriter& w, const std::string& key, const std::vector<GridDiagnosis>& v)
{
    w.key(key).beginArray();
    for (const auto& d : v) {
        w.beginObject();
        w.field("evidence", d.evidence);
        w.field("kind", d.kind);
        w.field("max_abs_error", d.maxError);
        w.endObject();
    }
    w.endArray();
}

void writeStrings(io::DocumentWriter& w, const std::string& key, const std::vector<std::string>& v)
{
    w.key(key).beginArray();
    for (const auto& s : v)
        w.value(s);
    w.endArray();
}

void writeAxes(io::DocumentWriter& w, const Model& m)
{
    w.key("axes").beginArray();
    for (const auto& a : m.axes) {
        w.beginObject();
        w.field("name", a.name);
        w.field("dim", a.dim);
        w.field("theta", a.theta);
        w.key("inv_freq").array(a.invFreq);
        w.endObject();
    }
    w.endArray();
}

} // namespace

void writeGridInspectReport(io::DocumentWriter& w, const Model& m)
{
    w.beginObject();
    w.field("source", std::string(m.tower ? "transformers vision tower" : "diffusers"));
    w.field(m.tower ? "model_type" : "class_name", m.className);
    w.key("encodings").beginArray();
    w.beginObject();
    w.field("method", m.method);
    w.field("head_dim", m.headDim());
    w.field("channel_layout", channelLayoutText(m));
    w.field("channel_layout_kind", std::string(m.channels == Channels::Half ? "half" : "interleaved"));
    if (m.padding > 0)
        w.field("unrotated_channels", m.padding);
    if (m.idScale != 1 || m.idShift != 0)
        w.field("angle",
                std::string("inv_freq * (" + formatNumber(m.idScale) + " * id + (" + formatNumber(m.idShift) + "))"));
    writeAxes(w, m);
    std::vector<std::string> kinds;
    if (m.text)
        kinds.push_back("text");
    if (m.image)
        kinds.push_back("image");
    if (m.video)
        kinds.push_back("video");
    if (m.fixedGrid)
        kinds.push_back("cls");
    writeStrings(w, "layout_kinds", kinds);
    if (m.riflexK > 0)
        w.field("riflex_k", m.riflexK);
    w.endObject();
    w.endArray();
    writeStrings(w, "notes", m.notes);
    w.endObject();
}

void writeGridCheckReport(io::DocumentWriter& w, const Model& model, const GridCheckReportInput& in,
                          const GridCheckResult& res)
{
    w.beginObject();
    writeDiagnoses(w, "diagnosis", res.diagnosis);
    w.field("input", in.input);
    w.field("layout", res.layout);
    w.field("match", res.match);
    w.field("max_abs_error", res.maxError);
    w.field("method", model.method);
    w.field("position_layout", in.positionLayout);
    w.field("quantity", in.quantity);
    writeDiagnoses(w, "tested", res.tested);
    w.field("tolerance", in.tolerance);
    w.key("worst").beginObject();
    w.field("column", static_cast<long long>(res.worstColumn));
    w.field("row", static_cast<long long>(res.worstRow));
    w.endObject();
    w.endObject();
}

} // namespace posenc::grid
