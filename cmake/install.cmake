# What `cmake --install build --prefix P` puts where, the CMake package other C++ projects
# find, the man pages and bash completion, and the .deb (`cpack -G DEB` in the build folder).
# The layout is the one dsl/tile_loader.cpp expects of an installed carcheck: the data in
# <exe dir>/../share/carcheck, so the installed binary needs no environment variable.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(CARCHECK_INSTALL_DATADIR "${CMAKE_INSTALL_DATADIR}/carcheck")
set(CARCHECK_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/carcheck")

# The binary and the shipped data.
install(TARGETS carcheck RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES tiles.yaml levels.yaml citations.yaml DESTINATION ${CARCHECK_INSTALL_DATADIR})
install(DIRECTORY specs DESTINATION ${CARCHECK_INSTALL_DATADIR})

# The engine and dsl libraries for C++ engines that use carcheck as an oracle. Their headers
# include each other as "engine/x.h" and "dsl/x.h", so include/carcheck is the include root.
set_target_properties(carcheck_engine PROPERTIES EXPORT_NAME engine)
set_target_properties(carcheck_dsl PROPERTIES EXPORT_NAME dsl)
target_include_directories(carcheck_engine
                           PUBLIC $<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}/carcheck>)
install(TARGETS carcheck_engine carcheck_dsl EXPORT carcheckTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(DIRECTORY engine dsl DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/carcheck
        FILES_MATCHING PATTERN "*.h")
install(EXPORT carcheckTargets NAMESPACE carcheck:: DESTINATION ${CARCHECK_INSTALL_CMAKEDIR})
configure_package_config_file(cmake/carcheckConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/carcheckConfig.cmake
                              INSTALL_DESTINATION ${CARCHECK_INSTALL_CMAKEDIR}
                              PATH_VARS CARCHECK_INSTALL_DATADIR)
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/carcheckConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/carcheckConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/carcheckConfigVersion.cmake
        DESTINATION ${CARCHECK_INSTALL_CMAKEDIR})

# Man pages, one per command, made by help2man from the same text as --help.
option(CARCHECK_MAN "Generate and install the man pages (needs help2man)" ON)
if(CARCHECK_MAN)
  find_program(HELP2MAN help2man)
  if(NOT HELP2MAN)
    message(FATAL_ERROR "the man pages need help2man: apt-get install help2man, or configure "
                        "with -DCARCHECK_MAN=OFF")
  endif()
  set(CARCHECK_MAN_DIR ${CMAKE_CURRENT_BINARY_DIR}/man)
  add_custom_command(
    OUTPUT ${CARCHECK_MAN_DIR}/carcheck.1
    COMMAND bash ${CMAKE_CURRENT_SOURCE_DIR}/packaging/make-man.sh ${HELP2MAN}
            $<TARGET_FILE:carcheck> ${CARCHECK_MAN_DIR} ${PROJECT_VERSION}
    DEPENDS carcheck ${CMAKE_CURRENT_SOURCE_DIR}/packaging/make-man.sh
    COMMENT "Generating the man pages from --help"
    VERBATIM)
  add_custom_target(carcheck_man ALL DEPENDS ${CARCHECK_MAN_DIR}/carcheck.1)
  install(DIRECTORY ${CARCHECK_MAN_DIR}/ DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
          FILES_MATCHING PATTERN "*.1")
endif()

# Bash completion: subcommands and options come from `carcheck --help` when completing,
# rule-set names from the levels.yaml the binary would read.
install(FILES packaging/carcheck.bash-completion
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME carcheck)

# The .deb: `cpack -G DEB` in the build folder. Its runtime dependencies come from
# dpkg-shlibdeps; the headers and static libraries need the -dev packages to be used.
set(CPACK_PACKAGE_NAME carcheck)
set(CPACK_PACKAGE_VENDOR "carcheck")
set(CPACK_PACKAGE_CONTACT "carcheck maintainers <carcheck@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "check Carcassonne rule systems by execution")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# The binary's runtime libraries (libfmt, libyaml-cpp) come into Depends by shlibdeps; the
# development packages the installed engine and dsl libraries need to be linked are suggested.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "libyaml-cpp-dev, tao-pegtl-dev, libfmt-dev, bash-completion")
set(CPACK_GENERATOR DEB)
include(CPack)
