#!/usr/bin/env bash
# Sourced by scripts/run and scripts/test: installs the Debian/Ubuntu packages PosEnc Explorer needs, only the
# ones missing, with apt-get (through sudo when not root). On other systems it prints the list and stops.
# Packages (Debian 12 names):
POSENC_PACKAGES=(
  build-essential cmake pkg-config git
  qt6-base-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools libgl-dev
  libqcustomplot-dev libeigen3-dev libfftw3-dev nlohmann-json3-dev
  fonts-dejavu-core fonts-wqy-microhei qt6-translations-l10n help2man appstream
  file  # cpack -G DEB (install_deb_package test) needs file(1) for its shlibdeps step
  pybind11-dev python3-dev python3-numpy python3-pytest \
  python3-setuptools python3-wheel python3-venv python3-build  # the Python module (python/), its tests, pip install and wheel
)
# Only for the instrumented build of scripts/test --sanitize and scripts/fuzz (libFuzzer and the sanitizer
# runtimes come with clang's compiler-rt):
POSENC_FUZZ_PACKAGES=(clang libclang-rt-14-dev)

# The one instrumented build, in build-sanitize: clang with AddressSanitizer + UndefinedBehaviorSanitizer and
# libFuzzer's coverage instrumentation (-O1 -g1), the whole test suite and the fuzz harnesses. scripts/test
# --sanitize builds and runs the suite from it, scripts/fuzz the harnesses, so CI compiles the code once for both.
POSENC_SANITIZE_BUILD_DIR=${SANITIZE_BUILD_DIR:-build-sanitize}
POSENC_SANITIZE_CMAKE_ARGS=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++
                            -DPOSENC_SANITIZE=ON -DPOSENC_FUZZ=ON -DPOSENC_BUILD_BENCH=OFF -DPOSENC_BUILD_PYTHON=OFF)

posenc_missing_packages() {
  local missing=() p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  echo "${missing[@]:-}"
}

posenc_install_packages() {
  if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
    echo "This is not a Debian/Ubuntu system. Install these (or your distribution's equivalents) and re-run:" >&2
    echo "  ${POSENC_PACKAGES[*]} $*" >&2
    echo "(Qt >= 6.2 with Widgets/PrintSupport/Svg/Concurrent/Test/LinguistTools, QCustomPlot 2.1 for Qt 6," >&2
    echo " Eigen 3, FFTW 3, CMake >= 3.21, a C++20 compiler.)" >&2
    return 1
  fi
  local missing
  missing=$(posenc_missing_packages "${POSENC_PACKAGES[@]}" "$@")
  if [[ -z ${missing// /} ]]; then
    return 0
  fi
  local sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || { echo "Need root or sudo to install: $missing" >&2; return 1; }
    sudo=(sudo)
  fi
  echo "Installing missing packages: $missing"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq
  # shellcheck disable=SC2086
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends $missing
}

posenc_jobs() { nproc 2>/dev/null || echo 2; }
