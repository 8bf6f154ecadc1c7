# `posenc` runs the commands that compute or read without Qt, and hands drawing to posenc-render (issue 10).
# The loader's trace (LD_DEBUG=files) lists every shared library a process maps: those it needs, those they
# need, and those opened later. Arguments: -DPOSENC=<built posenc> -DWORK_DIR=<scratch folder>.
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

# Runs posenc with ARGN under the loader's trace: sets rc, out, trace (stderr with the trace) and err (without).
macro(run_traced exe)
  set(ENV{LD_DEBUG} files)
  execute_process(COMMAND ${exe} ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE trace)
  unset(ENV{LD_DEBUG})
  if(NOT trace MATCHES "file=libc\\.so")
    message(FATAL_ERROR "no loader trace for '${ARGN}' (LD_DEBUG=files unsupported?):\n${trace}")
  endif()
  string(REGEX REPLACE "[ \t]*[0-9]+:[^\n]*\n" "" err "${trace}") # stderr without the trace
endmacro()

set(headless_requests
    "--version" "methods" "compute frequencies --method rope --head-dim 8"
    "compute matrix --method rope --view cos --head-dim 8 --length 16 -o ${WORK_DIR}/m.npy" "compute matrix --help")
foreach(request IN LISTS headless_requests)
  separate_arguments(words UNIX_COMMAND "${request}")
  run_traced(${POSENC} ${words})
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "posenc ${request}: exit ${rc}\n${err}")
  endif()
  string(REGEX MATCHALL "file=[^ ]*(Qt6|qcustomplot)[^ ]*" qt "${trace}")
  if(qt)
    list(REMOVE_DUPLICATES qt)
    string(REPLACE ";" ", " qt "${qt}")
    message(FATAL_ERROR "posenc ${request} loaded Qt: ${qt}")
  endif()
endforeach()

# Drawing goes to posenc-render, which does load Qt (the trace above would show it).
run_traced(${POSENC} render frequencies --method rope --head-dim 8 -o ${WORK_DIR}/f.svg)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK_DIR}/f.svg OR NOT trace MATCHES "file=libQt6Widgets")
  message(FATAL_ERROR "posenc render: exit ${rc} (want 0, f.svg and libQt6Widgets in the trace)\n${err}")
endif()

# Without posenc-render beside it, posenc still computes, and a drawing request fails with exit 1 naming the
# missing program (no crash, no output file).
file(MAKE_DIRECTORY ${WORK_DIR}/alone)
file(COPY ${POSENC} DESTINATION ${WORK_DIR}/alone)
get_filename_component(name ${POSENC} NAME)
set(alone ${WORK_DIR}/alone/${name})
execute_process(COMMAND ${alone} compute frequencies --method rope --head-dim 8 RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "posenc without posenc-render: compute frequencies exit ${rc}")
endif()
foreach(request "render frequencies --method rope --head-dim 8 -o ${WORK_DIR}/g.svg" "--help")
  separate_arguments(words UNIX_COMMAND "${request}")
  execute_process(COMMAND ${alone} ${words} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 1 OR NOT err MATCHES "cannot run [^ ]*posenc-render: No such file"
     OR EXISTS ${WORK_DIR}/g.svg)
    message(FATAL_ERROR "posenc ${request} without posenc-render: exit ${rc} (want 1), stderr:\n${err}")
  endif()
endforeach()
file(REMOVE_RECURSE ${WORK_DIR})
