# Sourced by e2e/run, bench/web/run and bench/web-sync/run (from the repository root): installs
# what is missing (Debian's chromium and chromium-driver; Selenium, pytest, axe-selenium-python, and
# for the Subsonic tests the clients py-sonic and py-opensonic and lxml, from PyPI), then sets $python (a python3 with all
# of them) and exports BLASTOISE_BIN.
#   BLASTOISE_BIN   server binary (default .build/debug/blastoise)
#   E2E_VENV        where the venv goes if the python3 on PATH lacks them (default /opt/blastoise-e2e)

sudo=""
[[ $(id -u) -eq 0 ]] || sudo="sudo"

if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  echo "installing: chromium chromium-driver" >&2
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
fi

# Selenium, pytest, the Subsonic clients (py-sonic: libsonic; py-opensonic: libopensonic), lxml
# (the XSD check) and axe-core's Selenium binding (the accessibility scan): the python3 on PATH if
# it has them, else a venv of its own.
python=python3
modules="selenium, pytest, libsonic, libopensonic, lxml, axe_selenium_python"
if ! "$python" -c "import $modules" >/dev/null 2>&1; then
  venv="${E2E_VENV:-/opt/blastoise-e2e}"
  if ! "$venv/bin/python" -c "import $modules" >/dev/null 2>&1; then
    if [[ ! -x "$venv/bin/pip" ]]; then
      if ! python3 -m venv --help >/dev/null 2>&1 || ! python3 -c "import ensurepip" >/dev/null 2>&1; then
        $sudo apt-get install -y -qq --no-install-recommends python3-venv >/dev/null
      fi
      $sudo python3 -m venv "$venv"
    fi
    missing=()
    for module_package in selenium:selenium pytest:pytest libsonic:py-sonic libopensonic:py-opensonic lxml:lxml \
      axe_selenium_python:axe-selenium-python; do
      "$venv/bin/python" -c "import ${module_package%%:*}" >/dev/null 2>&1 || missing+=("${module_package#*:}")
    done
    echo "installing: ${missing[*]} (PyPI) into $venv" >&2
    $sudo "$venv/bin/pip" install --quiet --disable-pip-version-check "${missing[@]}"
  fi
  python="$venv/bin/python"
fi

bin="${BLASTOISE_BIN:-.build/debug/blastoise}"
if [[ ! -x "$bin" ]]; then
  echo "no server binary at $bin — build it (swift build) or set BLASTOISE_BIN" >&2
  exit 2
fi
export BLASTOISE_BIN="$bin"
