# Precompiled headers: qcustomplot.h alone costs about 15 s of parsing per translation unit that includes it;
# precompiled once for the widgets library (and reused by the programs that link it) it costs under a second to
# load. Measured on the 2-core machine, bench/RESULTS.md ("Build time"). The test programs do not use them: with
# GCC 12, libstdc++'s std::string code reached through a precompiled header raised false -Warray-bounds and
# -Wstringop-overflow errors in eight test files (GCC bugs 105329, 105651).
# POSENC_PCH=OFF builds without them (each file still includes what it uses; the headers are only pre-parsed).
option(POSENC_PCH "Precompile the Qt Widgets and QCustomPlot headers of the widgets library (faster builds)" ON)

set(POSENC_PCH_STD <algorithm> <cmath> <functional> <map> <memory> <optional> <span> <string> <string_view>
    <variant> <vector>)
set(POSENC_PCH_QT_CORE <QDir> <QFile> <QJsonArray> <QJsonDocument> <QJsonObject> <QObject> <QString> <QStringList>)
set(POSENC_PCH_QT_WIDGETS <qcustomplot.h> <QApplication> <QComboBox> <QHBoxLayout> <QLabel> <QPainter>
    <QTabWidget> <QVBoxLayout> <QWidget>)

# A pre-parsed header the compiler cannot use (other flags or macros than it was made with) is a slow build, not a
# wrong one: -Winvalid-pch says so (an error in CI's -Werror builds, so a change that disables it is noticed).
function(_posenc_pch_warn target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Winvalid-pch)
  endif()
endfunction()

# posenc_precompile_widgets(<target>): the Qt Widgets and QCustomPlot headers for a library of views.
function(posenc_precompile_widgets target)
  if(NOT POSENC_PCH)
    return()
  endif()
  target_precompile_headers(${target} PRIVATE ${POSENC_PCH_STD} ${POSENC_PCH_QT_CORE} ${POSENC_PCH_QT_WIDGETS})
  _posenc_pch_warn(${target})
endfunction()

# posenc_precompile_reuse(<target> <from>): use <from>'s pre-parsed headers (same flags and Qt macros).
function(posenc_precompile_reuse target from)
  if(NOT POSENC_PCH)
    return()
  endif()
  target_precompile_headers(${target} REUSE_FROM ${from})
  _posenc_pch_warn(${target})
endfunction()
