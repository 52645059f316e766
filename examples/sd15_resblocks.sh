#!/bin/sh
# Every SD1.5 ResBlock at batch 1 and 2 with --check, JSON reports in build/examples/sd15-resblocks,
# then the Markdown summary against PyTorch's CUDA-graph times on an H100.
set -e
cd "$(dirname "$0")/.."
make --no-print-directory build/unetrun build/perf_table
bench/resblocks.sh build/examples/sd15-resblocks
build/perf_table bench/peer-h100-resblock.csv build/examples/sd15-resblocks/*.json
