#!/bin/sh
# H200: --int8-scales group validation: whole UNets at latent 16 with --check (group against row), steps,
# test_gpu --section int8-row (row and group suites), compute-sanitizer on group runs. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/check $R/steps $R/san; cp .devrun/run260.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
for m in sdxl sd21 sd15; do for p in group row; do
  [ $m != sdxl ] && [ $p = row ] && continue
  f=$R/check/${m}_latent16_$p
  timeout 120 build/unetrun --unet $m --latent 16 --linear int8 --int8-scales $p --kernel-select heuristic --check --json $f.json > $f.txt 2>&1
  echo "$m $p: rc $? $(grep '^verdict' $f.txt | cut -c1-110) ($(el) s)"
  python3 - $f.json <<'PY' > $f.fails.txt
import json, sys
j = json.load(open(sys.argv[1]))
nodes = []
def walk(o):
    if isinstance(o, dict):
        if "name" in o and "chain_error" in o: nodes.append(o)
        for v in o.values(): walk(v)
    elif isinstance(o, list):
        for v in o: walk(v)
walk(j)
bad = [n for n in nodes if n.get("pass") is False]
def ce(n): return (n.get("chain_error") or {}).get("rel_l2", 0)
print(len(nodes), "nodes;", len(bad), "flagged; worst chain %.2e" % max(ce(n) for n in nodes))
for n in bad[:40] + sorted(nodes, key=ce, reverse=True)[:10]:
    print("%-60s %-5s chain %.2e %s" % (n["name"], n.get("precision"), ce(n), n.get("kernel", "")[:40]))
PY
  head -2 $f.fails.txt; rm -f $f.json
done; done
save
for m in sd15 sdxl; do for b in 1 2; do line="$m b$b:"; for p in fp16 row group; do
  P="--linear int8 --int8-scales $p"; [ $p = fp16 ] && P="--linear fp16"
  f=$R/steps/${m}_b${b}_$p.txt
  timeout 90 build/unetrun --unet $m --batch $b $P --kernel-select heuristic --ref none > $f 2>&1
  line="$line $p $(grep '^step (graph' $f | grep -o '[0-9.]* ms' | head -1)"; done; echo "$line ($(el) s)"; done; done
save
S=compute-sanitizer
for tool in memcheck racecheck synccheck; do
  $S --tool $tool --error-exitcode 9 build/unetrun --block gemm --m 333 --n 384 --k 1040 --linear int8 --int8-scales group --kernel-select heuristic --ref none --iters 1 --warmup 0 > $R/san/gemm_$tool.txt 2>&1
  echo "san gemm $tool rc $? $(grep -c 'ERROR SUMMARY: 0' $R/san/gemm_$tool.txt)"
done
$S --tool memcheck --error-exitcode 9 build/unetrun --block transformer --c 320 --hw 16 --linear int8 --int8-scales group --kernel-select heuristic --ref none --iters 1 --warmup 0 > $R/san/tf_memcheck.txt 2>&1
echo "san tf memcheck rc $? ($(el) s)"
timeout 260 build/test_gpu build/unetrun --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row rc $? $(tail -1 $R/section_int8_row.txt) ($(el) s)"
grep -h FAIL $R/section_int8_row.txt | head -5
for f in $R/*.txt $R/*/*.txt; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
