// SPDX-License-Identifier: GPL-3.0-or-later
// Learned-table readers: a GPT-2-shaped 1024 x 768 table round-trips through .npy (f16/f32/f64), .safetensors
// (F16/BF16/F32) and CSV, compared with the generating values rounded to each dtype (rounding computed here, not
// by decoding bits); known bit patterns for float16/bfloat16; big-endian and Fortran-order .npy; a table of
// malformed files, each asserting its message; FIFOs, folders and missing files refused without blocking.

#include "table_fixtures.h"

#include "posenc/errors.h"
#include "posenc/io/hf_config.h"
#include "posenc/io/tables.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <sys/stat.h>

#include <cstdio>
#include <limits>

using namespace posenc;
using namespace posenc::test;

Q_DECLARE_METATYPE(std::string)

namespace {

constexpr std::size_t kRows = 1024, kCols = 768;

std::span<const std::byte> bytesOf(const std::string& s)
{
    return {reinterpret_cast<const std::byte*>(s.data()), s.size()};
}

std::string encode(const std::vector<double>& t, const std::string& dtype)
{
    std::string out;
    out.reserve(t.size() * 8);
    for (const double x : t) {
        if (dtype == "f64")
            putLittle(out, std::bit_cast<std::uint64_t>(x), 8);
        else if (dtype == "f32")
            putLittle(out, std::bit_cast<std::uint32_t>(static_cast<float>(x)), 4);
        else if (dtype == "f16")
            putLittle(out, halfBits(asHalf(x)), 2);
        else
            putLittle(out, bfloat16Bits(asBfloat16(x)), 2);
    }
    return out;
}

double rounded(double x, const std::string& dtype)
{
    if (dtype == "f32")
        return static_cast<double>(static_cast<float>(x));
    if (dtype == "f16")
        return asHalf(x);
    if (dtype == "bf16")
        return asBfloat16(x);
    return x;
}

void writeFile(const QString& path, const std::string& bytes)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    QCOMPARE(f.write(bytes.data(), static_cast<qint64>(bytes.size())), static_cast<qint64>(bytes.size()));
}

void compareTable(const Matrix& m, const std::vector<double>& source, const std::string& dtype)
{
    QCOMPARE(m.rows, kRows);
    QCOMPARE(m.cols, kCols);
    for (std::size_t i = 0; i < source.size(); ++i)
        if (m.data[i] != rounded(source[i], dtype))
            QFAIL(qPrintable(QStringLiteral("%1 entry %2: got %3, expected %4")
                                 .arg(QString::fromStdString(dtype))
                                 .arg(i)
                                 .arg(m.data[i], 0, 'g', 17)
                                 .arg(rounded(source[i], dtype), 0, 'g', 17)));
}

/// The message of the InvalidInput `f` throws (empty when it does not throw).
template <class F> std::string rejection(F&& f)
{
    try {
        f();
    } catch (const InvalidInput& e) {
        return e.what();
    }
    return {};
}

std::string shapeDict(const std::string& descr, bool fortran, const std::string& shape)
{
    return "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape +
           ", }";
}

} // namespace

class TstTableReaders : public QObject {
    Q_OBJECT

private slots:
    void halfKnownBits_data()
    {
        QTest::addColumn<int>("bits");
        QTest::addColumn<double>("value");
        QTest::newRow("1") << 0x3C00 << 1.0;
        QTest::newRow("-2") << 0xC000 << -2.0;
        QTest::newRow("max 65504") << 0x7BFF << 65504.0;
        QTest::newRow("smallest subnormal") << 0x0001 << 5.9604644775390625e-08;
        QTest::newRow("largest subnormal") << 0x03FF << 6.0975551605224609375e-05;
        QTest::newRow("smallest normal") << 0x0400 << 6.103515625e-05;
        QTest::newRow("1/3 rounded") << 0x3555 << 0.333251953125;
        QTest::newRow("-0") << 0x8000 << -0.0;
        QTest::newRow("+inf") << 0x7C00 << std::numeric_limits<double>::infinity();
        QTest::newRow("-inf") << 0xFC00 << -std::numeric_limits<double>::infinity();
    }
    void halfKnownBits()
    {
        QFETCH(int, bits);
        QFETCH(double, value);
        const double got = io::halfToDouble(static_cast<std::uint16_t>(bits));
        QCOMPARE(got, value);
        QCOMPARE(std::signbit(got), std::signbit(value));
        QVERIFY(std::isnan(io::halfToDouble(0x7E00)));
    }

    void bfloat16KnownBits_data()
    {
        QTest::addColumn<int>("bits");
        QTest::addColumn<double>("value");
        QTest::newRow("1") << 0x3F80 << 1.0;
        QTest::newRow("pi rounded") << 0x4049 << 3.140625;
        QTest::newRow("-123.5") << 0xC2F7 << -123.5;
        QTest::newRow("max") << 0x7F7F << 3.3895313892515355e38;
        QTest::newRow("smallest subnormal") << 0x0001 << 9.183549615799121e-41;
        QTest::newRow("+inf") << 0x7F80 << std::numeric_limits<double>::infinity();
    }
    void bfloat16KnownBits()
    {
        QFETCH(int, bits);
        QFETCH(double, value);
        QCOMPARE(io::bfloat16ToDouble(static_cast<std::uint16_t>(bits)), value);
        QVERIFY(std::isnan(io::bfloat16ToDouble(0x7FC0)));
    }

    void npyBigEndianAndFortran()
    {
        // [[1, 2, 3], [-0.5, 0.25, 1024]] as big-endian float32 bytes, C order.
        std::string be;
        for (const std::uint32_t bits : {0x3F800000u, 0x40000000u, 0x40400000u, 0xBF000000u, 0x3E800000u, 0x44800000u})
            putBig(be, bits, 4);
        const Matrix a = io::readNpy(bytesOf(npyFile(shapeDict(">f4", false, "(2, 3)"), be)));
        QCOMPARE(a.rows, std::size_t(2));
        QCOMPARE(a.cols, std::size_t(3));
        QCOMPARE(a.data, (std::vector<double>{1, 2, 3, -0.5, 0.25, 1024}));
        // The same table in Fortran order (column after column), little-endian float64, format version 2.0.
        std::string f;
        for (const double x : {1.0, -0.5, 2.0, 0.25, 3.0, 1024.0})
            putLittle(f, std::bit_cast<std::uint64_t>(x), 8);
        const Matrix b = io::readNpy(bytesOf(npyFile(shapeDict("<f8", true, "(2, 3)"), f, 2)));
        QCOMPARE(b.data, a.data);
        // Big-endian float16, Fortran order: 1.0 = 3C 00, -2.0 = C0 00.
        std::string h;
        for (const std::uint16_t bits : {0x3C00, 0xC000})
            putBig(h, bits, 2);
        const Matrix c = io::readNpy(bytesOf(npyFile(shapeDict(">f2", true, "(1, 2)"), h)));
        QCOMPARE(c.data, (std::vector<double>{1.0, -2.0}));
    }

    void gpt2TableRoundTrips_data()
    {
        QTest::addColumn<std::string>("format");
        QTest::addColumn<std::string>("dtype");
        QTest::newRow("npy f64") << std::string("npy") << std::string("f64");
        QTest::newRow("npy f32") << std::string("npy") << std::string("f32");
        QTest::newRow("npy f16") << std::string("npy") << std::string("f16");
        QTest::newRow("safetensors F32") << std::string("safetensors") << std::string("f32");
        QTest::newRow("safetensors F16") << std::string("safetensors") << std::string("f16");
        QTest::newRow("safetensors BF16") << std::string("safetensors") << std::string("bf16");
        QTest::newRow("csv") << std::string("csv") << std::string("f64");
    }
    void gpt2TableRoundTrips()
    {
        QFETCH(std::string, format);
        QFETCH(std::string, dtype);
        const auto table = gpt2LikeTable(kRows, kCols);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        std::string bytes;
        std::string tensor;
        if (format == "npy") {
            const std::string descr = dtype == "f64" ? "<f8" : dtype == "f32" ? "<f4" : "<f2";
            bytes = npyFile(shapeDict(descr, false, "(1024, 768)"), encode(table, dtype));
        } else if (format == "safetensors") {
            // wte first (an unrelated 2-D tensor, not read), then wpe: the table is picked by name.
            const std::string st = dtype == "f32" ? "F32" : dtype == "f16" ? "F16" : "BF16";
            const std::size_t size = dtype == "f32" ? 4 : 2;
            const std::string wte(3 * 4 * size, '\x11');
            const std::string payload = encode(table, dtype);
            const std::string header = "{\"__metadata__\":{\"format\":\"pt\"},\"wte.weight\":{\"dtype\":\"" + st +
                                       "\",\"shape\":[3,4],\"data_offsets\":[0," + std::to_string(wte.size()) +
                                       "]},\"wpe.weight\":{\"dtype\":\"" + st +
                                       "\",\"shape\":[1024,768],\"data_offsets\":[" + std::to_string(wte.size()) + "," +
                                       std::to_string(wte.size() + payload.size()) + "]}}";
            bytes = safetensorsFile(header, wte + payload);
            tensor = "wpe.weight";
        } else {
            bytes = "# GPT-2-shaped test table\n";
            for (std::size_t c = 0; c < kCols; ++c)
                bytes += (c ? "," : "") + ("d" + std::to_string(c));
            bytes += "\n";
            char buf[32];
            for (std::size_t r = 0; r < kRows; ++r) {
                for (std::size_t c = 0; c < kCols; ++c) {
                    std::snprintf(buf, sizeof buf, "%.17g", table[r * kCols + c]);
                    bytes += (c ? "," : "") + std::string(buf);
                }
                bytes += "\r\n";
            }
        }
        const QString path = dir.filePath(QString::fromStdString("wpe." + format));
        writeFile(path, bytes);
        io::TableSource source = io::parseTableSource(path.toStdString() + (tensor.empty() ? "" : ":" + tensor));
        QCOMPARE(source.tensor, tensor);
        compareTable(io::readTableFile(source), table, dtype);
        compareTable(io::readTable(bytesOf(bytes), tensor), table, dtype);
        if (format == "safetensors") {
            const auto list = io::listSafetensorsFile(path.toStdString());
            QCOMPARE(list.size(), std::size_t(2));
            QCOMPARE(list[0].name, std::string("wte.weight"));
            QCOMPARE(list[1].shape, (std::vector<std::uint64_t>{1024, 768}));
            QVERIFY(list[1].readableTable());
            // Two 2-D tensors and no name: the message lists both.
            const auto msg = rejection([&] { (void)io::readSafetensorsFile(path.toStdString(), ""); });
            QVERIFY2(msg.find("several 2-D tensors") != std::string::npos &&
                         msg.find("wpe.weight (") != std::string::npos,
                     msg.c_str());
        }
    }

    void malformed_data()
    {
        QTest::addColumn<std::string>("bytes");
        QTest::addColumn<std::string>("message");
        const std::string f4x4(16, '\0');
        QTest::newRow("npy: header length past the end") << std::string("\x93NUMPY\x01\x00\x88\x13{'descr'", 18)
                                                         << std::string("header length 5000 runs past the end");
        QTest::newRow("npy: version 9") << npyFile(shapeDict("<f4", false, "(1, 1)"), "\0\0\0\0").replace(6, 1, "\x09")
                                        << std::string("unsupported .npy format version 9.0");
        QTest::newRow("npy: integer dtype")
            << npyFile(shapeDict("<i4", false, "(2, 2)"), f4x4) << std::string("dtype '<i4' is not supported");
        QTest::newRow("npy: 3-D") << npyFile(shapeDict("<f4", false, "(2, 2, 1)"), f4x4)
                                  << std::string("shape (2, 2, 1) is 3-D; a position table must be 2-D");
        QTest::newRow("npy: 1-D") << npyFile(shapeDict("<f4", false, "(4,)"), f4x4) << std::string("shape (4,) is 1-D");
        QTest::newRow("npy: truncated data") << npyFile(shapeDict("<f4", false, "(4, 4)"), f4x4)
                                             << std::string("truncated: shape (4, 4) of float32 needs 64 data bytes, "
                                                            "the file has 16");
        QTest::newRow("npy: huge declared shape") << npyFile(shapeDict("<f8", false, "(1000000000, 1000000000)"), "")
                                                  << std::string("truncated: shape (1000000000, 1000000000)");
        QTest::newRow("npy: unaddressable shape") << npyFile(shapeDict("<f8", false, "(18446744073709551615, 3)"), "")
                                                  << std::string("is too large to address");
        QTest::newRow("npy: malformed dict")
            << npyFile("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2}", f4x4)
            << std::string("malformed .npy header");
        QTest::newRow("npy: missing shape")
            << npyFile("{'descr': '<f4', 'fortran_order': False}", f4x4) << std::string("lacks 'shape'");
        QTest::newRow("npy: NaN") << npyFile(shapeDict("<f4", false, "(2, 2)"),
                                             std::string("\0\0\0\0\0\0\0\0\0\0\xc0\x7f\0\0\0\0", 16))
                                  << std::string("entry at row 1, column 0 is NaN");
        QTest::newRow("npy: empty") << npyFile(shapeDict("<f4", false, "(0, 768)"), "")
                                    << std::string("(0, 768) is empty");
        QTest::newRow("safetensors: header length past the end")
            << std::string("\xff\x00\x00\x00\x00\x00\x00\x00{}", 10)
            << std::string("header length 255 runs past the end");
        QTest::newRow("safetensors: not JSON")
            << safetensorsFile("{\"a\": [1,", "") << std::string("the header is not valid JSON");
        QTest::newRow("safetensors: top level not an object")
            << safetensorsFile("[1, 2]", "") << std::string("the header must be a JSON object");
        QTest::newRow("safetensors: offsets past the data")
            << safetensorsFile("{\"t\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[0,16]}}",
                               std::string(8, '\0'))
            << std::string("data_offsets [0, 16] lie outside the 8 data bytes");
        QTest::newRow("safetensors: shape and offsets disagree")
            << safetensorsFile("{\"t\":{\"dtype\":\"F32\",\"shape\":[2,3],\"data_offsets\":[0,20]}}",
                               std::string(20, '\0'))
            << std::string("need 24 bytes, data_offsets span 20");
        QTest::newRow("safetensors: negative dimension")
            << safetensorsFile("{\"t\":{\"dtype\":\"F32\",\"shape\":[-2,2],\"data_offsets\":[0,16]}}",
                               std::string(16, '\0'))
            << std::string("shape entry must be a non-negative integer, got -2");
        QTest::newRow("safetensors: integer dtype")
            << safetensorsFile("{\"t\":{\"dtype\":\"I64\",\"shape\":[2,2],\"data_offsets\":[0,32]}}",
                               std::string(32, '\0'))
            << std::string("holds no 2-D F16/BF16/F32/F64 tensor (tensors: t (I64 2x2))");
        QTest::newRow("safetensors: 3-D only")
            << safetensorsFile("{\"t\":{\"dtype\":\"F16\",\"shape\":[2,2,1],\"data_offsets\":[0,8]}}",
                               std::string(8, '\0'))
            << std::string("holds no 2-D F16/BF16/F32/F64 tensor");
        QTest::newRow("safetensors: infinity")
            << safetensorsFile("{\"t\":{\"dtype\":\"BF16\",\"shape\":[1,2],\"data_offsets\":[0,4]}}",
                               std::string("\x80\x3f\x80\x7f", 4))
            << std::string("entry at row 0, column 1 is +inf");
        QTest::newRow("csv: ragged") << std::string("a,b,c\n1,2,3\n4,5\n")
                                     << std::string("line 3 has 2 values, the first row has 3");
        QTest::newRow("csv: text") << std::string("1 2\n3 x\n")
                                   << std::string("line 2, column 2: \"x\" is not a number");
        QTest::newRow("csv: only a header") << std::string("a;b\n") << std::string("(0, 2) is empty");
        QTest::newRow("csv: nothing") << std::string("# just a comment\n\n") << std::string("holds no rows of numbers");
        QTest::newRow("csv: nan") << std::string("1\t2\n3\tnan\n") << std::string("entry at row 1, column 1 is NaN");
        QTest::newRow("csv: binary") << std::string("1,2\n\0\0", 6) << std::string("contains NUL bytes");
    }
    void malformed()
    {
        QFETCH(std::string, bytes);
        QFETCH(std::string, message);
        const std::string got = rejection([&] { (void)io::readTable(bytesOf(bytes), "", {}, "t.bin"); });
        QVERIFY2(got.rfind("t.bin: ", 0) == 0, got.c_str());
        QVERIFY2(got.find(message) != std::string::npos,
                 qPrintable(QStringLiteral("expected \"%1\" in \"%2\"")
                                .arg(QString::fromStdString(message), QString::fromStdString(got))));
    }

    void budgetCheckedBeforeAllocating()
    {
        // 100 x 100 float64 = 80000 bytes, present in full; a 40000-byte budget refuses it with BudgetExceeded.
        const std::string file = npyFile(shapeDict("<f8", false, "(100, 100)"), std::string(80000, '\0'));
        io::TableReadOptions options;
        options.memoryBudget = 40000;
        bool budget = false;
        try {
            (void)io::readNpy(bytesOf(file), options);
        } catch (const BudgetExceeded& e) {
            budget = std::string(e.what()).find("more than the memory budget of 40000 bytes") != std::string::npos;
        }
        QVERIFY(budget);
        QCOMPARE(io::readNpy(bytesOf(file)).rows, std::size_t(100));
    }

    void tensorNamesAndSources()
    {
        const auto s = io::parseTableSource("/m/model.safetensors:transformer.wpe.weight");
        QCOMPARE(s.path, std::string("/m/model.safetensors"));
        QCOMPARE(s.tensor, std::string("transformer.wpe.weight"));
        QCOMPARE(s.toString(), std::string("/m/model.safetensors:transformer.wpe.weight"));
        QCOMPARE(io::parseTableSource("/m/a:b.npy").path, std::string("/m/a:b.npy")); // ':' in a plain file name
        QVERIFY(rejection([] { (void)io::parseTableSource("x.safetensors:"); }).find("tensor name") !=
                std::string::npos);
        const std::string npy = npyFile(shapeDict("<f8", false, "(1, 1)"), std::string(8, '\0'));
        QVERIFY(rejection([&] {
                    (void)io::readTable(bytesOf(npy), "wpe");
                }).find("applies to .safetensors and GGUF files only") != std::string::npos);
        const std::string st =
            safetensorsFile("{\"a\":{\"dtype\":\"F64\",\"shape\":[1,1],\"data_offsets\":[0,8]}}", std::string(8, '\0'));
        QVERIFY(rejection([&] {
                    (void)io::readTable(bytesOf(st), "b");
                }).find("no tensor named \"b\" (tensors: a (F64 1x1))") != std::string::npos);
        QCOMPARE(io::readTable(bytesOf(st), "").rows, std::size_t(1)); // the only table needs no name
    }

    void filesThatAreNotRegular()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string fifo = dir.filePath(QStringLiteral("pipe.npy")).toStdString();
        QCOMPARE(::mkfifo(fifo.c_str(), 0600), 0);
        QVERIFY(rejection([&] {
                    (void)io::readTableFile({fifo, ""});
                }).find("is not a regular file") != std::string::npos);
        QVERIFY(rejection([&] {
                    (void)io::readTableFile({dir.path().toStdString(), ""});
                }).find("is a folder") != std::string::npos);
        // a config: the same refusals, before anything is opened (a FIFO opened for reading waits for a writer)
        QVERIFY(rejection([&] {
                    (void)io::loadHfConfig(fifo);
                }).find("is not a regular file") != std::string::npos);
        QVERIFY(rejection([&] {
                    (void)io::loadHfConfig(dir.path().toStdString());
                }).find("is a folder, not a file") != std::string::npos);
        QVERIFY(rejection([&] {
                    (void)io::loadHfConfig(dir.filePath(QStringLiteral("config.json")).toStdString());
                }).find("cannot be read (No such file") != std::string::npos);
        const std::string missing = dir.filePath(QStringLiteral("missing.npy")).toStdString();
        QVERIFY(rejection([&] {
                    (void)io::readTableFile({missing, ""});
                }).find("cannot open: No such file") != std::string::npos);
        const QString big = dir.filePath(QStringLiteral("big.csv"));
        writeFile(big, std::string(4096, '1'));
        io::TableReadOptions small;
        small.maxFileBytes = 1000;
        QVERIFY(rejection([&] {
                    (void)io::readTableFile({big.toStdString(), ""}, small);
                }).find("files larger than 1000 bytes are not opened") != std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TstTableReaders)
#include "tst_table_readers.moc"
