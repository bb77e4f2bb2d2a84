#!/usr/bin/env bash
# The server's memory over 10,000 short capture games (Asalto, random moves,
# through `/api/play`): RSS every 1,000 games, the last within 20% of the
# first. The test profile is optimised (opt-level 3), so this is the
# `memory_stays_flat_over_many_capture_games` test of tests/serve.rs with
# 10,000 games instead of its default 3,000; about a minute. Flat is judged
# from the RSS after 2,000 games (the first thousand warm the server up).
set -euo pipefail
cd "$(dirname "$0")/.."
TAVOLIERE_MEMORY_GAMES=${TAVOLIERE_MEMORY_GAMES:-10000} \
    cargo test --test serve memory_stays_flat_over_many_capture_games -- --nocapture
