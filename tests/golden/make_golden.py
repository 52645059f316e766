#!/usr/bin/env python3
"""make_golden.py: golden tensors for unetrun, written by diffusers itself.

A developer tool (the product stays Python-free). It builds diffusers' own
ResnetBlock2D and Transformer2DModel modules with random weights, randomized
GroupNorm/LayerNorm affines and weights rounded to FP16, feeds them
FP16-representable inputs, runs them in float64 and writes, per case:

    <weights>.weights.safetensors  the block's parameters under diffusers names
                                 (<prefix>.conv1.weight, ...), F16
    <case>.inputs.safetensors    x (B, C, H, W), temb (B, 1280) for ResBlocks,
                                 context (B, L, D) for transformers; F32
                                 holding FP16-representable values
    <case>.expected.safetensors  output, F64 (diffusers' float64 forward)

and a manifest cases.txt, one line per case: "<case>\t<unetrun arguments>\t
<xcheck or ->\t<weights stem>" (the arguments are the --prefix and, where the
family default would differ, --heads; xcheck marks the cases the GPU suite
also runs on the CPU path; cases at batch 1 and 2 of one block share its
weights file), which tests/golden.c reads. None of unetrun's code is involved, so the expected
outputs are an oracle that shares no data path with the program.

    python3 tests/golden/make_golden.py --set small --out tests/golden   # committed (CI)
    python3 tests/golden/make_golden.py --set full --out build/golden-full --device cuda

--set small: tiny blocks covering every block kind and variant (ResBlock with
and without shortcut, non-square; SD1 conv projection, SD2 linear, SDXL
depth 2; head dims 40, 64, 80, 160; context lengths 77 and odd ones).
--set full: every SD1.5 block at its native size (latent 64) and SD2.1 /
SDXL representatives, at batch 1 and 2. Block math: docs/sd-reference.md.
--set unet: whole UNet2DConditionModels of tiny configs (block_out_channels
(16, 32), one resnet per block, cross-attention 32; one SD-style, one SDXL-style with text_time
added embeddings, linear projection and depth 2), written with their
config.json and a manifest unet-cases.txt; --set unet-full: SD1.5 at latent
64, batch 2 (made on the device).
"""
import argparse
import os
import sys

import torch
from safetensors.torch import save_file

try:
    from diffusers.models.resnet import ResnetBlock2D
    from diffusers.models.transformers.transformer_2d import Transformer2DModel
    from diffusers.models.unets.unet_2d_condition import UNet2DConditionModel
except ImportError as e:  # pragma: no cover
    sys.exit(f"make_golden.py: diffusers is not importable ({e}); pip install diffusers")


def res_case(name, prefix, cin, cout, h, w, batch, xcheck=True):
    return dict(name=name, kind="res", prefix=prefix, cin=cin, cout=cout, h=h, w=w, batch=batch, xcheck=xcheck)


def tf_case(name, prefix, c, heads, h, w, batch, ctx_len, ctx_dim, linear, depth=1, pass_heads=True, xcheck=True):
    return dict(name=name, kind="tf", prefix=prefix, c=c, heads=heads, h=h, w=w, batch=batch, ctx_len=ctx_len,
                ctx_dim=ctx_dim, linear=linear, depth=depth, pass_heads=pass_heads, xcheck=xcheck)


def small_cases():
    return [
        res_case("res_64_8x12_b2", "down_blocks.0.resnets.0", 64, 64, 8, 12, 2),
        res_case("res_64to96_shortcut_7x5_b1", "down_blocks.1.resnets.0", 64, 96, 7, 5, 1),
        tf_case("tf_sd1_conv_c160_h4x40_8x8_ctx77x768_b2", "down_blocks.0.attentions.0", 160, 4, 8, 8, 2, 77, 768,
                False),
        tf_case("tf_sd2_linear_c128_h2x64_6x10_ctx77x96_b1", "down_blocks.1.attentions.0", 128, 2, 6, 10, 1, 77, 96,
                True),
        tf_case("tf_sdxl_linear_depth2_c128_h2x64_8x8_ctx13x96_b2", "down_blocks.1.attentions.1", 128, 2, 8, 8, 2, 13,
                96, True, depth=2),
        tf_case("tf_linear_c160_h2x80_4x4_ctx77x64_b1", "down_blocks.2.attentions.0", 160, 2, 4, 4, 1, 77, 64, True),
        tf_case("tf_conv_c160_h1x160_4x6_ctx5x64_b2", "mid_block.attentions.0", 160, 1, 4, 6, 2, 5, 64, False),
    ]


def sd15_blocks(latent=64):
    """Every block of the SD1.5 UNet: (prefix, kind, cin, cout, hw)."""
    boc = [320, 640, 1280, 1280]
    out = []
    prev = boc[0]
    for i, c in enumerate(boc):
        hw = latent >> i
        for j in range(2):
            out.append((f"down_blocks.{i}.resnets.{j}", "res", prev if j == 0 else c, c, hw))
            if i < 3:
                out.append((f"down_blocks.{i}.attentions.{j}", "tf", c, c, hw))
        prev = c
    hw = latent >> 3
    out.append(("mid_block.resnets.0", "res", 1280, 1280, hw))
    out.append(("mid_block.attentions.0", "tf", 1280, 1280, hw))
    out.append(("mid_block.resnets.1", "res", 1280, 1280, hw))
    rev = boc[::-1]
    prev_out = rev[0]
    for i in range(4):
        oc, ic = rev[i], rev[min(i + 1, 3)]
        hw = latent >> (3 - i)
        for j in range(3):
            skip = ic if j == 2 else oc
            cin = (prev_out if j == 0 else oc) + skip
            out.append((f"up_blocks.{i}.resnets.{j}", "res", cin, oc, hw))
            if i > 0:
                out.append((f"up_blocks.{i}.attentions.{j}", "tf", oc, oc, hw))
        prev_out = oc
    return out


def full_cases():
    """Blocks at full SD shapes; each case runs at batch 1 and 2 (one module, one weights file)."""
    cases = []
    # The GPU-vs-CPU cross-check runs these too, at batch 1 (the CPU path's
    # time grows with size: lower-resolution blocks, one of each kind).
    xcheck = {"down_blocks.2.resnets.0", "down_blocks.2.attentions.0", "mid_block.attentions.0",
              "up_blocks.1.resnets.2", "up_blocks.2.attentions.2"}
    for prefix, kind, cin, cout, hw in sd15_blocks():
        tag, xc = f"sd15_{prefix}", prefix in xcheck
        if kind == "res":
            cases.append(res_case(tag, prefix, cin, cout, hw, hw, (1, 2), xcheck=xc))
        else:
            cases.append(tf_case(tag, prefix, cin, 8, hw, hw, (1, 2), 77, 768, False, pass_heads=False, xcheck=xc))
    # SD2.1 (latent 96, head_dim 64, linear projection, context 1024)
    cases.append(tf_case("sd21_down_blocks.0.attentions.0", "down_blocks.0.attentions.0", 320, 5, 96, 96, (1, 2), 77,
                         1024, True, pass_heads=False, xcheck=False))
    cases.append(tf_case("sd21_mid_block.attentions.0", "mid_block.attentions.0", 1280, 20, 12, 12, (1, 2), 77, 1024,
                         True, pass_heads=False))
    cases.append(res_case("sd21_up_blocks.3.resnets.2", "up_blocks.3.resnets.2", 640, 320, 96, 96, (1, 2),
                          xcheck=False))
    # SDXL (latent 128, head_dim 64, depth 2 and 10, context 2048)
    cases.append(res_case("sdxl_down_blocks.0.resnets.0", "down_blocks.0.resnets.0", 320, 320, 128, 128, (1, 2),
                          xcheck=False))
    cases.append(tf_case("sdxl_down_blocks.1.attentions.0", "down_blocks.1.attentions.0", 640, 10, 64, 64, (1, 2), 77,
                         2048, True, depth=2, pass_heads=False, xcheck=False))
    cases.append(tf_case("sdxl_down_blocks.2.attentions.1", "down_blocks.2.attentions.1", 1280, 20, 32, 32, (1, 2), 77,
                         2048, True, depth=10, pass_heads=False, xcheck=False))
    cases.append(tf_case("sdxl_mid_block.attentions.0", "mid_block.attentions.0", 1280, 20, 32, 32, (1, 2), 77, 2048,
                         True, depth=10, pass_heads=False, xcheck=False))
    return cases


# --- whole UNets (--set unet: tiny configs, committed; --set unet-full: SD1.5 on the device) ---
def unet_tiny_sd():
    return dict(sample_size=16, in_channels=4, out_channels=4, layers_per_block=1, block_out_channels=(16, 32),
                down_block_types=("CrossAttnDownBlock2D", "DownBlock2D"), up_block_types=("UpBlock2D", "CrossAttnUpBlock2D"),
                cross_attention_dim=32, attention_head_dim=2, norm_num_groups=8)


def unet_tiny_xl():
    return dict(sample_size=16, in_channels=4, out_channels=4, layers_per_block=1, block_out_channels=(16, 32),
                down_block_types=("DownBlock2D", "CrossAttnDownBlock2D"), up_block_types=("CrossAttnUpBlock2D", "UpBlock2D"),
                transformer_layers_per_block=(1, 2), use_linear_projection=True, addition_embed_type="text_time",
                addition_time_embed_dim=8, projection_class_embeddings_input_dim=32 + 6 * 8, cross_attention_dim=32,
                attention_head_dim=(2, 4), norm_num_groups=8)


def unet_sd15():
    return dict(sample_size=64, cross_attention_dim=768, attention_head_dim=8)


def unet_cases(full):
    if full:
        return [dict(name="unet_sd15_latent64_b2", config=unet_sd15(), latent=64, batch=2, ctx_len=77, ctx_dim=768,
                     steps=(999.0, 999.0), text=0)]
    return [
        dict(name="unet_tiny_sd_b2", config=unet_tiny_sd(), latent=16, batch=2, ctx_len=7, ctx_dim=32,
             steps=(999.0, 341.0), text=0),
        dict(name="unet_tiny_xl_b2", config=unet_tiny_xl(), latent=16, batch=2, ctx_len=5, ctx_dim=32,
             steps=(500.0, 17.0), text=32),
    ]


def run_unet_case(case, out_dir, device, gen):
    """A whole UNet2DConditionModel: weights (F16, diffusers names), config.json, inputs, float64 output."""
    import json
    torch.manual_seed(int(torch.randint(0, 2**31 - 1, (1,), generator=gen)))
    with torch.device(device):
        m = UNet2DConditionModel(**case["config"])
    m = m.double().eval()
    randomize(m, gen)
    stem = os.path.join(out_dir, case["name"])
    save_file({k: v.detach().half().cpu().contiguous() for k, v in m.state_dict().items()},
              stem + ".weights.safetensors")
    with open(stem + ".config.json", "w") as f:
        json.dump({k: (list(v) if isinstance(v, tuple) else v) for k, v in dict(m.config).items()
                   if not k.startswith("_")}, f, indent=1)
    b, hw = case["batch"], case["latent"]
    sample = fp16_normal(gen, (b, 4, hw, hw), device)
    ctx = fp16_normal(gen, (b, case["ctx_len"], case["ctx_dim"]), device)
    t = torch.tensor(case["steps"], dtype=torch.float64, device=device)
    inputs = {"sample": sample, "timestep": t, "encoder_hidden_states": ctx}
    kw = {}
    if case["text"]:
        text = fp16_normal(gen, (b, case["text"]), device)
        ids = torch.tensor([[128.0, 128.0, 0.0, 0.0, 128.0, 128.0], [96.0, 112.0, 8.0, 4.0, 128.0, 128.0]][:b],
                           dtype=torch.float64, device=device)
        kw["added_cond_kwargs"] = {"text_embeds": text, "time_ids": ids}
        inputs["text_embeds"], inputs["time_ids"] = text, ids
    with torch.no_grad():
        y = m(sample, t, encoder_hidden_states=ctx, **kw).sample
    save_file({k: v.float().cpu().contiguous() for k, v in inputs.items()}, stem + ".inputs.safetensors")
    save_file({"output": y.cpu().contiguous()}, stem + ".expected.safetensors")
    print(f"{case['name']}: whole UNet", flush=True)
    del m
    return [f"{case['name']}\t--unet --config {{dir}}/{case['name']}.config.json\t-\t{case['name']}"]


def fp16_normal(gen, shape, device):
    return torch.randn(shape, generator=gen, dtype=torch.float64, device="cpu").half().double().to(device)


def randomize(module, gen):
    """Randomized norm affines and FP16-rounded parameters (in place)."""
    with torch.no_grad():
        for mod in module.modules():
            if isinstance(mod, (torch.nn.GroupNorm, torch.nn.LayerNorm)) and mod.weight is not None:
                mod.weight.copy_(1.0 + 0.25 * (2 * torch.rand(mod.weight.shape, generator=gen, dtype=torch.float64) - 1))
                mod.bias.copy_(0.25 * (2 * torch.rand(mod.bias.shape, generator=gen, dtype=torch.float64) - 1))
        for p in module.parameters():
            p.copy_(p.half().double())


def build(case, device, gen):
    torch.manual_seed(int(torch.randint(0, 2**31 - 1, (1,), generator=gen)))
    with torch.device(device):  # parameters are created (and initialized) on the device
        if case["kind"] == "res":
            m = ResnetBlock2D(in_channels=case["cin"], out_channels=case["cout"], temb_channels=1280, eps=1e-5,
                              groups=32)
        else:
            c, heads = case["c"], case["heads"]
            m = Transformer2DModel(num_attention_heads=heads, attention_head_dim=c // heads, in_channels=c,
                                   num_layers=case["depth"], cross_attention_dim=case["ctx_dim"], norm_num_groups=32,
                                   use_linear_projection=case["linear"])
    m = m.double().eval()
    randomize(m, gen)
    return m


def run_case(case, out_dir, device, gen):
    """Writes the case's weights once and inputs/expected output per batch; returns manifest lines."""
    m = build(case, device, gen)
    h, w = case["h"], case["w"]
    args = f"--prefix {case['prefix']}"
    if case["kind"] == "tf" and case["pass_heads"]:
        args += f" --heads {case['heads']}"
    stem = os.path.join(out_dir, case["name"])
    weights = {f"{case['prefix']}.{k}": v.detach().half().cpu().contiguous() for k, v in m.state_dict().items()}
    save_file(weights, stem + ".weights.safetensors")
    batches = case["batch"] if isinstance(case["batch"], tuple) else (case["batch"],)
    lines = []
    for b in batches:
        name = case["name"] if len(batches) == 1 else f"{case['name']}_b{b}"
        with torch.no_grad():
            if case["kind"] == "res":
                x = fp16_normal(gen, (b, case["cin"], h, w), device)
                temb = fp16_normal(gen, (b, 1280), device)
                y = m(x, temb)
                inputs = {"x": x, "temb": temb}
            else:
                x = fp16_normal(gen, (b, case["c"], h, w), device)
                ctx = fp16_normal(gen, (b, case["ctx_len"], case["ctx_dim"]), device)
                y = m(x, encoder_hidden_states=ctx).sample
                inputs = {"x": x, "context": ctx}
        out = os.path.join(out_dir, name)
        save_file({k: v.float().cpu().contiguous() for k, v in inputs.items()}, out + ".inputs.safetensors")
        save_file({"output": y.cpu().contiguous()}, out + ".expected.safetensors")
        # the cross-check runs at batch 1 only (CPU time)
        xc = case["xcheck"] and b == batches[0]
        lines.append(f"{name}\t{args}\t{'xcheck' if xc else '-'}\t{case['name']}")
        print(f"{name}: {args}", flush=True)
    del m
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", choices=["small", "full", "unet", "unet-full"], default="small")
    ap.add_argument("--out", required=True)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--seed", type=int, default=20261122)
    ap.add_argument("--only", default="", help="comma-separated case names (default: all)")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    if a.set.startswith("unet"):
        gen = torch.Generator().manual_seed(a.seed)
        lines = []
        for case in unet_cases(a.set == "unet-full"):
            lines += run_unet_case(case, a.out, a.device, gen)
        with open(os.path.join(a.out, "unet-cases.txt"), "w") as f:
            f.write("# whole-UNet cases: <case>\\t<unetrun arguments ({dir}: this folder)>\\t-\\t<weights>\n")
            f.write("\n".join(lines) + "\n")
        return
    cases = small_cases() if a.set == "small" else full_cases()
    if a.only:
        keep = set(a.only.split(","))
        cases = [c for c in cases if c["name"] in keep]
    gen = torch.Generator().manual_seed(a.seed)
    lines = []
    for case in cases:
        lines += run_case(case, a.out, a.device, gen)
    with open(os.path.join(a.out, "cases.txt"), "w") as f:
        f.write("# <case>\\t<unetrun arguments>\\t<xcheck: also on the CPU path in the GPU suite>\\t<weights>\n")
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
