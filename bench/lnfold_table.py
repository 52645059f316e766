#!/usr/bin/env python3
"""lnfold_table.py: the tables of bench/lnfold.sh's JSON reports (docs/PERF.md).

    bench/lnfold_table.py DIR      (DIR: the OUTDIR given to bench/lnfold.sh)

Per SD1.5 transformer block and batch: the graph-replayed block latency with
the LayerNorm fold off and on in both passes and the vendor chain's, then per
LayerNorm -> GEMM pair the per-node times (LayerNorm + GEMM unfused, the one
fused node), the tuned tiles, and the layer errors; then the whole step.
"""
import json
import os
import sys


def load(d, name):
    path = os.path.join(d, name + ".json")
    return json.load(open(path)) if os.path.exists(path) else None


def med(node):
    return node["time_us"]["median"]


def main():
    d = sys.argv[1]
    pairs = [("ln1", "qkv"), ("ln2", "q2"), ("ln3", "ff1+geglu")]
    print("| block | batch | off p1 | on p1 | off p2 | on p2 | on/off (mean) | vendor (LayerNorm + cuBLASLt) |")
    print("|---|---|---|---|---|---|---|---|")
    detail = []
    for b in (1, 2):
        for c, hw in ((320, 64), (640, 32), (1280, 16), (1280, 8)):
            runs = {}
            for p in (1, 2):
                for f in ("off", "on"):
                    runs[p, f] = load(d, "p%d_transformer_%d_hw%d_b%d_fuse-ln-%s" % (p, c, hw, b, f))
            t = {k: (v["block"]["graph_replay_us"]["median"] if v else float("nan")) for k, v in runs.items()}
            vend = runs[1, "on"]["block"].get("vendor", {}).get("graph_replay_us", {}).get("median", float("nan"))
            ratio = (t[1, "on"] + t[2, "on"]) / (t[1, "off"] + t[2, "off"])
            print("| %d@%d | %d | %.1f | %.1f | %.1f | %.1f | %.3f | %.1f |"
                  % (c, hw, b, t[1, "off"], t[1, "on"], t[2, "off"], t[2, "on"], ratio, vend))
            off = {n["name"]: n for n in runs[1, "off"]["nodes"]}
            on = {n["name"]: n for n in runs[1, "on"]["nodes"]}
            for ln, g in pairs:
                f = on[ln + "+" + g]
                detail.append("| %d@%d | %d | %s | %.1f + %.1f = %.1f | %.1f | %s | %s | %.2e | %.2e |"
                              % (c, hw, b, ln + "+" + g, med(off[ln]), med(off[g]), med(off[ln]) + med(off[g]),
                                 med(f), off[g]["kernel"].replace("gemm ", ""),
                                 f["kernel"].replace("ln-stats + gemm ", ""), off[g]["layer_error"]["rel_l2"],
                                 f["layer_error"]["rel_l2"]))
    print()
    print("| block | batch | pair | off: LayerNorm + GEMM (us) | on: fused (us) | tile off | tile on | "
          "layer error off (GEMM) | layer error on |")
    print("|---|---|---|---|---|---|---|---|---|")
    print("\n".join(detail))
    print()
    for f in ("off", "on"):
        u = load(d, "unet_sd15_latent64_b2_fuse-ln-" + f)
        if u:
            r = u["block"]["graph_replay_us"]
            tf = sum(b["time_us"] for b in u["unet"]["blocks"] if b["kind"] == "transformer")
            print("unet sd15 latent 64 batch 2, --fuse-ln %s: step %.1f us (graph replay, median of %d, p10 %.1f, "
                  "p90 %.1f); sum of the 16 transformer blocks' node times %.1f us" % (f, r["median"], r["n"], r["p10"],
                                                                                      r["p90"], tf))

if __name__ == "__main__":
    main()
