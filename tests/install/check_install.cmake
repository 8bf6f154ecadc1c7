# Installs the build into a scratch prefix and checks that everything a desktop needs is there.
file(REMOVE_RECURSE ${WORK_DIR})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix ${WORK_DIR}/usr
                RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc})")
endif()
set(P ${WORK_DIR}/usr)
set(expected
  bin/posenc bin/posenc-explorer libexec/posenc/posenc-render
  share/applications/posenc-explorer.desktop
  share/metainfo/org.posenc.explorer.metainfo.xml
  share/icons/hicolor/scalable/apps/posenc-explorer.svg
  share/icons/hicolor/48x48/apps/posenc-explorer.png
  share/icons/hicolor/256x256/apps/posenc-explorer.png
  share/bash-completion/completions/posenc
  share/doc/PosEncExplorer/LICENSE share/doc/PosEncExplorer/README.md
  share/man/man1/posenc.1)
if(HAVE_MAN)
  list(APPEND expected share/man/man1/posenc-explorer.1)
endif()
foreach(f IN LISTS expected)
  if(NOT EXISTS ${P}/${f})
    message(FATAL_ERROR "not installed: ${f}")
  endif()
endforeach()

# The desktop file names the installed icon; the metainfo launches the installed desktop file.
file(READ ${P}/share/applications/posenc-explorer.desktop desktop)
if(NOT desktop MATCHES "\nIcon=posenc-explorer\n")
  message(FATAL_ERROR "the desktop file has no Icon=posenc-explorer line")
endif()
file(READ ${P}/share/metainfo/org.posenc.explorer.metainfo.xml meta)
if(NOT meta MATCHES "<launchable type=\"desktop-id\">posenc-explorer.desktop</launchable>")
  message(FATAL_ERROR "the metainfo does not launch posenc-explorer.desktop")
endif()

# The PNG sizes are what their directories say (IHDR width/height at bytes 16..23).
foreach(size 16 32 48 64 128 256)
  file(READ ${P}/share/icons/hicolor/${size}x${size}/apps/posenc-explorer.png hdr OFFSET 16 LIMIT 8 HEX)
  math(EXPR hex_size "${size}" OUTPUT_FORMAT HEXADECIMAL)
  string(SUBSTRING "${hex_size}" 2 -1 digits)
  string(LENGTH "${digits}" len)
  math(EXPR pad "8 - ${len}")
  string(REPEAT "0" ${pad} zeros)
  set(word "${zeros}${digits}")
  string(TOLOWER "${word}${word}" want)
  if(NOT hdr STREQUAL want)
    message(FATAL_ERROR "icon ${size}x${size}: PNG header says ${hdr}, want ${want}")
  endif()
endforeach()

# Man pages: every command and a registry parameter flag appear (they come from the programs' own --help).
file(READ ${P}/share/man/man1/posenc.1 man)
foreach(word ".SS completion" ".SS render" ".SS compute frequencies" ".SS yarn" "\\fB\\-\\-head\\-dim\\fR"
             ".SH EXIT STATUS")
  string(FIND "${man}" "${word}" at)
  if(at LESS 0)
    message(FATAL_ERROR "posenc.1 does not mention '${word}'")
  endif()
endforeach()
if(HAVE_MAN)
  file(READ ${P}/share/man/man1/posenc-explorer.1 man)
  foreach(word "benchmark" ".SH")
    string(FIND "${man}" "${word}" at)
    if(at LESS 0)
      message(FATAL_ERROR "posenc-explorer.1 does not mention '${word}'")
    endif()
  endforeach()
endif()
# The installed posenc finds its drawing helper (bin/../libexec/posenc/posenc-render) and draws.
execute_process(COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
                        ${P}/bin/posenc render frequencies --method rope --head-dim 8 -o ${WORK_DIR}/f.svg
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK_DIR}/f.svg)
  message(FATAL_ERROR "the installed posenc could not render (exit ${rc}):\n${err}")
endif()
# The Python module (when built): installed where Debian's python3 finds packages of prefix /usr, imports from
# there, and draws through the installed helper.
if(PYTHON)
  if(NOT EXISTS ${P}/lib/python3/dist-packages/posenc/__init__.py)
    message(FATAL_ERROR "not installed: lib/python3/dist-packages/posenc/__init__.py")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen
                          PYTHONPATH=${P}/lib/python3/dist-packages ${PYTHON} -c
                          "import posenc; f = posenc.render('frequencies', 'rope', head_dim=8, format='svg'); assert b'<svg' in f.data; print(posenc.__file__)"
                  WORKING_DIRECTORY ${WORK_DIR} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out MATCHES "^${P}/lib/python3/dist-packages/posenc/")
    message(FATAL_ERROR "the installed Python module does not work (exit ${rc}):\n${out}${err}")
  endif()
endif()
file(REMOVE_RECURSE ${WORK_DIR})
