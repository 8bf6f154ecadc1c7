// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 39: no English on the zh_CN screen — the errors a user meets with a bad file. File ▸ Open config, Open table
// and Open session on files that cannot be used (malformed JSON, GGUF, CSV, .npy, damaged sessions, values that
// break a parameter's range or a method's check): the reason is worded in Chinese; only the file's name, keys,
// values and identifiers (tests/data/zh_latin_allow.txt) stay as written. Exports and sessions that cannot be
// written say why in Chinese too.
#include "MainWindow.h"
#include "explorer/ConfigLoader.h"
#include "explorer/SessionManager.h"
#include "explorer/TableOpener.h"
#include "explorer/ViewPage.h"
#include "export/Exporter.h"
#include "figures/FigureWidget.h"
#include "i18n/ErrorText.h"
#include "i18n/Translations.h"

#include "figure_selection.h"
#include "figures/FigureSpec.h"
#include "gguf_writer.h"
#include "latin_words.h"
#include "posenc/errors.h"
#include "screen_fixture.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

using namespace posenc;
using namespace posenc::widgets;

namespace {

/// A GGUF file of a llama model (head size 128) with the metadata `more` adds.
template <typename F> QByteArray gguf(F more)
{
    posenc::test::GgufWriter g;
    g.string("general.architecture", "llama")
        .u32("llama.embedding_length", 4096)
        .u32("llama.attention.head_count", 32)
        .u32("llama.context_length", 4096);
    more(g);
    return QByteArray::fromStdString(g.bytes());
}

/// Writes `bytes` to `name` in `dir`; the path, or empty when the write failed.
QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    QFile f(dir.filePath(name));
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size() ? f.fileName() : QString();
}

/// The message ConfigLoader::failed gives for `path` (empty when it opened).
QString openFailure(const QString& path)
{
    screen_test::WindowFixture fx;
    fx.window = std::make_unique<MainWindow>(fx.settings());
    // the window shows the message in a modal box: the test reads it from the signal instead
    QObject::disconnect(fx.w().configLoader(), &ConfigLoader::failed, nullptr, nullptr);
    QSignalSpy failed(fx.w().configLoader(), &ConfigLoader::failed);
    if (fx.w().configLoader()->open(path) || failed.count() != 1)
        return {};
    const QString message = failed.first().at(0).toString();
    qInfo().noquote() << message; // read by eye in the log
    return message;
}

} // namespace

class TestZhErrors : public QObject {
    Q_OBJECT
private slots:
    void init() { QCOMPARE(Translations::install(QStringLiteral("zh_CN")), QStringLiteral("zh_CN")); }
    void cleanupTestCase() { Translations::install(QStringLiteral("en")); }

    void fileErrorsAreChinese()
    {
        // File ▸ Open config on files that cannot be used: the reason is worded in Chinese (the file's name and the
        // key stay as they are).
        QTemporaryDir dir;
        const auto write = [&](const QString& name, const QByteArray& bytes) { return writeFile(dir, name, bytes); };
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder.json")));
        // a FIFO (inside the temporary folder): refused without waiting for a writer
        QCOMPARE(::mkfifo(QFile::encodeName(dir.filePath(QStringLiteral("fifo.json"))).constData(), 0600), 0);
        const std::vector<std::pair<QString, QString>> cases{
            {QStringLiteral("not JSON"), write(QStringLiteral("a.json"), R"({"model_type": "llama",, })")},
            {QStringLiteral("NUL byte"), write(QStringLiteral("b.json"), QByteArray("{\"a\": 1}\0x", 10))},
            {QStringLiteral("a key of the wrong type"),
             write(QStringLiteral("c.json"), R"({"model_type": "llama", "hidden_size": "4096"})")},
            {QStringLiteral("a missing file"), dir.filePath(QStringLiteral("missing.json"))},
            {QStringLiteral("a folder"), dir.filePath(QStringLiteral("folder.json"))},
            {QStringLiteral("a FIFO"), dir.filePath(QStringLiteral("fifo.json"))},
            // a GGUF file cut short after its version, and one of a version llama.cpp does not write
            {QStringLiteral("a truncated GGUF"),
             write(QStringLiteral("cut.gguf"), QByteArray("GGUF\x03\0\0\0\x01", 9))},
            {QStringLiteral("a GGUF of another version"),
             write(QStringLiteral("v7.gguf"), QByteArray("GGUF\x07\0\0\0", 8) + QByteArray(40, '\0'))},
            // a GGUF damaged inside (a metadata count no file of its size can hold), and GGUF files whose rope
            // metadata llama.cpp would not accept: a number stored as a string, an odd rotary dimension, a scaling
            // type llama.cpp does not know
            {QStringLiteral("a damaged GGUF"),
             write(QStringLiteral("count.gguf"),
                   QByteArray("GGUF\x03\0\0\0", 8) + QByteArray(8, '\0') + QByteArray("\xff\xff\xff\xff\0\0\0\0", 8))},
            {QStringLiteral("a GGUF number stored as a string"),
             write(QStringLiteral("string.gguf"),
                   gguf([](posenc::test::GgufWriter& g) { g.string("llama.rope.dimension_count", "128"); }))},
            {QStringLiteral("a GGUF with an odd rotary dimension"),
             write(QStringLiteral("odd.gguf"),
                   gguf([](posenc::test::GgufWriter& g) { g.u32("llama.rope.dimension_count", 63); }))},
            {QStringLiteral("a GGUF scaling type llama.cpp does not know"),
             write(QStringLiteral("type.gguf"), gguf([](posenc::test::GgufWriter& g) {
                       g.u32("llama.rope.dimension_count", 128).string("llama.rope.scaling.type", "ntk");
                   }))},
            // a parameter of the config's rope type that breaks its range, as the parameter editors word it
            {QStringLiteral("a rope parameter out of range"),
             write(QStringLiteral("d.json"),
                   R"({"model_type": "llama", "head_dim": 64, "max_position_embeddings": 4096,
                       "rope_scaling": {"rope_type": "yarn", "factor": 4, "beta_fast": -1}})")},
            // a rope type HF does not know: the known types are listed with the Chinese list separator
            {QStringLiteral("a rope type HF does not know"),
             write(QStringLiteral("t.json"),
                   R"({"model_type": "llama", "head_dim": 64, "max_position_embeddings": 4096,
                       "rope_scaling": {"rope_type": "quux", "factor": 4}})")},
            // a check of the method across its parameters (LongRoPE's short_factor needs one entry per pair)
            {QStringLiteral("a method's own check"),
             write(QStringLiteral("e.json"),
                   R"({"model_type": "phi3", "hidden_size": 3072, "num_attention_heads": 32,
                       "max_position_embeddings": 131072, "original_max_position_embeddings": 4096,
                       "rope_scaling": {"type": "longrope", "short_factor": [1, 1], "long_factor": [1, 1]}})")},
        };
        std::vector<std::pair<QString, QString>> texts;
        for (const auto& [what, path] : cases) {
            QVERIFY2(!path.isEmpty(), qPrintable(what));
            const QString message = openFailure(path);
            QVERIFY2(!message.isEmpty(), qPrintable(what));
            // the file's name is part of the message; the rest is Chinese
            texts.emplace_back(what, QString(message).remove(path).remove(QStringLiteral("quux")));
            if (what.contains(QStringLiteral("rope type")))
                QVERIFY2(message.contains(QStringLiteral("default、linear、dynamic")), qPrintable(message));
        }
        QVERIFY(test_zh::unknownWords(texts).isEmpty());
    }

    void tableErrorsAreChinese()
    {
        // File ▸ Open table on files that are not a position table: the reason in Chinese (names and numbers kept).
        QTemporaryDir dir;
        const auto write = [&](const QString& name, const QByteArray& bytes) { return writeFile(dir, name, bytes); };
        const std::vector<std::pair<QString, QString>> cases{
            {QStringLiteral("a CSV with a word"), write(QStringLiteral("w.csv"), "1,2\n3,abc\n")},
            {QStringLiteral("a ragged CSV"), write(QStringLiteral("r.csv"), "1,2\n3\n")},
            {QStringLiteral("a CSV without numbers"), write(QStringLiteral("e.csv"), "# nothing\n")},
            {QStringLiteral("not a .npy"), write(QStringLiteral("n.npy"), "hello")},
            // damaged headers: a .npy header NumPy would not write, a .safetensors header longer than the file, a
            // .safetensors tensor entry without its dtype
            {QStringLiteral("a damaged .npy header"),
             write(QStringLiteral("h.npy"), QByteArray("\x93NUMPY\x01\0\x0c\0{'descr': }\n", 22))},
            {QStringLiteral("a cut .safetensors"),
             write(QStringLiteral("cut.safetensors"), QByteArray("\xe8\x03\0\0\0\0\0\0{}", 10))},
            {QStringLiteral("a damaged .safetensors entry"),
             write(QStringLiteral("entry.safetensors"),
                   QByteArray("\x1a\0\0\0\0\0\0\0", 8) + QByteArray(R"({"pe": {"shape": [2, 2]}}  )"))},
        };
        screen_test::WindowFixture fx;
        fx.window = std::make_unique<MainWindow>(fx.settings());
        QObject::disconnect(fx.w().tables(), &TableOpener::failed, nullptr, nullptr); // no modal box
        QSignalSpy failed(fx.w().tables(), &TableOpener::failed);
        std::vector<std::pair<QString, QString>> texts;
        for (const auto& [what, path] : cases) {
            QVERIFY2(!path.isEmpty(), qPrintable(what));
            const qsizetype before = failed.count();
            fx.w().tables()->open(path);
            QTRY_COMPARE_WITH_TIMEOUT(failed.count(), before + 1, 20000);
            const QString message = failed.last().first().toString();
            qInfo().noquote() << message; // read by eye in the log
            QVERIFY2(message.contains(path), qPrintable(message));
            texts.emplace_back(what, QString(message).remove(path).remove(QStringLiteral("abc")));
        }
        QVERIFY(test_zh::unknownWords(texts).isEmpty());
    }

    void sessionProblemsAreChinese()
    {
        // File ▸ Open session on a hand-edited session: each value dropped is named with its key and the reason in
        // Chinese (a parameter's range as its editor words it); a session written by a newer version is refused in
        // Chinese.
        QTemporaryDir dir;
        const auto write = [&](const QString& name, const QByteArray& bytes) { return writeFile(dir, name, bytes); };
        const QString damaged = write(QStringLiteral("damaged.json"), R"({"format": "posenc-session", "version": 1,
            "methods": ["rope", "yarn", "no-such-method", 7], "colour": 1, "length": "long",
            "shared": {"base": -1, "no-such-parameter": 1}, "params": {"yarn": {"factor": "big", "beta-fast": -5,
            "no-such": 2}}, "views": {"frequencies": 3}})");
        const QString newer = write(QStringLiteral("newer.json"), R"({"format": "posenc-session", "version": 99})");
        // not a session at all (a preset: no "format"), and a session without its version
        const QString preset = write(QStringLiteral("preset.json"), R"({"name": "x", "methods": ["rope"]})");
        const QString unversioned = write(QStringLiteral("unversioned.json"), R"({"format": "posenc-session"})");
        const QString notJson = write(QStringLiteral("cut.json"), R"({"format": )"); // a file cut short
        QVERIFY(!damaged.isEmpty() && !newer.isEmpty() && !preset.isEmpty() && !unversioned.isEmpty() &&
                !notJson.isEmpty());
        screen_test::WindowFixture fx;
        fx.window = std::make_unique<MainWindow>(fx.settings());
        QSignalSpy messages(fx.w().sessions(), &SessionManager::message);
        QSignalSpy ignored(fx.w().sessions(), &SessionManager::ignored);
        QSignalSpy failed(fx.w().sessions(), &SessionManager::failed);
        QVERIFY(fx.w().sessions()->open(damaged));
        QCOMPARE(messages.count(), 1);
        const QString opened = messages.first().first().toString();
        qInfo().noquote() << opened; // read by eye in the log
        QVERIFY2(opened.contains(QStringLiteral("10 个值")), qPrintable(opened));
        // ten values dropped, listed one by one (the window shows them in a box) after the file, each with its key
        // (keys and values stay as written)
        QCOMPARE(ignored.count(), 1);
        QCOMPARE(ignored.first().at(0).toString(), damaged);
        const QStringList values = ignored.first().at(1).toStringList();
        for (const QString& value : values)
            qInfo().noquote() << value;
        QCOMPARE(values.size(), 10);
        for (const QString& value : values)
            QVERIFY2(QRegularExpression(QStringLiteral(R"(^(?:colour|length|methods|shared|params|views)[\w.\-]*：)"))
                         .match(value)
                         .hasMatch(),
                     qPrintable(value));
        QVERIFY(!opened.contains(dir.path()));
        QVERIFY(!fx.w().sessions()->open(newer));
        QCOMPARE(failed.count(), 1);
        const QString refused = failed.first().first().toString();
        qInfo().noquote() << refused;
        QVERIFY(refused.contains(QStringLiteral("99")));
        QVERIFY(!fx.w().sessions()->open(preset));
        QVERIFY(!fx.w().sessions()->open(unversioned));
        QVERIFY(!fx.w().sessions()->open(notJson));
        QCOMPARE(failed.count(), 4);
        const QString notSession = failed.at(1).first().toString();
        const QString noVersion = failed.at(2).first().toString();
        const QString cut = failed.at(3).first().toString();
        qInfo().noquote() << notSession;
        qInfo().noquote() << noVersion;
        qInfo().noquote() << cut;
        // the byte where the JSON breaks, worded in Chinese (nlohmann's English parse message is not shown)
        QVERIFY2(cut.contains(QStringLiteral("不是有效的 JSON（第 12 字节处有语法错误）")), qPrintable(cut));
        const auto keysAndValues = QRegularExpression(QStringLiteral(
            R"((?:params|shared|views)\.[\w.\-]+|no-such[\w\-]*|posenc-session|\b(?:colour|length|methods|long|big|frequencies|rope|yarn|format|version)\b)"));
        QVERIFY(
            test_zh::unknownWords(
                {{QStringLiteral("Open session (damaged)"), QString(opened).remove(keysAndValues)},
                 {QStringLiteral("Open session (ignored values)"),
                  values.join(QLatin1Char('\n')).remove(keysAndValues)},
                 {QStringLiteral("Open session (newer)"), QString(refused).remove(dir.path()).remove(keysAndValues)},
                 {QStringLiteral("Open session (a preset)"),
                  QString(notSession).remove(dir.path()).remove(keysAndValues)},
                 {QStringLiteral("Open session (no version)"),
                  QString(noVersion).remove(dir.path()).remove(keysAndValues)},
                 {QStringLiteral("Open session (not JSON)"), QString(cut).remove(dir.path()).remove(keysAndValues)}})
                .isEmpty());
    }

    /// An analysis' own option check (ALiBi has heads 0…7; the Scaling rules' lengths) reaches the figure's note in
    /// Chinese, not as the core's English ("--head 8 is outside [0, 7]").
    void analysisOptionErrorsAreChinese()
    {
        auto r = widgets::test::request(FigureKind::Entropy,
                                        {widgets::test::method("rope"), widgets::test::method("alibi")});
        r.options.set("head", 8.0);
        const FigureData d = computeFigure(r);
        QVERIFY2(d.note.contains(QStringLiteral("注意力头 8 不存在：注意力头只有 0…7")) &&
                     !d.note.contains(QStringLiteral("is outside")),
                 qPrintable(d.note));
        const InvalidInput log("original-max-position-embeddings",
                               "--original-max-position-embeddings must be > 1 (its log divides), got 1");
        QCOMPARE(ErrorText::of(log),
                 QStringLiteral("--original-max-position-embeddings 必须 > 1（要除以它的对数），实际为 1"));
    }

    void writeErrorsAreChinese()
    {
        // File ▸ Export view and File ▸ Save session where nothing can be written: the reason in Chinese (the
        // path as written), from the export's own checks and from the writer (core's OutputFile).
        QTemporaryDir dir;
        screen_test::WindowFixture fx;
        fx.window = std::make_unique<MainWindow>(fx.settings());
        fx.waitIdle();
        FigureWidget& figure = *fx.w().page(FigureKind::Frequencies)->figure();
        const QString missing = dir.filePath(QStringLiteral("no-such-folder/f.png"));
        const QString folder = dir.filePath(QStringLiteral("a-folder.png"));
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("a-folder.png")));
        std::vector<std::pair<QString, QString>> texts;
        const auto add = [&](const QString& what, const QString& message, const QString& path) {
            qInfo().noquote() << message; // read by eye in the log
            QVERIFY2(!message.isEmpty(), qPrintable(what));
            // the paths and the file types named stay as written
            texts.emplace_back(what, QString(message)
                                         .remove(path)
                                         .remove(dir.path())
                                         .remove(QStringLiteral("no-such-folder"))
                                         .remove(QStringLiteral(".pdf")));
        };
        for (const auto& [what, path] : std::vector<std::pair<QString, QString>>{
                 {QStringLiteral("export into a missing folder"), missing},
                 {QStringLiteral("export onto a folder"), folder},
                 {QStringLiteral("export without a known format"), dir.filePath(QStringLiteral("f.xyz"))},
                 {QStringLiteral("CSV into a missing folder"), dir.filePath(QStringLiteral("no-such-folder/f.csv"))}}) {
            ExportOptions o;
            o.path = path;
            const ExportResult r = Exporter::exportFigure(figure, o);
            QVERIFY2(!r.ok, qPrintable(what));
            add(what, r.message, path);
        }
        ExportOptions tiny;
        tiny.path = dir.filePath(QStringLiteral("f.png"));
        tiny.width = 4;
        add(QStringLiteral("export too small"), Exporter::exportFigure(figure, tiny).message, tiny.path);
        // the writer's own refusal, under the export's check: a session into a folder that does not exist
        QVERIFY(!fx.w().sessions()->save(missing));
        add(QStringLiteral("save a session into a missing folder"), fx.w().sessions()->lastError(), missing);
        QVERIFY(texts.back().second.contains(QStringLiteral("不存在")));
        // and when it works: what was written, with its size ("wrote … (1600 x 900 px PNG)" was English)
        ExportOptions good;
        good.path = dir.filePath(QStringLiteral("written.png"));
        const ExportResult written = fx.w().exportCurrentViewTo(good);
        QVERIFY2(written.ok, qPrintable(written.message));
        add(QStringLiteral("export written"), QString(written.message).replace(good.path, QStringLiteral("x.png")),
            good.path);
        QVERIFY2(written.what.contains(QStringLiteral("像素")), qPrintable(written.what));
        QVERIFY(test_zh::unknownWords(texts).isEmpty());
    }
};

int main(int argc, char** argv)
{
    return screen_test::runOnScreen<TestZhErrors>(argc, argv);
}
#include "tst_zh_errors.moc"
