#!/bin/sh
# gemm.sh: the GEMM alone (unetrun --block gemm), INT8 (online-quantized) and
# FP16, at 4096^3 and at the SD UNet's linear-layer shapes: M (tokens) in
# 128 512 2048 8192 x (N, K) in (320,320) (2560,320) (320,1280) (1280,1280)
# (10240,1280) (1280,5120). One JSON and one text report per run in OUTDIR,
# then summary.csv: TFLOP/s = 2 M N K / node median time, layer errors of
# the run and, for INT8, of the FP16 GEMM on the same inputs.
#   bench/gemm.sh OUTDIR [extra unetrun flags]
#   VS=cudnn bench/gemm.sh OUTDIR   adds the vendor baseline (--vs cudnn):
#                                   its time and TFLOP/s in the summary
#   UNETRUN=path                    the binary (default build/unetrun)
#   PRECS="int8-row int8 auto fp16" which GEMMs (default: int8 fp16)
#   SHAPES="4096x4096x4096 ..."     which M x N x K (default: the grid above);
#                                   SHAPES=sd15-b2: the 19 linear shapes of
#                                   the SD1.5 transformers at batch 2 (docs/PERF.md)
set -e
out=${1:?usage: bench/gemm.sh OUTDIR [unetrun flags]}
shift
bin=${UNETRUN:-build/unetrun}
vs=
if [ "${VS:-}" = cudnn ]; then vs="--vs cudnn"; fi
mkdir -p "$out"
status=0
run() {  # name, flags...
    name=$1
    shift
    # $vs is empty or "--vs cudnn": split on purpose
    # shellcheck disable=SC2086
    if ! "$bin" --block gemm "$@" $vs --check --json "$out/$name.json" > "$out/$name.txt" 2>&1; then
        echo "FAILED: $name (see $out/$name.txt)" >&2
        status=1
    fi
    grep -E '^verdict' "$out/$name.txt" | sed "s/^/$name: /" || true
}
# PRECS: the GEMMs to run, of int8 (per-tile scales), int8-row (--int8-scales
# row), auto (--linear auto: a lone GEMM by its N / K rule) and fp16 [int8
# fp16]; SHAPES: "MxNxK ..." instead of 4096^3 and the grid
for prec in ${PRECS:-int8 fp16}; do
    case $prec in
    int8-row) flags="--linear int8 --int8-scales row" ;;
    *) flags="--linear $prec" ;;
    esac
    shapes=${SHAPES:-}
    if [ "$shapes" = sd15-b2 ]; then  # qkv, to_q, ff1, ff2 / out, context kv per level (rows 8192 .. 128, 154)
        shapes="8192x960x320 8192x320x320 8192x2560x320 8192x320x1280 154x640x768 2048x1920x640 2048x640x640"
        shapes="$shapes 2048x5120x640 2048x640x2560 154x1280x768 512x3840x1280 512x1280x1280 512x10240x1280"
        shapes="$shapes 512x1280x5120 154x2560x768 128x3840x1280 128x1280x1280 128x10240x1280 128x1280x5120"
    fi
    if [ -z "$shapes" ]; then
        shapes=4096x4096x4096
        for m in 128 512 2048 8192; do
            for nk in 320x320 2560x320 320x1280 1280x1280 10240x1280 1280x5120; do shapes="$shapes ${m}x$nk"; done
        done
    fi
    for s in $shapes; do
        m=${s%%x*}; nk=${s#*x}; n=${nk%%x*}; k=${nk#*x}
        # shellcheck disable=SC2086
        run "gemm_${prec}_${s}" --m "$m" --n "$n" --k "$k" $flags "$@"
    done
done

# summary.csv from the JSON reports
if command -v python3 > /dev/null 2>&1; then
    python3 - "$out" << 'EOF'
import glob, json, os, sys
out = sys.argv[1]
rows = []
for path in sorted(glob.glob(os.path.join(out, "gemm_*.json"))):
    try:
        j = json.load(open(path))
    except (OSError, ValueError):
        continue
    c, n = j["config"], j["nodes"][0]
    med = n["time_us"]["median"]
    flops = 2.0 * c["m"] * c["n"] * c["k"]
    v = n.get("vendor") or {}
    vmed = v.get("time_us", {}).get("median")
    prec = n.get("precision", "") + ("-row" if n.get("int8_scales") == "row" else "")
    rows.append([c["m"], c["n"], c["k"], prec, n["kernel"], "%.2f" % med,
                 "%.1f" % (flops / med * 1e-6) if med > 0 else "",
                 "%.3e" % n["layer_error"]["rel_l2"] if "rel_l2" in n.get("layer_error", {}) else "",
                 "%.3e" % n["fp16_error"]["rel_l2"] if "rel_l2" in n.get("fp16_error", {}) else "",
                 v.get("kernel", ""), "%.2f" % vmed if vmed else "",
                 "%.1f" % (flops / vmed * 1e-6) if vmed else ""])
rows.sort(key=lambda r: (r[3], r[0], r[1], r[2]))
with open(os.path.join(out, "summary.csv"), "w") as f:
    f.write("m,n,k,precision,kernel,median_us,tflops,layer_rel_l2,fp16_gemm_rel_l2,vendor_kernel,vendor_median_us,"
            "vendor_tflops\n")
    for r in rows:
        f.write(",".join('"%s"' % x if isinstance(x, str) and " " in x else str(x) for x in r) + "\n")
print("%6s %6s %6s %-5s %10s %8s %10s %10s %10s" % ("M", "N", "K", "prec", "median us", "TFLOP/s", "layer err",
                                                    "fp16 err", "vendor TF"))
for r in rows:
    print("%6d %6d %6d %-5s %10s %8s %10s %10s %10s" % (r[0], r[1], r[2], r[3], r[5], r[6], r[7], r[8] or "-",
                                                        r[11] or "-"))
EOF
else
    echo "python3 not found: no summary.csv (the JSON reports are in $out)" >&2
fi
exit $status
