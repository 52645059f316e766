#!/bin/sh
# H200: which SDXL latent-16 nodes pass their tolerance with --linear auto; test_gpu --section int8-row (final
# rule); the sanitizers on the two --linear auto runs; test_gpu --section blocks --shard 1/4. carry [".deps", ".devrun"]
R=/tmp/r; rm -rf $R; mkdir -p $R/check; cp .devrun/run246.sh $R/
t0=$(date +%s); el() { echo $(($(date +%s)-t0)); }
save() { (cd /tmp && tar czf $OUT/all.tgz r); }
mkdir -p /tmp/deps; for f in .deps/*.deb; do dpkg -x $f /tmp/deps; done
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > $R/device.txt; date -u >> $R/device.txt
git log -1 --format=%H >> $R/device.txt 2>/dev/null; git diff --stat >> $R/device.txt
make ARCH=sm_90 DEPS_PREFIX=/tmp/deps -j16 build/unetrun build/test_gpu build/initcheck_tma_probe > $R/build.txt 2>&1 || { tail -20 $R/build.txt; save; exit 1; }
echo "built $(el) s"
for p in auto int8 fp16; do
  f=$R/check/sdxl_latent16_$p
  PA="--linear $p"; [ $p = int8 ] && PA="--linear int8 --int8-scales row"
  timeout 120 build/unetrun --unet sdxl --latent 16 $PA --kernel-select heuristic --check --json $f.json > $f.txt 2>&1
  echo "sdxl $p: rc $? $(grep '^verdict' $f.txt | cut -c1-120) ($(el) s)"
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
print(len(nodes), "nodes;", len(bad), "flagged; keys:", sorted(nodes[0].keys()) if nodes else None)
def ce(n): return (n.get("chain_error") or {}).get("rel_l2", 0)
def le(n): return (n.get("layer_error") or {}).get("rel_l2", 0)
for n in bad[:60] + sorted(nodes, key=ce, reverse=True)[:20]:
    print("%-70s %-5s chain %.2e layer %.2e %s" % (n["name"], n.get("precision"), ce(n), le(n), n.get("kernel", "")[:40]))
PY
  head -12 $f.fails.txt
done
save
timeout 200 build/test_gpu build/unetrun --section int8-row > $R/section_int8_row.txt 2>&1; echo "int8-row rc $? $(tail -1 $R/section_int8_row.txt) ($(el) s)"
grep -h FAIL $R/section_int8_row.txt | head
save
SANITIZE_ONLY='linear-auto' SANITIZE_JOBS=8 SANITIZE_LOG=$R/sanitize.log timeout 200 sh tests/sanitize.sh build/unetrun > $R/sanitize.txt 2>&1; echo "sanitize rc $? $(tail -1 $R/sanitize.txt) ($(el) s)"
save
[ $(el) -lt 330 ] && { timeout 240 build/test_gpu build/unetrun --section blocks --shard 1/4 > $R/section_blocks_1of4.txt 2>&1; echo "blocks 1/4 rc $? $(tail -1 $R/section_blocks_1of4.txt) ($(el) s)"; grep -h FAIL $R/section_blocks_1of4.txt | head; }
for f in $R/*.txt $R/check/*; do [ -f $f ] && [ $(wc -c < $f) -gt 4096 ] && gzip -q $f; done
save; echo "done $(el) s"
