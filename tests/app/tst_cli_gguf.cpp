// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc` with GGUF files the test writes (tests/core/gguf_writer.h): inspect (the config.json schema plus
// source, arch, keys used/ignored; text format), --against a config.json naming a dropped rope_freqs tensor,
// --config MODEL.gguf on compute frequencies, --input MODEL.gguf:position_embd.weight, and malformed files
// exiting 2 with the byte offset.

#include "cli_run.h"
#include "gguf_writer.h"

#include <QFile>
#include <QJsonArray>
#include <QTemporaryDir>
#include <QTest>

using namespace posenc::test;

namespace {

GgufWriter llama(bool withFreqs)
{
    GgufWriter w;
    w.string("general.architecture", "llama")
        .string("general.name", "tiny-llama")
        .u32("llama.context_length", 8192)
        .u32("llama.embedding_length", 256)
        .u32("llama.attention.head_count", 4)
        .f32("llama.rope.freq_base", 500000.0f)
        .u32("llama.rope.dimension_count", 64)
        .f32("llama.rope.scaling.yarn_beta_fast", 32.0f); // present, not read for this scaling type
    if (withFreqs)
        w.tensor("rope_freqs.weight", {32}, 0, GgufWriter::f32Data(std::vector<float>(32, 2.0f)));
    return w;
}

bool save(const QString& path, const std::string& bytes)
{
    QFile f(path);
    return f.open(QIODevice::WriteOnly) &&
           f.write(bytes.data(), static_cast<qint64>(bytes.size())) == static_cast<qint64>(bytes.size());
}

} // namespace

class TestCliGguf : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void inspectJson()
    {
        const QString path = m_dir.filePath("llama.gguf");
        QVERIFY(save(path, llama(true).bytes()));
        const Run r = posencCli({"inspect", path});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject o = jsonOut(r);
        QCOMPARE(o["source"].toString(), QStringLiteral("gguf"));
        QCOMPARE(o["arch"].toString(), QStringLiteral("llama"));
        QCOMPARE(o["model"].toString(), QStringLiteral("tiny-llama"));
        QCOMPARE(o["llama_cpp_rope_type"].toString(), QStringLiteral("norm"));
        QVERIFY(o["gguf_keys_used"].toArray().contains(QStringLiteral("rope_freqs.weight")));
        QVERIFY(o["gguf_keys_ignored"].toArray().contains(QStringLiteral("llama.rope.scaling.yarn_beta_fast")));
        const QJsonObject e = o["encodings"].toArray()[0].toObject();
        QCOMPARE(e["pairing"].toString(), QStringLiteral("interleaved"));
        QCOMPARE(e["inv_freq"].toArray()[0].toDouble(), 0.5); // θ_0 = 1, divided by rope_freqs 2
        QCOMPARE(e["max_position_embeddings"].toInt(), 8192);
        const Run t = posencCli({"inspect", path, "--format", "text"});
        QCOMPARE(t.exitCode, 0);
        QVERIFY(t.out.contains("GGUF v3, arch llama (llama.cpp rope type norm)"));
    }

    void against()
    {
        const QString path = m_dir.filePath("dropped.gguf");
        QVERIFY(save(path, llama(false).bytes()));
        const QString cfg = m_dir.filePath("config.json");
        QVERIFY(save(cfg, R"({"model_type": "llama", "hidden_size": 256, "num_attention_heads": 4,
            "max_position_embeddings": 8192, "rope_theta": 500000.0, "rope_scaling": {"rope_type": "llama3",
            "factor": 8.0, "low_freq_factor": 1.0, "high_freq_factor": 4.0, "original_max_position_embeddings": 8192}})"));
        const Run r = posencCli({"inspect", path, "--against", cfg});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject a = jsonOut(r)["against"].toObject();
        QVERIFY(a["mismatches"].toInt() >= 1);
        QCOMPARE(a["differences"].toArray()[0].toObject()["what"].toString(), QStringLiteral("rope_freqs"));
        const Run bad = posencCli({"inspect", cfg, "--against", cfg});
        QCOMPARE(bad.exitCode, 2);
        QVERIFY2(bad.err.contains("--against"), qPrintable(bad.err));
    }

    void configAndInput()
    {
        const QString path = m_dir.filePath("cfg.gguf");
        QVERIFY(save(path, llama(true).bytes()));
        const Run r = posencCli({"compute", "frequencies", "--config", path, "--format", "json"});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(r.out.contains("0.5"));
        GgufWriter g;
        g.string("general.architecture", "gpt2");
        std::vector<float> pe(16 * 8);
        for (std::size_t i = 0; i < pe.size(); ++i)
            pe[i] = static_cast<float>(i % 7) - 3.0f;
        g.tensor("position_embd.weight", {8, 16}, 0, GgufWriter::f32Data(pe));
        const QString gpt2 = m_dir.filePath("gpt2.gguf");
        QVERIFY(save(gpt2, g.bytes()));
        const Run t = posencCli({"compute", "pca", "--input", gpt2 + ":position_embd.weight", "--components", "2"});
        QVERIFY2(t.exitCode == 0, qPrintable(t.err));
        const Run missing = posencCli({"compute", "pca", "--input", gpt2 + ":wpe", "--components", "2"});
        QCOMPARE(missing.exitCode, 2);
        QVERIFY2(missing.err.contains("no GGUF tensor named \"wpe\""), qPrintable(missing.err));
    }

    void malformedExit2()
    {
        std::string b = llama(true).bytes();
        b.resize(b.size() - 20); // truncate into rope_freqs.weight
        const QString path = m_dir.filePath("truncated.gguf");
        QVERIFY(save(path, b));
        const Run r = posencCli({"inspect", path});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains("GGUF byte ") && r.err.contains("runs past the end of the file"), qPrintable(r.err));
        const QString be = m_dir.filePath("bigendian.gguf");
        QVERIFY(save(be, std::string("GGUF\0\0\0\3", 8) + std::string(16, '\0')));
        const Run e = posencCli({"inspect", be});
        QCOMPARE(e.exitCode, 2);
        QVERIFY2(e.err.contains("big-endian"), qPrintable(e.err));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestCliGguf)
#include "tst_cli_gguf.moc"
