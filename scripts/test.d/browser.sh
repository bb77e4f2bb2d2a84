#!/usr/bin/env bash
# Browser tests of `tavoliere serve`: Debian's chromium driven through
# chromedriver (tests/browser.rs, marked #[ignore] so a bare `cargo test`
# does not need a browser). Installs chromium and chromium-driver when
# missing. Screenshots go to target/browser-screenshots/.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    sudo=""
    if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -q
    $sudo apt-get install -y -q --no-install-recommends chromium chromium-driver
fi

cargo test --test browser -- --ignored --test-threads=1
