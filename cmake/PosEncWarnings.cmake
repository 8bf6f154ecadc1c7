# posenc_set_warnings(<target>): our warning set, applied to our own targets only.
function(posenc_set_warnings target)
  if(MSVC)
    target_compile_options(${target} PRIVATE /W4)
    if(POSENC_WERROR)
      target_compile_options(${target} PRIVATE /WX)
    endif()
  else()
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
                                             -Woverloaded-virtual -Wimplicit-fallthrough)
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
      # GCC 12 reports false -Wrestrict and -Wstringop-overflow positives inside libstdc++'s std::string
      # (GCC bugs 105329, 105651): with the precompiled headers they appeared in seven test files, on
      # `"," + std::string&&` and even on `s = "yarn"`.
      target_compile_options(${target} PRIVATE -Wno-restrict -Wno-stringop-overflow)
    endif()
    if(POSENC_WERROR)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  endif()
endfunction()
