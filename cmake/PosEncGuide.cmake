# The guide's pages (resources/guide/<language>/*.html) are templates: posenc-guidegen (app/guidegen) fills their
# placeholders with the core's values at build time. posenc_add_guide(<target>) renders every file listed in
# resources/guide.qrc into <binary dir>/guide_pages/, compiles those into <target> as the resource "guide"
# (:/guide/...), and installs them under share/doc/posenc-explorer/guide/ (readable in a browser).
# Adding a page means adding it to guide.qrc, as before; a page without placeholders is copied unchanged.
include(GNUInstallDirs)

function(posenc_add_guide target)
  set(qrc ${PROJECT_SOURCE_DIR}/resources/guide.qrc)
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${qrc})
  file(STRINGS ${qrc} lines REGEX "<file>")
  set(out ${CMAKE_CURRENT_BINARY_DIR}/guide_pages)
  set(files "")
  set(inputs "")
  set(outputs "")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE ".*<file>[ \t]*([^<]*[^< \t])[ \t]*</file>.*" "\\1" file "${line}")
    list(APPEND files ${file})
    list(APPEND inputs ${PROJECT_SOURCE_DIR}/resources/${file})
    list(APPEND outputs ${out}/${file})
  endforeach()
  add_custom_command(OUTPUT ${outputs}
    COMMAND posenc-guidegen ${PROJECT_SOURCE_DIR}/resources ${out} ${files}
    DEPENDS posenc-guidegen ${inputs} ${qrc}
    COMMENT "Filling the guide's numbers (posenc-guidegen)"
    VERBATIM)
  add_custom_target(posenc_guide_pages DEPENDS ${outputs})
  qt_add_resources(${target} guide PREFIX / BASE ${out} FILES ${outputs})
  set_property(GLOBAL PROPERTY POSENC_GUIDE_OUTPUT ${out})
  install(DIRECTORY ${out}/guide/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/guide)
endfunction()
