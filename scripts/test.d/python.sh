#!/usr/bin/env bash
# The Python package (python/): its Rust checked like the main crate's
# (rustfmt, clippy), built into a virtualenv, and its pytest suite run.
# The virtualenv (target/py-venv) is made, with pinned packages, when missing.
# The pins have manylinux x86_64 wheels for CPython 3.10 to 3.13 (checked
# with `pip download --only-binary=:all: --python-version 3.1X --no-deps`).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
venv=$root/target/py-venv

(cd python && cargo fmt --check && cargo clippy --quiet --all-targets -- -D warnings)

if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import maturin, pytest, pettingzoo, gymnasium, ray, pyspiel' 2>/dev/null; then
    "$venv/bin/pip" install --quiet \
        maturin==1.7.4 pytest==8.3.3 pettingzoo==1.24.3 gymnasium==1.0.0 \
        numpy==2.1.3 ray==2.47.1 open_spiel==1.5
fi

# The CLI the tests compare with.
cargo build --quiet --bin tavoliere
(cd python && VIRTUAL_ENV=$venv PATH=$venv/bin:$PATH maturin develop --quiet --release)
cd python
TAVOLIERE_BIN=$root/target/debug/tavoliere "$venv/bin/python" -m pytest -q tests
