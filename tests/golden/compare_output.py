#!/usr/bin/env python3
"""compare_output.py: unetrun's --save-output file against a diffusers float64 output.

    python3 tests/golden/compare_output.py SAVED.safetensors EXPECTED.safetensors [--tol 5e-3]

Prints the relative L2 error of `output` (fast path) and `reference` (FP32
chain) against the expected `output`; exits 1 when the fast path is beyond
--tol.
"""
import argparse
import sys

from safetensors.torch import load_file


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("saved")
    ap.add_argument("expected")
    ap.add_argument("--tol", type=float, default=5e-3)
    a = ap.parse_args()
    want = load_file(a.expected)["output"].double()
    got = load_file(a.saved)
    worst = 0.0
    for k in ("output", "reference"):
        if k not in got:
            continue
        v = got[k].double()
        if v.shape != want.shape:
            sys.exit(f"{k}: shape {tuple(v.shape)} differs from the expected {tuple(want.shape)}")
        e = ((v - want).norm() / want.norm()).item()
        print(f"{k:9s} vs diffusers float64: rel_l2 {e:.3e}")
        if k == "output":
            worst = e
    ok = worst <= a.tol
    print(f"{'PASS' if ok else 'FAIL'}: fast path rel_l2 {worst:.3e} {'<=' if ok else '>'} {a.tol:.0e}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
