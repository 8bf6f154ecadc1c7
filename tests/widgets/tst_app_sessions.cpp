// SPDX-License-Identifier: GPL-3.0-or-later
// Sessions and tables in the explorer: save/open a session (methods, parameters, a table by path, view options,
// the current view), autosave and restore at start, restore after a crash (a lock left by a dead process), bad
// session values ignored with a message, the last preset restored by its path (a user's preset, also one named
// like a built-in), and File ▸ Open table (off the GUI thread; a tensor picker for several 2-D tensors).
#include "MainWindow.h"
#include "explorer/ConfigLoader.h"
#include "explorer/ParamsModel.h"
#include "explorer/SessionManager.h"
#include "explorer/Settings.h"
#include "explorer/TableOpener.h"
#include "explorer/ViewCoordinator.h"
#include "explorer/ViewPage.h"
#include "figures/FigureWidget.h"

#include "../core/table_fixtures.h"

#include "posenc/grid_rope.h"
#include "posenc/io/table_cache.h"

#include <QComboBox>
#include <QFile>
#include <QMessageBox>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace posenc;
using namespace posenc::widgets;

namespace {

constexpr int kIdleTimeoutMs = 60000;

void writeFile(const QString& path, const std::string& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes.data(), static_cast<qint64>(bytes.size()));
}

/// A 64 x 6 float64 table: three circles of different frequencies.
std::string tablePayload()
{
    std::string out;
    for (int r = 0; r < 64; ++r)
        for (int c = 0; c < 6; ++c) {
            const double phase = r * 2.0 * 3.141592653589793 * (c / 2 + 1) / 64.0;
            test::putLittle(out, std::bit_cast<std::uint64_t>(c % 2 ? std::cos(phase) : std::sin(phase)), 8);
        }
    return out;
}

} // namespace

class TstAppSessions : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;

    QString ini(const QString& name = QStringLiteral("a")) const
    {
        return m_dir.filePath(name + QStringLiteral("/settings.ini"));
    }
    std::unique_ptr<MainWindow> window(const QString& name = QStringLiteral("a"))
    {
        auto w = std::make_unique<MainWindow>(std::make_unique<Settings>(ini(name)));
        w->resize(1200, 800);
        return w;
    }
    static void waitIdle(MainWindow& w) { QTRY_VERIFY_WITH_TIMEOUT(w.coordinator()->isIdle(), kIdleTimeoutMs); }
    static ViewPage* page(MainWindow& w, FigureKind kind) { return w.page(kind); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void saveAndOpenSession()
    {
        const QString npy = m_dir.filePath(QStringLiteral("circles.npy"));
        writeFile(npy, test::npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (64, 6), }", tablePayload()));
        const QString file = m_dir.filePath(QStringLiteral("saved.json"));
        ParamState saved;
        {
            auto w = window(QStringLiteral("save"));
            ParamState s = w->model()->state();
            s.methods = {"learned", "yarn"};
            s.own["learned"]["input"] = npy.toStdString();
            s.shared["factor"] = 16.0;
            s.length = 64;
            w->model()->setState(s, QStringLiteral("test"));
            saved = w->model()->state();
            auto* sim = page(*w, FigureKind::Similarity);
            QVERIFY(sim->setOptionValues({{"kind", std::string("cosine")}}).isEmpty());
            w->tabs()->setCurrentWidget(sim);
            QVERIFY(w->sessions()->save(file));
        }
        auto w = window(QStringLiteral("open"));
        QVERIFY(!(w->model()->state() == saved));
        QVERIFY(w->sessions()->open(file));
        QVERIFY(w->model()->state() == saved);
        QCOMPARE(w->currentPage()->kind(), FigureKind::Similarity);
        QCOMPARE(std::get<std::string>(page(*w, FigureKind::Similarity)->optionValues().at("kind")),
                 std::string("cosine"));
        waitIdle(*w);
        // The learned table from the file is what the similarity view shows: cosine of rows 0 and 0 is 1.
        const auto& data = page(*w, FigureKind::Similarity)->figure()->data();
        QVERIFY(!data.grids.empty());
        QCOMPARE(data.grids.front().rows, std::int64_t(64));
        QVERIFY(std::fabs(data.grids.front().values.front() - 1.0) < 1e-12);
    }

    void configsReopenedWithTheSession()
    {
        // Issue 8: a session lists its configs by path and reads them again; the session's values are kept, and a
        // config that changed since is named in a warning.
        const QString config = m_dir.filePath(QStringLiteral("my-llama.json"));
        const auto writeConfig = [&](double theta) {
            writeFile(config, R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, )"
                              R"("max_position_embeddings": 4096, "rope_theta": )" +
                                  std::to_string(theta) + "}");
        };
        writeConfig(10000);
        const QString file = m_dir.filePath(QStringLiteral("with-config.json"));
        {
            auto w = window(QStringLiteral("cfg-save"));
            QVERIFY(w->openConfig(config));
            QVERIFY(w->sessions()->save(file));
        }
        QFile saved(file);
        QVERIFY(saved.open(QIODevice::ReadOnly));
        QVERIFY(saved.readAll().contains(config.toUtf8()));
        {
            auto w = window(QStringLiteral("cfg-open"));
            QSignalSpy messages(w->sessions(), &SessionManager::message);
            QVERIFY(w->sessions()->open(file));
            QCOMPARE(messages.count(), 1);
            QVERIFY2(!messages.first().first().toString().contains(QStringLiteral("configs:")),
                     qPrintable(messages.first().first().toString()));
            QCOMPARE(w->configLoader()->loaded(), QStringList{config});
        }
        writeConfig(500000);
        auto w = window(QStringLiteral("cfg-changed"));
        QSignalSpy messages(w->sessions(), &SessionManager::message);
        QSignalSpy ignored(w->sessions(), &SessionManager::ignored);
        QVERIFY(w->sessions()->open(file));
        QCOMPARE(messages.count(), 1);
        QVERIFY2(messages.first().first().toString().contains(QStringLiteral("values ignored: 1")),
                 qPrintable(messages.first().first().toString()));
        QCOMPARE(ignored.count(), 1);
        const QString text = ignored.first().at(1).toStringList().join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("holds other values than the session")) &&
                     text.contains(QStringLiteral("base")),
                 qPrintable(text));
        QCOMPARE(w->model()->resolved(w->model()->primary()).real("base"), 10000.0); // the session's value
    }

    void diffusersConfigReopenedWithTheSession()
    {
        // A diffusers transformer config opened for the Grid view is listed by the session beside the HF configs
        // and read again when the session is opened: the Grid view draws the same model; an invalid file is named.
        const QString llama = m_dir.filePath(QStringLiteral("grid-llama.json"));
        writeFile(llama, R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32,
                             "max_position_embeddings": 4096, "rope_theta": 10000})");
        const QString wan = m_dir.filePath(QStringLiteral("wan-transformer.json"));
        writeFile(wan, R"({"_class_name": "WanTransformer3DModel", "attention_head_dim": 128})");
        const QString file = m_dir.filePath(QStringLiteral("with-grid.json"));
        {
            auto w = window(QStringLiteral("grid-save"));
            QVERIFY(w->openConfig(llama));
            QVERIFY(w->openConfig(wan));
            QCOMPARE(w->configLoader()->loaded(), (QStringList{llama, wan}));
            QVERIFY(w->sessions()->save(file));
        }
        {
            auto w = window(QStringLiteral("grid-open"));
            QVERIFY(!w->coordinator()->gridModel());
            QSignalSpy messages(w->sessions(), &SessionManager::message);
            QVERIFY(w->sessions()->open(file));
            QVERIFY2(!messages.first().first().toString().contains(QStringLiteral("configs:")),
                     qPrintable(messages.first().first().toString()));
            QCOMPARE(w->configLoader()->loaded(), (QStringList{llama, wan}));
            QVERIFY(w->coordinator()->gridModel());
            QCOMPARE(w->coordinator()->gridModel()->className, std::string("WanTransformer3DModel"));
        }
        writeFile(wan, R"({"_class_name": "WanTransformer3DModel", "attention_head_dim": 3})");
        auto w = window(QStringLiteral("grid-bad"));
        QSignalSpy ignored(w->sessions(), &SessionManager::ignored);
        QVERIFY(w->sessions()->open(file));
        QCOMPARE(ignored.count(), 1);
        const QString text = ignored.first().at(1).toStringList().join(QLatin1Char('\n'));
        QVERIFY2(text.contains(QStringLiteral("configs:")) && text.contains(wan), qPrintable(text));
        QVERIFY(!w->coordinator()->gridModel());
    }

    void autosaveRestoredAtStart()
    {
        ParamState before;
        {
            auto w = window(QStringLiteral("auto"));
            w->model()->setShared("factor", 4.0);
            w->model()->setChecked("alibi", true);
            before = w->model()->state();
            w->close(); // autosaves
        }
        QVERIFY(QFile::exists(m_dir.filePath(QStringLiteral("auto/") + SessionManager::kAutosaveName)));
        auto w = window(QStringLiteral("auto"));
        QVERIFY(w->model()->state() == before);
        QVERIFY(!w->sessions()->previousRunCrashed());
    }

    void restoreAfterCrash()
    {
        {
            auto w = window(QStringLiteral("crash"));
            w->model()->setLength(12345);
            w->sessions()->autosave(); // the timer's autosave; then the process "dies" without closing
        }
        // The lock a dead process left behind (QLockFile's format: pid, application, host).
        QFile lock(m_dir.filePath(QStringLiteral("crash/posenc-explorer.lock")));
        QVERIFY(lock.open(QIODevice::WriteOnly));
        lock.write(QByteArray("2147483646\n") + QCoreApplication::applicationName().toUtf8() + "\n\n");
        lock.close();
        auto w = window(QStringLiteral("crash"));
        QVERIFY(w->sessions()->previousRunCrashed());
        QCOMPARE(w->model()->length(), std::int64_t(12345));
        QVERIFY2(w->statusBar()->currentMessage().contains(QStringLiteral("did not close properly")),
                 qPrintable(w->statusBar()->currentMessage()));
    }

    void badSessionNeverStopsTheStart()
    {
        {
            auto w = window(QStringLiteral("bad"));
            w->close();
        }
        writeFile(m_dir.filePath(QStringLiteral("bad/") + SessionManager::kAutosaveName),
                  R"({"format": "posenc-session", "version": 1, "description": 42, "length": 1e300,
                      "methods": ["nosuch", "rope"], "views": {"pca": {"components": 99}}})");
        auto w = window(QStringLiteral("bad"));
        QCOMPARE(w->model()->methods(), std::vector<std::string>{"rope"});
        QVERIFY(w->model()->length() > 0); // never a wrapped 1e300
        const QString message = w->statusBar()->currentMessage();
        QVERIFY2(message.contains(QStringLiteral("values ignored: 4")), qPrintable(message));
        // the window lists every value it ignored, one per line, in a box (open(): the start goes on)
        const auto* box = w->findChild<QMessageBox*>();
        QVERIFY(box);
        const QString listed = box->informativeText();
        for (const char* part : {"description: must be a string, got 42", "length: 1e+300 is not an integer",
                                 "unknown method \"nosuch\"", "views.pca.components: 99 must be an integer"})
            QVERIFY2(listed.contains(QLatin1String(part)), qPrintable(listed));
        // Not even a session: ignored with a message, the explorer starts on its preset.
        writeFile(m_dir.filePath(QStringLiteral("bad/") + SessionManager::kAutosaveName), "{ not json");
        auto w2 = window(QStringLiteral("bad"));
        QVERIFY(!w2->model()->methods().empty());
        QVERIFY2(w2->statusBar()->currentMessage().contains(QStringLiteral("not valid JSON")),
                 qPrintable(w2->statusBar()->currentMessage()));
    }

    void userPresetRestoredByPath_data()
    {
        QTest::addColumn<QString>("fileName");
        QTest::newRow("user's own name") << QStringLiteral("my-alibi.json");
        QTest::newRow("named like a built-in") << QStringLiteral("llama-2-7b.json");
    }
    void userPresetRestoredByPath()
    {
        QFETCH(QString, fileName);
        const QString name = QStringLiteral("preset-") + QString::number(QTest::currentDataTag()[0]);
        const QString presetPath = m_dir.filePath(fileName);
        // presets are Hugging Face config files with an optional "posenc" section
        writeFile(presetPath, R"({"hidden_size": 512, "num_attention_heads": 8, "max_position_embeddings": 2048,
                                  "rope_theta": 123456.0, "posenc": {"name": "Mine"}})");
        {
            Settings settings(ini(name));
            settings.setFirstLaunchDone(true);
            settings.setLastPreset(presetPath);
            settings.sync();
        }
        auto w = window(name); // no autosave in this folder: the preset is what is restored
        QCOMPARE(w->model()->methods(), std::vector<std::string>{"rope"});
        QCOMPARE(w->model()->resolved("rope").real("base"), 123456.0);
        QCOMPARE(w->model()->resolved("rope").real("head-dim"), 64.0);
    }

    void openTable()
    {
        const QString npy = m_dir.filePath(QStringLiteral("open.npy"));
        writeFile(npy, test::npyFile("{'descr': '<f8', 'fortran_order': False, 'shape': (64, 6), }", tablePayload()));
        auto w = window(QStringLiteral("table"));
        w->show();
        QSignalSpy opened(w->tables(), &TableOpener::opened);
        w->tables()->open(npy);
        QVERIFY(w->tables()->isBusy()); // read off the GUI thread
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 1, kIdleTimeoutMs);
        const std::string id = io::tableMethod().info.id;
        QCOMPARE(w->model()->primary(), id);
        QCOMPARE(std::get<std::string>(w->model()->value(id, io::kTableParam)), npy.toStdString());
        QCOMPARE(w->model()->length(), std::int64_t(64));
        w->tabs()->setCurrentWidget(page(*w, FigureKind::Pca));
        waitIdle(*w);
        QVERIFY(!page(*w, FigureKind::Pca)->figure()->data().curves.empty());

        // Several 2-D tensors: the chooser is asked, with their dtype and shape.
        const std::string payload = tablePayload();
        const std::string header = R"({"a":{"dtype":"F64","shape":[64,6],"data_offsets":[0,3072]},)"
                                   R"("b":{"dtype":"F64","shape":[64,6],"data_offsets":[3072,6144]}})";
        const QString st = m_dir.filePath(QStringLiteral("two.safetensors"));
        writeFile(st, test::safetensorsFile(header, payload + payload));
        QStringList offered;
        w->tables()->setTensorChooser([&](const QString&, const QStringList& labels) {
            offered = labels;
            return labels.value(1);
        });
        w->tables()->open(st);
        QTRY_COMPARE_WITH_TIMEOUT(opened.count(), 2, kIdleTimeoutMs);
        QCOMPARE(offered, (QStringList{QStringLiteral("a (F64 64x6)"), QStringLiteral("b (F64 64x6)")}));
        QCOMPARE(opened.last().at(0).toString(), st + QStringLiteral(":b"));

        // A broken file: failed() with the reader's message, the state unchanged.
        QSignalSpy failed(w->tables(), &TableOpener::failed);
        const ParamState before = w->model()->state();
        const QString bad = m_dir.filePath(QStringLiteral("bad.npy"));
        writeFile(bad,
                  test::npyFile("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 2), }", std::string(16, '\0')));
        w->tables()->setTensorChooser({});
        w->tables()->open(bad);
        QTRY_COMPARE_WITH_TIMEOUT(failed.count(), 1, kIdleTimeoutMs);
        QVERIFY2(failed.first().at(0).toString().contains(QStringLiteral("dtype '<i4' is not supported")),
                 qPrintable(failed.first().at(0).toString()));
        QVERIFY(w->model()->state() == before);
    }
};

QTEST_MAIN(TstAppSessions)
#include "tst_app_sessions.moc"
