// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile files and values in the GUI (issue 11, defects 3 and 10): only regular files are read, with a size cap
// and off the GUI thread; a bad settings value never stops the explorer from starting; an exception escaping an
// event handler is caught at the event loop; preset values are validated at load; a typed value is never
// clamped to a spin-box limit.

#include "MainWindow.h"
#include "explorer/GuardedApplication.h"
#include "explorer/ParamsModel.h"
#include "explorer/Presets.h"
#include "explorer/SafeFileReader.h"
#include "explorer/Settings.h"
#include "explorer/ValueSpinBox.h"

#include "posenc/errors.h"

#include <QDir>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <ctime>
#include <stdexcept>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

using namespace posenc;
using namespace posenc::widgets;

namespace {

QString readError(const QString& path, qint64 maxBytes = SafeFileReader::kDefaultMaxBytes)
{
    try {
        (void)SafeFileReader::read(path, maxBytes);
    } catch (const InvalidInput& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

QString presetError(const QByteArray& json)
{
    try {
        (void)Presets::parse(json, QStringLiteral("test.json"));
    } catch (const InvalidInput& e) {
        return QString::fromUtf8(e.what());
    }
    return {};
}

/// Throws from its event handler, as a bug in a slot or a paint would.
class Thrower : public QObject {
public:
    bool event(QEvent* e) override
    {
        if (e->type() == QEvent::User)
            throw std::runtime_error("thrown from an event handler");
        return QObject::event(e);
    }
};

} // namespace

class TestHardening : public QObject {
    Q_OBJECT

private slots:
    void readsRegularFiles()
    {
        QTemporaryDir dir;
        QFile f(dir.filePath("a.json"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"x\": 1}");
        f.close();
        QCOMPARE(SafeFileReader::read(f.fileName()), QByteArray("{\"x\": 1}"));
        QVERIFY(SafeFileReader::read(QStringLiteral(":/presets/llama-2-7b.json")).size() > 10);
    }

    void refusesFifoWithoutBlocking()
    {
        QTemporaryDir dir;
        const QByteArray fifo = QFile::encodeName(dir.filePath("fifo"));
        QVERIFY(::mkfifo(fifo.constData(), 0600) == 0);
        // Not opened for reading (that would block until a writer came: the test would hang, ctest's timeout),
        // and little work: CPU time, not the clock, so a loaded machine does not fail it.
        const std::clock_t cpu = std::clock();
        const QString err = readError(QString::fromLocal8Bit(fifo));
        QVERIFY2(err.contains("not a regular file"), qPrintable(err));
        QVERIFY(std::clock() - cpu < CLOCKS_PER_SEC);
    }

    void refusesDevicesFoldersAndLargeFiles()
    {
        QTemporaryDir dir;
        QVERIFY(readError(dir.path()).contains("folder"));
        QVERIFY(readError(dir.filePath("missing")).contains("cannot be opened"));
        QFile f(dir.filePath("big"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(4096, 'x'));
        f.close();
        QVERIFY(readError(f.fileName(), 1024).contains("larger than"));
        if (::geteuid() != 0)
            QSKIP("creating a device node needs root");
        const QByteArray zero = QFile::encodeName(dir.filePath("zero"));
        QVERIFY(::mknod(zero.constData(), S_IFCHR | 0600, makedev(1, 5)) == 0);
        QVERIFY(readError(QString::fromLocal8Bit(zero)).contains("not a regular file"));
    }

    void readsOffTheGuiThread()
    {
        QTemporaryDir dir;
        const QByteArray fifo = QFile::encodeName(dir.filePath("fifo"));
        QVERIFY(::mkfifo(fifo.constData(), 0600) == 0);
        QObject context;
        QString error;
        bool called = false;
        SafeFileReader::readAsync(QString::fromLocal8Bit(fifo), &context, [&](const QByteArray&, const QString& e) {
            called = true;
            error = e;
        });
        QTRY_VERIFY_WITH_TIMEOUT(called, 5000);
        QVERIFY(error.contains("not a regular file"));
    }

    void badSettingsNeverStopTheStart_data()
    {
        QTest::addColumn<QString>("lastPreset");
        // Device nodes are made inside the test's temporary folder (never /dev itself): a node with /dev/zero's
        // numbers, named directly and through a path that climbs out of a sub-folder.
        QTest::newRow("device") << "DEVICE";
        QTest::newRow("relative escape") << "DEVICE-ESCAPE";
        QTest::newRow("missing") << "no-such-preset.json";
        QTest::newRow("fifo") << "FIFO";
    }

    void badSettingsNeverStopTheStart()
    {
        QFETCH(QString, lastPreset);
        QTemporaryDir dir;
        if (lastPreset == "FIFO") {
            lastPreset = dir.filePath("fifo");
            QVERIFY(::mkfifo(QFile::encodeName(lastPreset).constData(), 0600) == 0);
        } else if (lastPreset.startsWith("DEVICE")) {
            if (::geteuid() != 0)
                QSKIP("making a device node (mknod) needs root");
            const QString node = dir.filePath("zero");
            QVERIFY(::mknod(QFile::encodeName(node).constData(), S_IFCHR | 0600, makedev(1, 5)) == 0);
            QVERIFY(QDir(dir.path()).mkpath("a/b"));
            lastPreset = lastPreset == "DEVICE" ? node : dir.filePath("a/b/../../zero");
        }
        const QString ini = dir.filePath("settings.ini");
        {
            Settings s(ini);
            s.setFirstLaunchDone(true);
            s.setLastPreset(lastPreset);
            s.sync();
        }
        const std::clock_t cpu = std::clock(); // process CPU time: an endless device would burn it
        MainWindow w(std::make_unique<Settings>(ini));
        QVERIFY(std::clock() - cpu < 10 * CLOCKS_PER_SEC);
        QVERIFY2(w.lastError().contains("Ignored the saved preset"), qPrintable(w.lastError()));
        QVERIFY(!w.model()->state().methods.empty());
    }

    void exceptionsStopAtTheEventLoop()
    {
        auto* app = qobject_cast<GuardedApplication*>(QCoreApplication::instance());
        QVERIFY(app);
        QSignalSpy spy(app, &GuardedApplication::exceptionCaught);
        Thrower thrower;
        const int before = app->caughtCount();
        QCoreApplication::postEvent(&thrower, new QEvent(QEvent::User));
        QCoreApplication::processEvents();
        QCOMPARE(app->caughtCount(), before + 1);
        QTRY_COMPARE(spy.count(), 1);
        QVERIFY(spy.at(0).at(0).toString().contains("thrown from an event handler"));
    }

    void presetValuesValidatedAtLoad()
    {
        // A preset is a Hugging Face config.json with a "posenc" section (name, description, order, length).
        const auto preset = [](const QByteArray& posenc) {
            return presetError(R"({"model_type": "llama", "hidden_size": 4096, "num_attention_heads": 32, )"
                               R"("max_position_embeddings": 4096, "posenc": {"name": "x")" +
                               posenc + "}}");
        };
        QVERIFY(preset(", \"length\": 1e300").contains("posenc.length"));
        QVERIFY(preset(", \"length\": 1e300").contains("1e+300"));
        QVERIFY(preset(", \"length\": 4096.5").contains("posenc.length"));
        QVERIFY(preset(", \"description\": 5").contains("posenc.description must be a string"));
        QVERIFY(preset(", \"order\": \"first\"").contains("posenc.order"));
        QVERIFY(preset(", \"order\": 1e300").contains("posenc.order"));
        QCOMPARE(preset(", \"length\": 1099511627776"), QString());
    }

    void typedValueNotClamped()
    {
        ValueSpinBox box;
        auto* edit = box.findChild<QLineEdit*>();
        QVERIFY(edit);
        edit->setText(QStringLiteral("1e308"));
        box.interpretText();
        QCOMPARE(box.value(), 1e308);
        edit->setText(QStringLiteral("-1e300"));
        box.interpretText();
        QCOMPARE(box.value(), -1e300);
    }
};

int main(int argc, char** argv)
{
    GuardedApplication app(argc, argv);
    TestHardening t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_hardening.moc"
