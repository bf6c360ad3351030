#!/usr/bin/env bash
# Runs a command on an emulated slow day (ADR 033): a busy Node loop pinned to
# each core for the whole run, so every thread of the command shares its core
# half and half, and the 3e8 loop takes about twice its time. Harsh on
# single-threaded phases, lenient on phases with more processes than cores.
#   bash scripts/slow-day.sh bash .ci/run
set -euo pipefail
hogs=()
for core in $(seq 0 $(($(nproc) - 1))); do
  taskset -c "$core" node -e 'for (;;) {}' &
  hogs+=($!)
done
trap 'kill "${hogs[@]}"' EXIT
"$@"
