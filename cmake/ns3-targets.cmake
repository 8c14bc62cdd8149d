# rs_use_ns3_targets(<module>...): after find_package(ns3), define the
# in-tree variable names ${lib<module>} (ns3::core from ns-3 3.43 on,
# ns3::libcore before) and repair what the installed targets get wrong.
#
# Used by the module's standalone build (cmake/standalone.cmake) and by its
# installed package (find_package(request-scheduling)), so that a program
# built against the installed module links the same ns-3 libraries.
#
# The PyPI wheel's targets carry its build host's include and link paths
# (/usr/include/glib-2.0, /usr/lib64/libgsl.so): only those that exist here
# are kept, and system include directories are dropped, as -I they could
# put another installed ns-3's headers (/usr/include/ns3) first.
macro(rs_use_ns3_targets)
  foreach(_rs_mod ${ARGN})
    if(TARGET ns3::${_rs_mod})
      set(lib${_rs_mod} ns3::${_rs_mod})
    elseif(TARGET ns3::lib${_rs_mod})
      set(lib${_rs_mod} ns3::lib${_rs_mod})
    else()
      continue()
    endif()
    get_target_property(_rs_incs ${lib${_rs_mod}} INTERFACE_INCLUDE_DIRECTORIES)
    if(_rs_incs)
      set(_rs_kept)
      foreach(_rs_d ${_rs_incs})
        if(EXISTS "${_rs_d}" AND NOT _rs_d MATCHES "^/usr(/local)?(/include)?/?$")
          list(APPEND _rs_kept "${_rs_d}")
        endif()
      endforeach()
      set_target_properties(${lib${_rs_mod}} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES
                                                        "${_rs_kept}")
    endif()
    get_target_property(_rs_links ${lib${_rs_mod}} INTERFACE_LINK_LIBRARIES)
    if(_rs_links)
      set(_rs_kept)
      foreach(_rs_l ${_rs_links})
        if(IS_ABSOLUTE "${_rs_l}" AND NOT EXISTS "${_rs_l}")
          continue()
        endif()
        list(APPEND _rs_kept "${_rs_l}")
      endforeach()
      set_target_properties(${lib${_rs_mod}} PROPERTIES INTERFACE_LINK_LIBRARIES "${_rs_kept}")
    endif()
  endforeach()
  if(NOT libcore)
    message(FATAL_ERROR "ns-3 was found at ${ns3_DIR} but exports no core target")
  endif()
endmacro()
