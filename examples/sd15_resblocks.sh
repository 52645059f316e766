#!/bin/sh
# Every SD1.5 ResBlock at batch 1 and 2 with --check, JSON reports in ./sd15-resblocks,
# then the Markdown summary against PyTorch's CUDA-graph times on an H100.
set -e
cd "$(dirname "$0")/.."
make --no-print-directory build/unetrun build/perf_table
bench/resblocks.sh sd15-resblocks
build/perf_table bench/peer-h100-resblock.csv sd15-resblocks/*.json
