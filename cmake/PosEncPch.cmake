# Precompiled headers: qcustomplot.h alone costs about 15 s of parsing per translation unit that includes it, and
# Qt Test's headers about 6 s per test program; precompiled once per target (or per test folder and kind) they
# cost well under a second to load. Measured on the 2-core machine, bench/RESULTS.md ("Build time").
# With GCC 12, libstdc++'s std::string code reached through a precompiled header raises false -Warray-bounds and
# -Wstringop-overflow reports (GCC bugs 105329, 105651) in test programs: those two warnings are off for the test
# programs only, with GCC < 13 (the libraries and programs keep them).
# POSENC_PCH=OFF builds without them (each file still includes what it uses; the headers are only pre-parsed).
option(POSENC_PCH "Precompile the Qt, Qt Test and QCustomPlot headers (faster builds)" ON)

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

# The GCC 12 false positives of the header comment, off for test programs (and their precompiled-header hosts).
function(_posenc_test_warnings target)
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
    target_compile_options(${target} PRIVATE -Wno-array-bounds -Wno-stringop-overflow)
  endif()
endfunction()

# posenc_precompile_test(<test target> <widgets: TRUE|FALSE>): Qt Test's headers, made once per test folder and
# kind (Qt Test's macros name the folder, so a header made in another folder cannot be used) by a host library
# with the test programs' flags, and reused by every test program of that folder and kind.
function(posenc_precompile_test target widgets)
  if(NOT POSENC_PCH)
    return()
  endif()
  get_filename_component(folder "${CMAKE_CURRENT_SOURCE_DIR}" NAME)
  set(kind core)
  set(headers ${POSENC_PCH_STD} ${POSENC_PCH_QT_CORE} <QProcess> <QTest>)
  set(libs Qt6::Test posenc::core)
  if(widgets)
    set(kind widgets)
    list(APPEND headers ${POSENC_PCH_QT_WIDGETS} <QSignalSpy>)
    list(APPEND libs posenc::widgets)
  endif()
  set(host posenc_pch_${folder}_${kind})
  if(NOT TARGET ${host})
    add_library(${host} STATIC "${PROJECT_SOURCE_DIR}/cmake/pch_host.cpp")
    target_link_libraries(${host} PRIVATE ${libs})
    target_compile_definitions(${host} PRIVATE POSENC_TEST_DATA_DIR="${PROJECT_SOURCE_DIR}/tests/data"
                                               POSENC_SOURCE_DIR="${PROJECT_SOURCE_DIR}")
    posenc_set_warnings(${host})
    _posenc_test_warnings(${host})
    target_precompile_headers(${host} PRIVATE ${headers})
    _posenc_pch_warn(${host})
  endif()
  _posenc_test_warnings(${target})
  posenc_precompile_reuse(${target} ${host})
endfunction()
