# nlohmann/json from Debian's nlohmann-json3-dev, for both builds.
if(EMSCRIPTEN)
  # The Emscripten sysroot hides /usr/include and find_package searches only the sysroot,
  # so expose just the nlohmann folder through a link in the build tree (never all of
  # /usr/include: glibc headers would leak into the wasm build).
  set(_nlohmann_dir "${CMAKE_BINARY_DIR}/third_party/include")
  file(MAKE_DIRECTORY "${_nlohmann_dir}")
  if(NOT EXISTS "/usr/include/nlohmann/json.hpp")
    message(FATAL_ERROR "nlohmann/json not found: apt-get install nlohmann-json3-dev")
  endif()
  file(CREATE_LINK /usr/include/nlohmann "${_nlohmann_dir}/nlohmann" SYMBOLIC)
  add_library(nlohmann_json INTERFACE)
  target_include_directories(nlohmann_json SYSTEM INTERFACE "${_nlohmann_dir}")
  add_library(nlohmann_json::nlohmann_json ALIAS nlohmann_json)
else()
  find_package(nlohmann_json 3.10 REQUIRED)
endif()
