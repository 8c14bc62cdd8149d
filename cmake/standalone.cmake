# Standalone build of an ns-3 contrib module against an installed ns-3.
#
# Finds ns-3 (PyPI wheel: -Dns3_DIR=<site-packages>/ns3/lib64/cmake/ns3;
# Debian libns3-dev: found on the default prefix), repairs what its exported
# targets get wrong on this machine, and defines build_lib() and
# build_lib_example() with the same arguments as ns-3's own, so the module's
# CMakeLists.txt is the same in and out of an ns-3 tree.
#
# Output layout: build/lib/libns3-<module>.so, build/include/ns3/*.h,
# build/examples/<name>, build/test-runner, one CTest entry per test suite.

# No version here: ns3ConfigVersion demands an exact match.
find_package(ns3 REQUIRED)
message(STATUS "request-scheduling: building against ns-3 ${ns3_VERSION} (${ns3_DIR})")

if(ns3_VERSION VERSION_GREATER_EQUAL 3.46)
  set(CMAKE_CXX_STANDARD 23) # ns-3 >= 3.46 builds as C++23
elseif(ns3_VERSION VERSION_GREATER_EQUAL 3.41)
  set(CMAKE_CXX_STANDARD 20) # ns-3 >= 3.41 headers use C++20
else()
  set(CMAKE_CXX_STANDARD 17)
endif()
set(CMAKE_CXX_STANDARD_REQUIRED ON)
set(CMAKE_CXX_EXTENSIONS OFF)
if(NOT CMAKE_BUILD_TYPE)
  set(CMAKE_BUILD_TYPE Release)
endif()
set(CMAKE_POSITION_INDEPENDENT_CODE ON)

# make test-asan: the module, its suites and examples with AddressSanitizer
# and UndefinedBehaviorSanitizer (ns-3 itself is not instrumented).
option(RS_SANITIZE "build with -fsanitize=address,undefined" OFF)
if(RS_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-sanitize-recover=undefined
                      -fno-omit-frame-pointer)
  add_link_options(-fsanitize=address,undefined)
endif()

# make fuzz: the module built with clang's libFuzzer instrumentation,
# AddressSanitizer and UndefinedBehaviorSanitizer, and only the fuzz targets
# of test/fuzz linked with libFuzzer (no suites, examples or benchmarks).
option(RS_FUZZ "build the libFuzzer targets of test/fuzz (clang only)" OFF)
if(RS_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "RS_FUZZ=ON needs clang (-DCMAKE_CXX_COMPILER=clang++-14)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
                      -fno-omit-frame-pointer -g)
  add_link_options(-fsanitize=address,undefined)
endif()

# The examples allocate through tcmalloc (gperftools, Debian
# libgoogle-perftools-dev): ns-3 allocates packets, buffers, tags and events
# per packet, and tcmalloc's per-thread caches serve them about 5 % faster
# than glibc's malloc at packet level (the same results). Not with the
# sanitizers, which bring their own allocator; -DRS_TCMALLOC=OFF turns it off.
option(RS_TCMALLOC "link the examples with tcmalloc when it is found" ON)
set(RS_EXAMPLE_MALLOC "")
if(RS_TCMALLOC AND NOT RS_SANITIZE AND NOT RS_FUZZ)
  find_library(RS_TCMALLOC_LIBRARY NAMES tcmalloc_minimal)
  if(RS_TCMALLOC_LIBRARY)
    set(RS_EXAMPLE_MALLOC ${RS_TCMALLOC_LIBRARY})
    message(STATUS "request-scheduling: examples use ${RS_TCMALLOC_LIBRARY}")
  else()
    message(STATUS "request-scheduling: tcmalloc not found, the examples use the C library's malloc")
  endif()
endif()
set(RS_STANDALONE ON)

# Precompiled headers: the standard and ns-3 headers most of the module's
# files include, parsed once per target instead of once per file (0.5-0.7 s
# of every file). Measured on 2026-11-29: the Release build 178 -> 139 s on
# 2 cores, the sanitizer build 284 -> 271 s (its files' time is code
# generation). Only here: an ns-3 tree has its own (NS3_PRECOMPILE_HEADERS,
# which ns-3.37 turns on only where it finds ccache), and the in-tree check,
# built without any on this machine (no ccache), shows that every file
# still includes what it uses.
option(RS_PCH "precompile the headers common to the module's files" ON)
set(RS_PCH_HEADERS
    <algorithm> <cmath> <cstdint> <deque> <functional> <map> <sstream> <string>
    <unordered_map> <vector>
    <ns3/abort.h> <ns3/boolean.h> <ns3/double.h> <ns3/enum.h> <ns3/event-id.h>
    <ns3/inet-socket-address.h> <ns3/ipv4-address.h> <ns3/log.h> <ns3/node.h>
    <ns3/nstime.h> <ns3/object-factory.h> <ns3/packet.h> <ns3/pointer.h>
    <ns3/random-variable-stream.h> <ns3/simulator.h> <ns3/string.h>
    <ns3/traced-callback.h> <ns3/uinteger.h>)
function(rs_precompile_headers target)
  if(RS_PCH AND NOT RS_FUZZ AND NOT CMAKE_VERSION VERSION_LESS 3.16)
    target_precompile_headers(${target} PRIVATE ${RS_PCH_HEADERS} ${ARGN})
  endif()
endfunction()

set(RS_OUTPUT ${CMAKE_BINARY_DIR})
set(CMAKE_LIBRARY_OUTPUT_DIRECTORY ${RS_OUTPUT}/lib)
set(CMAKE_RUNTIME_OUTPUT_DIRECTORY ${RS_OUTPUT})
set(RS_INCLUDE_DIR ${RS_OUTPUT}/include)

include(${CMAKE_CURRENT_LIST_DIR}/ns3-targets.cmake)
set(RS_NS3_MODULES core network internet point-to-point stats traffic-control bridge applications)
rs_use_ns3_targets(${RS_NS3_MODULES})

enable_testing()

# cmake --install <build> --prefix <dir>: the library, its headers (ns3/*.h)
# and a CMake package, so that a program of one's own finds it with
# find_package(request-scheduling) (cmake/request-schedulingConfig.cmake.in).
include(GNUInstallDirs)
function(rs_install_package lib)
  set(_dest ${CMAKE_INSTALL_LIBDIR}/cmake/${lib})
  # Installed, the library still finds the ns-3 libraries it was linked with.
  get_target_property(_ns3_core ${libcore} LOCATION)
  get_filename_component(_ns3_libdir "${_ns3_core}" DIRECTORY)
  set_target_properties(${lib} PROPERTIES INSTALL_RPATH "${_ns3_libdir}")
  install(TARGETS ${lib} EXPORT ${lib}-targets LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(DIRECTORY ${RS_INCLUDE_DIR}/ns3 DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
          FILES_MATCHING PATTERN "*.h")
  install(EXPORT ${lib}-targets NAMESPACE ${lib}:: DESTINATION ${_dest})
  string(REPLACE ";" " " RS_NS3_MODULES "${RS_NS3_MODULES}")
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${lib}Config.cmake.in
                 ${CMAKE_BINARY_DIR}/${lib}Config.cmake @ONLY)
  install(FILES ${CMAKE_BINARY_DIR}/${lib}Config.cmake
                ${PROJECT_SOURCE_DIR}/cmake/ns3-targets.cmake DESTINATION ${_dest})
endfunction()

function(build_lib)
  set(options)
  set(oneValueArgs LIBNAME)
  set(multiValueArgs SOURCE_FILES HEADER_FILES LIBRARIES_TO_LINK TEST_SOURCES)
  cmake_parse_arguments(BLIB "${options}" "${oneValueArgs}" "${multiValueArgs}" ${ARGN})

  # Headers are used as "ns3/<name>.h", as in an ns-3 tree.
  set(_module_header "${RS_INCLUDE_DIR}/ns3/${BLIB_LIBNAME}-module.h")
  set(_includes "")
  foreach(_h ${BLIB_HEADER_FILES})
    get_filename_component(_name ${_h} NAME)
    configure_file(${_h} ${RS_INCLUDE_DIR}/ns3/${_name} COPYONLY)
    string(APPEND _includes "#include \"ns3/${_name}\"\n")
  endforeach()
  file(WRITE ${_module_header}.in
       "// Generated by cmake/standalone.cmake: every public header of ${BLIB_LIBNAME}.\n"
       "#ifndef NS3_MODULE_REQUEST_SCHEDULING\n#define NS3_MODULE_REQUEST_SCHEDULING\n"
       "${_includes}#endif\n")
  configure_file(${_module_header}.in ${_module_header} COPYONLY)

  set(_lib ${BLIB_LIBNAME})
  add_library(${_lib} SHARED ${BLIB_SOURCE_FILES})
  set_target_properties(${_lib} PROPERTIES OUTPUT_NAME ns3-${BLIB_LIBNAME})
  target_include_directories(${_lib} PUBLIC $<BUILD_INTERFACE:${RS_INCLUDE_DIR}>
                                            $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>)
  target_compile_definitions(${_lib} PRIVATE NS3_MODULE_COMPILATION)
  target_compile_features(${_lib} PUBLIC cxx_std_${CMAKE_CXX_STANDARD})
  target_link_libraries(${_lib} PUBLIC ${BLIB_LIBRARIES_TO_LINK})
  rs_precompile_headers(${_lib})
  rs_install_package(${_lib})
  # Release: the module's small accessors (headers, pool, policy hooks) sit
  # in other files than their callers; link-time optimisation inlines them,
  # and without semantic interposition a call within a file is not routed
  # through the PLT. 10-12 % more requests per second at queue level.
  if(CMAKE_BUILD_TYPE STREQUAL "Release")
    include(CheckIPOSupported)
    check_ipo_supported(RESULT _ipo OUTPUT _ipo_why LANGUAGES CXX)
    if(_ipo)
      set_target_properties(${_lib} PROPERTIES INTERPROCEDURAL_OPTIMIZATION ON)
    endif()
    target_compile_options(${_lib} PRIVATE -fno-semantic-interposition)
  endif()
  set(lib${BLIB_LIBNAME} ${_lib})
  set(lib${BLIB_LIBNAME} ${_lib} PARENT_SCOPE)

  if(BLIB_TEST_SOURCES AND NOT RS_FUZZ)
    # Test suites register themselves from static objects: the library must
    # be linked even though nothing references a symbol in it.
    add_library(${_lib}-test SHARED ${BLIB_TEST_SOURCES})
    target_link_libraries(${_lib}-test PUBLIC ${_lib})
    rs_precompile_headers(${_lib}-test <ns3/test.h> <ns3/rng-seed-manager.h>)
    add_executable(test-runner ${PROJECT_SOURCE_DIR}/utils/test-runner.cc)
    target_link_libraries(test-runner PRIVATE -Wl,--no-as-needed ${_lib}-test
                                              -Wl,--as-needed ${_lib})
    # One CTest entry per suite, read from the TestSuite constructors.
    foreach(_src ${BLIB_TEST_SOURCES})
      file(STRINGS ${_src} _lines REGEX "TestSuite\\(\"[a-z0-9-]+\"")
      foreach(_line ${_lines})
        string(REGEX MATCH "TestSuite\\(\"([a-z0-9-]+)\"" _m "${_line}")
        # RS_TEST_FULLNESS (QUICK by default; EXTENSIVE or TAKES_FOREVER for
        # the slow cases too) is read when the test runs.
        add_test(NAME ${CMAKE_MATCH_1}
                 COMMAND sh -c "exec \"$0\" --suite=$1 --fullness=\${RS_TEST_FULLNESS:-QUICK}"
                         $<TARGET_FILE:test-runner> ${CMAKE_MATCH_1})
      endforeach()
    endforeach()
  endif()

  if(RS_FUZZ)
    return()
  endif()
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/examples/CMakeLists.txt)
    set(BLIB_LIBNAME ${BLIB_LIBNAME})
    add_subdirectory(examples)
  endif()
  if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/bench/CMakeLists.txt)
    add_subdirectory(bench)
  endif()
endfunction()

function(build_lib_example)
  set(options IGNORE_PCH)
  set(oneValueArgs NAME)
  set(multiValueArgs SOURCE_FILES HEADER_FILES LIBRARIES_TO_LINK)
  cmake_parse_arguments(BLIB_EXAMPLE "${options}" "${oneValueArgs}" "${multiValueArgs}" ${ARGN})
  add_executable(${BLIB_EXAMPLE_NAME} ${BLIB_EXAMPLE_SOURCE_FILES})
  target_link_libraries(${BLIB_EXAMPLE_NAME} PRIVATE ${lib${BLIB_LIBNAME}}
                                                     ${BLIB_EXAMPLE_LIBRARIES_TO_LINK})
  if(RS_EXAMPLE_MALLOC)
    target_link_libraries(${BLIB_EXAMPLE_NAME} PRIVATE ${RS_EXAMPLE_MALLOC})
  endif()
  set_target_properties(${BLIB_EXAMPLE_NAME} PROPERTIES RUNTIME_OUTPUT_DIRECTORY
                                                        ${RS_OUTPUT}/examples)
endfunction()
