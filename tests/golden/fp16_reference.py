#!/usr/bin/env python3
"""fp16_reference.py: how far diffusers' own reduced-precision forward lands from its float64 output.

    python3 tests/golden/fp16_reference.py tests/golden/unet_tiny_sd_b2 [--device cpu|cuda]

Reads BASE.config.json, BASE.weights.safetensors, BASE.inputs.safetensors and
BASE.expected.safetensors (a whole-UNet golden case of make_golden.py), runs
UNet2DConditionModel on the same weights and inputs in float16, bfloat16 and
float32, and prints each output's relative L2 distance from the float64
`output`: the yardstick for unetrun's fast path (FP16 storage, FP32
accumulation) on the same case. A developer tool (PyTorch + diffusers), like
make_golden.py; the program itself stays Python-free.
"""
import argparse
import json

import torch
from safetensors.torch import load_file
from diffusers.models.unets.unet_2d_condition import UNet2DConditionModel


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("base", help="golden case path without the .config.json / .weights.safetensors suffixes")
    ap.add_argument("--device", default="cpu")
    a = ap.parse_args()
    cfg = {k: v for k, v in json.load(open(a.base + ".config.json")).items() if not k.startswith("_")}
    weights = load_file(a.base + ".weights.safetensors")
    inp = load_file(a.base + ".inputs.safetensors")
    ref = load_file(a.base + ".expected.safetensors")["output"].double()
    for dt in (torch.float16, torch.bfloat16, torch.float32):
        m = UNet2DConditionModel(**cfg)
        missing, unexpected = m.load_state_dict({k: v.float() for k, v in weights.items()}, strict=False)
        if missing or unexpected:
            raise SystemExit(f"fp16_reference.py: weights do not match the config ({len(missing)} missing, "
                             f"{len(unexpected)} unexpected tensors)")
        m = m.to(a.device, dt).eval()
        kw = {}
        if "text_embeds" in inp:
            kw["added_cond_kwargs"] = {"text_embeds": inp["text_embeds"].to(a.device, dt),
                                       "time_ids": inp["time_ids"].to(a.device, dt)}
        with torch.no_grad():
            out = m(inp["sample"].to(a.device, dt), inp["timestep"].float().to(a.device),
                    encoder_hidden_states=inp["encoder_hidden_states"].to(a.device, dt), **kw).sample
        err = ((out.double().cpu() - ref).norm() / ref.norm()).item()
        print(f"{a.base.split('/')[-1]:<24} diffusers {str(dt).replace('torch.', ''):<9} on {a.device}: "
              f"rel_l2 vs float64 {err:.3e}")


if __name__ == "__main__":
    main()
