#!/usr/bin/env bash
# Install what `make run` / `make test` need on a fresh Debian machine:
# Debian packages (compiler, CMake, Ninja, Boost and Eigen headers, tcmalloc,
# gnuplot, Python venv) and a .venv with the ns3 wheel, cppyy, pandas, scipy, tqdm, Dask
# distributed and pytest, and the request_scheduling package installed
# editable from python/.
# With --fuzz, only clang-14 and libclang-rt-14-dev (make fuzz).
# Idempotent: a stamp file records a finished set-up of the current inputs.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_packages=(g++ cmake ninja-build libboost-dev libeigen3-dev libgoogle-perftools-dev gnuplot-nox python3-venv
              python3-pip clang-format)
# --fuzz (make fuzz): only clang and its libFuzzer and sanitizer runtimes.
fuzz=false
if [ "${1:-}" = "--fuzz" ]; then
  fuzz=true
  apt_packages=(clang-14 libclang-rt-14-dev)
fi
missing=()
for p in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

$fuzz && exit 0

stamp=.venv/.request-scheduling-setup
inputs=$(sha256sum python/requirements.txt python/pyproject.toml tools/setup.sh | sha256sum | cut -c1-16)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$inputs" ]; then
  exit 0
fi
python=${PYTHON:-python3}
[ -x .venv/bin/python ] || "$python" -m venv .venv
echo "setup: installing Python packages into .venv (the ns3 wheel builds cppyy: a few minutes)"
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -r python/requirements.txt
# Editable: imports resolve to python/request_scheduling in this tree, where
# the runner finds the built examples. Replaces the .pth file earlier set-ups wrote.
site=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
rm -f "$site/request-scheduling.pth"
.venv/bin/python -m pip install -q -e ./python
echo "$inputs" > "$stamp"
