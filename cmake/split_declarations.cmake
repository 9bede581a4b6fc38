# Moves the TypeScript declarations (*.d.ts) out of the assembled site into their own folder:
# they are for an embedder's editor, and no page ever fetches them, so they are not deployed.
# Usage: cmake -DSITE=<site dir> -DTYPES=<types dir> -P split_declarations.cmake
file(MAKE_DIRECTORY "${TYPES}")
file(GLOB _declarations "${SITE}/*.d.ts")
foreach(_file IN LISTS _declarations)
  get_filename_component(_name "${_file}" NAME)
  file(RENAME "${_file}" "${TYPES}/${_name}")
endforeach()
