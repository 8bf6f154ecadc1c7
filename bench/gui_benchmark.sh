#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# GUI latency benchmark: `posenc-explorer --benchmark` on the offscreen platform. It drives a scripted sweep of the
# base slider through the real ParamsModel -> JobRunner -> FigureWidget path (4 methods compared, every view live)
# and prints JSON on stdout:
#   {"cases":[{"length":32768,"methods":4,"p50_ms":…,"p95_ms":…,"max_ms":…,"max_event_loop_block_ms":…},…]}
# latency = slider change -> finished replot of the visible heatmap; event-loop block = longest gap of a 5 ms
# heartbeat timer beyond its interval. A summary against the targets goes to stderr. Like every benchmark it never
# fails on time (exit status 0 unless the program could not run).
#
# Usage: bench/gui_benchmark.sh [--lengths 32768,1048576] [--steps 40] [--live-views all|visible]
#        (BUILD_DIR defaults to ./build; --live-views visible: hidden views recompute only when shown, to compare
#        the visible view's latency with and without the 8 others live)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-$root/build}"
exe="$build/app/posenc-explorer"
if [[ ! -x "$exe" ]]; then
  echo "gui_benchmark: $exe not found; build it first: cmake --build $build --target posenc-explorer" >&2
  exit 2
fi

json="$(QT_QPA_PLATFORM=offscreen "$exe" --benchmark "$@" 2>/dev/null | tail -n 1)"
if [[ "$json" != \{* ]]; then
  echo "gui_benchmark: the benchmark printed no JSON (run QT_QPA_PLATFORM=offscreen $exe --benchmark to see why)" >&2
  exit 1
fi
echo "$json"

if command -v python3 >/dev/null 2>&1; then
  python3 - "$json" >&2 <<'PY'
import json, sys
targets = {32768: 16.0, 1048576: 16.0}  # issue 16 section 7: one frame per step
for c in json.loads(sys.argv[1])["cases"]:
    t = targets.get(c["length"])
    verdict = "" if t is None else ("  (target p95 <= %g ms: %s)" % (t, "met" if c["p95_ms"] <= t else "MISSED"))
    block = "met" if c["max_event_loop_block_ms"] <= 16 else "MISSED"
    print("length %9d, %d methods: p50 %6.1f ms, p95 %6.1f ms, max %6.1f ms%s; event loop blocked <= %.1f ms "
          "(target 16 ms: %s)" % (c["length"], c["methods"], c["p50_ms"], c["p95_ms"], c["max_ms"], verdict,
                                  c["max_event_loop_block_ms"], block))
PY
fi
