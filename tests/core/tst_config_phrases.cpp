// SPDX-License-Identifier: GPL-3.0-or-later
// The notes and warnings of reading a config.json are kept both in English (CLI, JSON, Python) and as phrases
// (phrase.h) that the explorer words in its own language (issue 39): over every config of the golden cases and
// every preset, read in every HF era with the era comparison on, each note and warning has its phrase, and the
// phrase's English is the sentence the CLI prints. Known sentences are checked word for word, so that the move to
// phrases did not change what the CLI says. Parameter warnings (ParamWarning) likewise.
#include "golden_support.h"

#include "posenc/errors.h"
#include "posenc/grid_rope.h"
#include "posenc/io/hf_config.h"
#include "posenc/phrase.h"
#include "posenc/registry.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

#include <algorithm>

using namespace posenc;
using namespace posenc::io;

namespace {

void verifyPhrases(const HfConfig& c, const QString& where)
{
    QCOMPARE(c.notePhrases.size(), c.notes.size());
    QCOMPARE(c.warningPhrases.size(), c.warnings.size());
    for (std::size_t i = 0; i < c.notes.size(); ++i) {
        QVERIFY2(!c.notePhrases[i].id.empty(),
                 qPrintable(where + ": a literal note: " + QString::fromStdString(c.notes[i])));
        QCOMPARE(english(c.notePhrases[i]), c.notes[i]);
    }
    for (std::size_t i = 0; i < c.warnings.size(); ++i) {
        QVERIFY(!c.warningPhrases[i].id.empty());
        QCOMPARE(english(c.warningPhrases[i]), c.warnings[i]);
    }
}

HfConfig parse(const QByteArray& json, HfEra era, std::optional<double> seqLen = std::nullopt)
{
    HfConfigOptions o;
    o.era = era;
    o.seqLen = seqLen;
    o.compareEras = true;
    return parseHfConfig(std::string_view(json.constData(), static_cast<std::size_t>(json.size())), o);
}

bool contains(const std::vector<std::string>& v, const std::string& s)
{
    return std::find(v.begin(), v.end(), s) != v.end();
}

} // namespace

class TestConfigPhrases : public QObject {
    Q_OBJECT
private slots:
    void everyGoldenCaseKeepsItsPhrases()
    {
        const QJsonArray cases = test::loadGolden("hf_config_cases.json")["cases"].toArray();
        QVERIFY(cases.size() > 100);
        int notes = 0;
        for (const auto& v : cases) {
            const QJsonObject c = v.toObject();
            const QByteArray json = QJsonDocument(c["config"].toObject()).toJson();
            const std::optional<double> seq =
                c["seq_len"].isNull() ? std::nullopt : std::optional<double>(c["seq_len"].toDouble());
            try {
                const HfConfig h = parse(json, parseHfEra(c["era"].toString().toStdString()), seq);
                verifyPhrases(h, c["name"].toString());
                notes += static_cast<int>(h.notes.size() + h.warnings.size());
            } catch (const InvalidInput&) {
                // the cases HF refuses: no notes to word
            }
        }
        QVERIFY(notes > 100); // the cases do produce notes (era differences, defaults, unread keys)
    }

    void everyPresetKeepsItsPhrases()
    {
        const QDir dir(QStringLiteral(POSENC_SOURCE_DIR "/resources/presets"));
        const auto files = dir.entryList({QStringLiteral("*.json")}, QDir::Files);
        QVERIFY(files.size() >= 20);
        for (const QString& name : files) {
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray json = f.readAll();
            for (HfEra era : allHfEras())
                try {
                    verifyPhrases(parse(json, era), name);
                } catch (const InvalidInput&) {
                    // a preset an older era cannot read is reported by the era comparison instead
                }
        }
    }

    void sentencesAreWordedAsBefore()
    {
        // Known sentences of the CLI, word for word (tst_cli_inspect and the users' scripts read them).
        const HfConfig a = parse(R"({"hidden_size": 4096, "num_attention_heads": 32, "max_position_embeddings": 4096,
                                     "foo": 1})",
                                 HfEra::V5);
        QVERIFY(contains(a.notes, "rope_theta is absent: HF's default 10000 is used"));
        QVERIFY(contains(a.notes, "keys not used for positions: foo"));
        const HfConfig b = parse(R"({"hidden_size": 8, "num_attention_heads": 2, "max_position_embeddings": 8192,
                                     "rope_scaling": {"type": "su", "short_factor": [1, 1], "long_factor": [1, 1], "factor": 2,
                                                      "original_max_position_embeddings": 4096}})",
                                 HfEra::Y2024);
        QVERIFY(contains(b.notes, "rope_scaling.type \"su\" is the early name of \"longrope\" (Phi-3 config)"));
        // the parameter warning of a factor below 1 names the flag and the value
        const MethodDef& pi = Registry::instance().find("pi");
        ParamSet p = Registry::defaults(pi);
        p.set("factor", 0.5);
        const auto w = Registry::warnings(pi, p);
        QCOMPARE(w.size(), std::size_t(1));
        QCOMPARE(w[0].message,
                 std::string(
                     "--factor 0.5 is below 1: frequencies are raised instead of lowered (HF warns and computes it)"));
        QCOMPARE(english(w[0].phrase), w[0].message);
        QCOMPARE(w[0].phrase.id, std::string("param.factor-below-1"));
    }

    void gridNotesKeepTheirPhrases()
    {
        // The notes of reading a diffusers transformer config or a vision tower (the explorer's Open config shows
        // them in its language): each has its phrase, whose English is the sentence the CLI prints; the
        // sentences below are those `posenc inspect` printed before the notes became phrases, word for word.
        struct Case {
            const char* json;
            bool tower;
            std::vector<std::string> notes;
        };
        const std::vector<Case> cases = {
            {R"({"_class_name":"FluxTransformer2DModel"})",
             false,
             {"axes_dims_rope absent: the class default (16,56,56)"}},
            {R"({"_class_name":"CogVideoXTransformer3DModel"})",
             false,
             {"use_rotary_positional_embeddings absent: diffusers' default is false (no RoPE, as CogVideoX-2B); "
              "read as the RoPE of CogVideoX-5B and 1.5, whose configs set it true",
              "attention_head_dim absent: the class default 64", "patch_size absent: the class default 2",
              "sample_height absent: the class default 60", "sample_width absent: the class default 90",
              "patch_size_t absent: the class default null",
              "patch_size_t null: CogVideoX 1.0 grid (linspace over the crop region of the base grid 30x45)"}},
            {R"({"_class_name":"CogVideoXTransformer3DModel","patch_size_t":2,"attention_head_dim":64,"patch_size":2,
                 "sample_height":60,"sample_width":90})",
             false,
             {"use_rotary_positional_embeddings absent: diffusers' default is false (no RoPE, as CogVideoX-2B); "
              "read as the RoPE of CogVideoX-5B and 1.5, whose configs set it true",
              "patch_size_t set: CogVideoX 1.5 grid (arange slices of the base grid 30x45)"}},
            {R"({"_class_name":"LTXVideoTransformer3DModel"})",
             false,
             {"num_attention_heads absent: the class default 32", "attention_head_dim absent: the class default 64",
              "patch_size absent: the class default 1", "patch_size_t absent: the class default 1",
              "ids as pipeline_ltx.py's defaults: (t*8/25*patch_size_t/20, r*32*patch_size/2048, "
              "c*32*patch_size/2048) (VAE 8x time, 32x space, frame_rate 25); angle = inv_freq*(2*id - 1), "
              "inv_freq = theta^(k/(n-1))*pi/2"}},
            {R"({"model_type":"qwen2_5_vl","vision_config":{}})",
             true,
             {"vision_config.hidden_size absent: the class default 3584",
              "vision_config.num_heads absent: the class default 16",
              "vision_config.spatial_merge_size absent: the class default 2",
              "vision_config.patch_size absent: the class default 14",
              "vision_config.window_size absent: the class default 112",
              "vision_config.depth absent: the class default 32",
              "vision_config.fullatt_block_indexes absent: the class default [7, 15, 23, 31]",
              "patches in 2x2 merge blocks (get_vision_position_ids)",
              "then the blocks are reordered into attention windows of 4x4 merge blocks (window_size 112 px, "
              "get_vision_window_index): the rotary table and every layer see that order, the default here (--order "
              "blocks or raster for the others); layers 7, 15, 23, 31 attend over the whole image, the other 28 "
              "inside their window"}},
            {R"({"model_type":"llama4","vision_config":{}})",
             true,
             {"vision_config.hidden_size absent: the class default 768",
              "vision_config.num_attention_heads absent: the class default 16",
              "vision_config.image_size absent: the class default 448",
              "vision_config.patch_size absent: the class default 14",
              "vision_config.rope_theta absent: transformers' default_theta 10000",
              "ids (c + 1, r + 1) on the fixed 32x32 grid; the CLS token (layout entry cls, last) has angle 0"}},
        };
        for (const Case& c : cases) {
            const grid::Model m =
                c.tower ? grid::fromVisionConfig(c.json, "test") : grid::fromDiffusersConfig(c.json, "test");
            QCOMPARE(m.notes, c.notes);
            QCOMPARE(m.notePhrases.size(), m.notes.size());
            for (std::size_t i = 0; i < m.notes.size(); ++i) {
                QVERIFY2(!m.notePhrases[i].id.empty(), m.notes[i].c_str());
                QCOMPARE(english(m.notePhrases[i]), m.notes[i]);
            }
        }
    }

    void everyPhraseIdHasAnEnglishTemplate()
    {
        for (const auto& id : phraseIds())
            QVERIFY2(!englishTemplate(id).empty(), id.c_str());
    }
};

QTEST_APPLESS_MAIN(TestConfigPhrases)
#include "tst_config_phrases.moc"
