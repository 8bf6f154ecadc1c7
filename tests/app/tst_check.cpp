// SPDX-License-Identifier: GPL-3.0-or-later
// `posenc check` on tables made by tests/data/check/make_check_cases.py (NumPy, the reference formulas written
// there independently of posenc): each correct table exits 0 (float64, float32 HF arithmetic at long positions,
// bfloat16 safetensors, float16, vLLM's cos|sin cache, ggml's float32 recurrence, interleaved pairing declared),
// each table with one bug exits 1 and the first diagnosis names the bug's kind. Also [batch, seq, dim] and
// [batch, heads, seq, dim] tensors (size-1 dimensions squeezed, other slices checked one by one, the first that
// fails named) and M-RoPE tables (chunked Qwen2-VL and interleaved Qwen3-VL sections).

#include "cli_run.h"

#include "posenc/check.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace posenc::test;

namespace {

QString dataDir()
{
    return QStringLiteral(POSENC_TEST_DATA_DIR "/check/");
}

QJsonArray cases()
{
    QFile f(dataDir() + "cases.json");
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(f.fileName()));
    return QJsonDocument::fromJson(f.readAll()).array();
}

} // namespace

class TestCheck : public QObject {
    Q_OBJECT
private slots:
    void tables_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QJsonArray>("slice");
        int k = 0;
        for (const auto& v : cases()) {
            const QJsonObject c = v.toObject();
            QStringList args = {"check", "--input", dataDir() + c["file"].toString(), "--format", "json"};
            for (const auto& a : c["args"].toArray())
                args << a.toString();
            const QString name = QString::number(k++) + " " + c["file"].toString();
            QTest::newRow(qPrintable(name))
                << args << c["exit"].toInt() << c["kind"].toString() << c["slice"].toArray();
        }
    }
    void tables()
    {
        QFETCH(QStringList, args);
        QFETCH(int, exitCode);
        QFETCH(QString, kind);
        const Run r = posencCli(args);
        const QJsonObject j = jsonOut(r);
        const QJsonArray diag = j["diagnosis"].toArray();
        const QString first = diag.isEmpty() ? QString() : diag[0].toObject()["kind"].toString();
        if (r.exitCode != exitCode || first != kind)
            qWarning("%s\n%s", r.out.left(3000).constData(), qPrintable(r.err));
        QCOMPARE(r.exitCode, exitCode);
        QCOMPARE(j["match"].toBool(), exitCode == 0);
        QCOMPARE(first, kind);
        if (exitCode == 1)
            QVERIFY(!diag[0].toObject()["evidence"].toString().isEmpty());
        // a tensor with leading dimensions: the slice that failed first is named (JSON and alignment)
        QFETCH(QJsonArray, slice);
        if (!slice.isEmpty()) {
            QCOMPARE(j["slice"].toArray(), slice);
            QVERIFY2(j["alignment"].toString().contains("slice ["), qPrintable(j["alignment"].toString()));
        }
    }

    void vocabularyDocumented()
    {
        // README and both guide pages list every kind of the vocabulary, with its real-world bug
        for (const char* doc : {"/README.md", "/resources/guide/en/check.html", "/resources/guide/zh_CN/check.html"}) {
            QFile f(QStringLiteral(POSENC_SOURCE_DIR) + doc);
            QVERIFY2(f.open(QIODevice::ReadOnly), doc);
            const QString text = QString::fromUtf8(f.readAll());
            for (const auto& k : posenc::diagnosisKinds()) {
                const QString id = QString::fromStdString(k.id);
                QVERIFY2(text.contains("`" + id + "`") || text.contains("<code>" + id + "</code>"),
                         qPrintable(QString("%1 lacks %2").arg(doc, id)));
            }
            for (const QString& line : text.split('\n')) // the cache-column row of every page, Chinese too
                if (line.contains("`layout`") || line.contains("<code>layout</code>"))
                    QVERIFY2(!line.contains("#4133") && !line.contains("#12807"), qPrintable(line));
        }
        // The M-RoPE arrangement bugs (Qwen3-VL's interleaved sections run with chunked code) are cited only under
        // mrope-layout: they are not cache-column bugs (layout).
        for (const auto& k : posenc::diagnosisKinds())
            for (const char* bug : {"MNN #4133", "ollama #12807"})
                QVERIFY2(k.id == "mrope-layout" || k.realWorld.find(bug) == std::string::npos,
                         qPrintable(QString("%1 cites %2").arg(k.id.c_str(), bug)));
    }

    void textReportAndMalformed()
    {
        // text output names the verdict; a truncated .npy exits 2 naming the file
        const Run ok = posencCli(
            {"check", "--input", dataDir() + "ok_rope_half_f64.npy", "--method", "rope", "--quantity", "cos"});
        QCOMPARE(ok.exitCode, 0);
        QVERIFY(ok.out.startsWith("MATCH"));
        const Run wrongShape = posencCli({"check", "--input", dataDir() + "ok_rope_half_f64.npy", "--method", "rope",
                                          "--head-dim", "96", "--quantity", "cos"});
        QCOMPARE(wrongShape.exitCode, 2);
        QVERIFY2(wrongShape.err.contains("fits no layout"), qPrintable(wrongShape.err));
        const Run rows = posencCli({"check", "--input", dataDir() + "ok_rope_half_f64.npy", "--method", "rope",
                                    "--quantity", "cos", "--positions", "0:10"});
        QCOMPARE(rows.exitCode, 2);
        QVERIFY2(rows.err.contains("--positions"), qPrintable(rows.err));
    }
};

QTEST_GUILESS_MAIN(TestCheck)
#include "tst_check.moc"
