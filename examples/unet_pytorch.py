#!/usr/bin/env python3
"""unet_pytorch.py: a diffusers UNet's own float64 output, for unetrun --unet --input.

    python3 examples/unet_pytorch.py UNET_DIR OUT_DIR [--latent N] [--batch B] [--timestep T] [--context-len L]

UNET_DIR is a local diffusers UNet folder (config.json and
diffusion_pytorch_model.safetensors). Writes OUT_DIR/inputs.safetensors
(sample, timestep, encoder_hidden_states, and for SDXL-style text_time models
text_embeds and time_ids; FP16-representable values) and
OUT_DIR/expected.safetensors (`output`: the model run in float64 on those
inputs, with its weights rounded to FP16 as unetrun's fast path reads them).
"""
import argparse
import os

import torch
from safetensors.torch import save_file
from diffusers.models.unets.unet_2d_condition import UNet2DConditionModel


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("unet_dir")
    ap.add_argument("out_dir")
    ap.add_argument("--latent", type=int, default=0, help="latent height = width (default: the config's sample_size)")
    ap.add_argument("--batch", type=int, default=2)
    ap.add_argument("--timestep", type=float, default=999.0)
    ap.add_argument("--context-len", type=int, default=77)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    os.makedirs(a.out_dir, exist_ok=True)
    m = UNet2DConditionModel.from_pretrained(a.unet_dir, local_files_only=True).to(a.device)
    with torch.no_grad():
        for p in m.parameters():
            p.copy_(p.half().float())
    m = m.double().eval()
    cfg = m.config
    hw = a.latent or cfg.sample_size
    g = torch.Generator().manual_seed(a.seed)

    def normal(*shape):
        return torch.randn(shape, generator=g, dtype=torch.float64).half().double().to(a.device)

    ctx_dim = cfg.cross_attention_dim if isinstance(cfg.cross_attention_dim, int) else cfg.cross_attention_dim[0]
    sample, ctx = normal(a.batch, cfg.in_channels, hw, hw), normal(a.batch, a.context_len, ctx_dim)
    t = torch.full((a.batch,), a.timestep, dtype=torch.float64, device=a.device)
    inputs = {"sample": sample, "timestep": t, "encoder_hidden_states": ctx}
    kw = {}
    if cfg.addition_embed_type == "text_time":
        text_dim = cfg.projection_class_embeddings_input_dim - 6 * cfg.addition_time_embed_dim
        px = 8.0 * hw
        ids = torch.tensor([[px, px, 0.0, 0.0, px, px]] * a.batch, dtype=torch.float64, device=a.device)
        inputs["text_embeds"], inputs["time_ids"] = normal(a.batch, text_dim), ids
        kw["added_cond_kwargs"] = {"text_embeds": inputs["text_embeds"], "time_ids": ids}
    with torch.no_grad():
        y = m(sample, t, encoder_hidden_states=ctx, **kw).sample
    save_file({k: v.float().cpu().contiguous() for k, v in inputs.items()}, os.path.join(a.out_dir, "inputs.safetensors"))
    save_file({"output": y.cpu().contiguous()}, os.path.join(a.out_dir, "expected.safetensors"))
    print(f"unet_pytorch: {a.unet_dir}: latent {hw}, batch {a.batch}, output {tuple(y.shape)} -> {a.out_dir}")


if __name__ == "__main__":
    main()
