# Builds the Debian package with cpack and checks its file list and control fields.
file(REMOVE_RECURSE ${WORK_DIR})
# cpack first builds the `preinstall` target: run this after the build (a no-op check then).
execute_process(COMMAND ${CPACK} -G DEB --config ${BUILD_DIR}/CPackConfig.cmake -B ${WORK_DIR}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cpack failed (${rc}):\n${out}\n${err}")
endif()
if(NOT out MATCHES "package: ([^\n]+\\.deb) generated")
  message(FATAL_ERROR "cpack did not report a .deb:\n${out}")
endif()
set(debs ${CMAKE_MATCH_1})
execute_process(COMMAND ${DPKG_DEB} -c ${debs} OUTPUT_VARIABLE files RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dpkg-deb -c failed")
endif()
set(expected
  ./usr/bin/posenc ./usr/bin/posenc-explorer ./usr/libexec/posenc/posenc-render
  ./usr/share/applications/posenc-explorer.desktop
  ./usr/share/metainfo/org.posenc.explorer.metainfo.xml ./usr/share/icons/hicolor/scalable/apps/posenc-explorer.svg
  ./usr/share/icons/hicolor/128x128/apps/posenc-explorer.png ./usr/share/bash-completion/completions/posenc
  ./usr/share/doc/PosEncExplorer/LICENSE ./usr/share/man/man1/posenc.1)
if(HAVE_MAN)
  list(APPEND expected ./usr/share/man/man1/posenc-explorer.1)
endif()
if(PYTHON)
  list(APPEND expected ./usr/lib/python3/dist-packages/posenc/__init__.py)
endif()
foreach(f IN LISTS expected)
  string(FIND "${files}" " ${f}\n" at)
  if(at LESS 0)
    message(FATAL_ERROR "${f} is not in the package:\n${files}")
  endif()
endforeach()
execute_process(COMMAND ${DPKG_DEB} -f ${debs} Package Depends OUTPUT_VARIABLE control)
set(deps "Package: posenc-explorer" "libqt6widgets6" "libqt6svg6" "libqcustomplot2.1-qt6" "libfftw3-double3"
         "fonts-dejavu-core")
if(PYTHON)
  list(APPEND deps "python3-numpy")
endif()
foreach(dep IN LISTS deps)
  string(FIND "${control}" "${dep}" at)
  if(at LESS 0)
    message(FATAL_ERROR "control fields lack '${dep}':\n${control}")
  endif()
endforeach()
# The packaged posenc finds the packaged drawing helper (usr/libexec/posenc/posenc-render) and draws.
execute_process(COMMAND ${DPKG_DEB} -x ${debs} ${WORK_DIR}/root RESULT_VARIABLE rc)
execute_process(COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen ${WORK_DIR}/root/usr/bin/posenc
                        render frequencies --method rope --head-dim 8 -o ${WORK_DIR}/f.svg
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK_DIR}/f.svg)
  message(FATAL_ERROR "the packaged posenc could not render (exit ${rc}):\n${err}")
endif()
file(REMOVE_RECURSE ${WORK_DIR})
