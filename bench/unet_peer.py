#!/usr/bin/env python3
"""unet_peer.py: one step of diffusers' UNet2DConditionModel timed on this GPU (the peer of unetrun --unet).

For SD1.5, SD2.1 and SDXL base, eager and CUDA-graph-replayed (optionally torch.compile too), so that
unetrun's whole-step latency is compared with diffusers measured in the same run on the same GPU.

    python3 bench/unet_peer.py [--models sd15,sd21,sdxl] [--batches 1,2] [--iters 20] [--warmup 5]
                               [--latent N] [--out FILE.json] [--compile] [--seed S]

Each model is built from its published diffusers config (the dicts below, the UNet config.json of
runwayml/stable-diffusion-v1-5, stabilityai/stable-diffusion-2-1 and
stabilityai/stable-diffusion-xl-base-1.0), with random weights made on the GPU and cast to FP16,
channels-last, eval, under torch.no_grad, attention through PyTorch SDPA (diffusers' default
AttnProcessor2_0). Inputs: sample (B, 4, L, L) and encoder_hidden_states (B, 77, ctx) N(0, 1) in FP16,
timestep 999 as a (B,) CUDA tensor; SDXL adds text_embeds (B, 1280) N(0, 1) and time_ids (B, 6) =
(8L, 8L, 0, 0, 8L, 8L). These match unetrun's stock layouts (src/unet_config.c, weights/unetinfo.c):
SD1.5 8 heads per level, SD2.1 and SDXL head_dim 64 (diffusers' attention_head_dim lists are head
counts), SD2.1 / SDXL linear projections, SDXL depths (-, 2, 10) and mid 10, context 77 tokens.

Per (model, batch) the modes are:
  eager          the module called from Python; CUDA events around each call, synchronized after
                 each, so the time includes the launch gaps (latency of one step)
  graph          the forward captured in one torch.cuda.CUDAGraph (after warm-up on a side stream)
                 and replayed; events around each replay
  compile        with --compile: torch.compile(model, dynamic=False), default mode, called eagerly
  compile+graph  with --compile: that compiled forward captured in one CUDA graph and replayed
Each mode runs --warmup untimed calls, then --iters timed ones; median and min are reported. The
graph and compiled outputs are compared with the eager output (relative L2) as a sanity check.

Prints one line per (model, batch, mode) and, with --out, writes the JSON after every entry
(device, UTC date, versions, settings, entries[] with model, latent, batch, mode, median_ms,
min_ms, iters, ...); an entry that failed carries "error" instead of times, and the run goes on.
Exit status: 0 when every entry ran, 1 when some failed (or PyTorch/CUDA is missing), 2 on bad
arguments. Needs PyTorch with CUDA and diffusers; no network (nothing is downloaded).
"""
import argparse
import datetime
import gc
import json
import math
import os
import statistics
import sys
import time
import traceback

PROG = "unet_peer.py"

# The published UNet config.json of each checkpoint (keys starting with "_" dropped).
SD15 = {
    "act_fn": "silu",
    "attention_head_dim": 8,
    "block_out_channels": [320, 640, 1280, 1280],
    "center_input_sample": False,
    "cross_attention_dim": 768,
    "down_block_types": ["CrossAttnDownBlock2D", "CrossAttnDownBlock2D", "CrossAttnDownBlock2D", "DownBlock2D"],
    "downsample_padding": 1,
    "flip_sin_to_cos": True,
    "freq_shift": 0,
    "in_channels": 4,
    "layers_per_block": 2,
    "mid_block_scale_factor": 1,
    "norm_eps": 1e-05,
    "norm_num_groups": 32,
    "out_channels": 4,
    "sample_size": 64,
    "up_block_types": ["UpBlock2D", "CrossAttnUpBlock2D", "CrossAttnUpBlock2D", "CrossAttnUpBlock2D"],
}

# SD2.1 (768-v): SD1.5's layout with per-level head counts, a 1024-wide context,
# linear projections and latent 96 (the published config's other keys are the defaults).
SD21 = {
    **SD15,
    "attention_head_dim": [5, 10, 20, 20],
    "cross_attention_dim": 1024,
    "sample_size": 96,
    # only read on the non-SDPA attention path; SDPA runs as for the others
    "upcast_attention": True,
    "use_linear_projection": True,
}

SDXL = {
    "act_fn": "silu",
    "addition_embed_type": "text_time",
    "addition_embed_type_num_heads": 64,
    "addition_time_embed_dim": 256,
    "attention_head_dim": [5, 10, 20],
    "block_out_channels": [320, 640, 1280],
    "center_input_sample": False,
    "class_embed_type": None,
    "class_embeddings_concat": False,
    "conv_in_kernel": 3,
    "conv_out_kernel": 3,
    "cross_attention_dim": 2048,
    "cross_attention_norm": None,
    "down_block_types": ["DownBlock2D", "CrossAttnDownBlock2D", "CrossAttnDownBlock2D"],
    "downsample_padding": 1,
    "dual_cross_attention": False,
    "encoder_hid_dim": None,
    "encoder_hid_dim_type": None,
    "flip_sin_to_cos": True,
    "freq_shift": 0,
    "in_channels": 4,
    "layers_per_block": 2,
    "mid_block_only_cross_attention": None,
    "mid_block_scale_factor": 1,
    "mid_block_type": "UNetMidBlock2DCrossAttn",
    "norm_eps": 1e-05,
    "norm_num_groups": 32,
    "num_attention_heads": None,
    "num_class_embeds": None,
    "only_cross_attention": False,
    "out_channels": 4,
    "projection_class_embeddings_input_dim": 2816,
    "resnet_out_scale_factor": 1.0,
    "resnet_skip_time_act": False,
    "resnet_time_scale_shift": "default",
    "sample_size": 128,
    "time_cond_proj_dim": None,
    "time_embedding_act_fn": None,
    "time_embedding_dim": None,
    "time_embedding_type": "positional",
    "timestep_post_act": None,
    "transformer_layers_per_block": [1, 2, 10],
    "up_block_types": ["CrossAttnUpBlock2D", "CrossAttnUpBlock2D", "UpBlock2D"],
    "upcast_attention": None,
    "use_linear_projection": True,
}

# name: (config, native latent, context dim, text_embeds width (0: none), parameters of the published UNet)
MODELS = {
    "sd15": (SD15, 64, 768, 0, 859520964),
    "sd21": (SD21, 96, 1024, 0, 865910724),
    "sdxl": (SDXL, 128, 2048, 1280, 2567463684),
}
CONTEXT_LEN = 77
TIMESTEP = 999.0
MAX_BATCH = 64


class Parser(argparse.ArgumentParser):
    """argparse with a one-line error and exit status 2."""

    def error(self, message):
        sys.stderr.write(f"{PROG}: {message} (see --help)\n")
        sys.exit(2)


def die_args(message):
    sys.stderr.write(f"{PROG}: {message}\n")
    sys.exit(2)


def int_in(text, what, lo, hi):
    try:
        v = int(text.strip(), 10)
    except ValueError:
        die_args(f"{what}: '{text}' is not an integer")
    if v < lo or v > hi:
        die_args(f"{what}: {v} is out of range [{lo}, {hi}]")
    return v


def parse_args(argv):
    ap = Parser(prog=PROG, description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                epilog="\n".join(__doc__.split("\n")[1:]))
    ap.add_argument("--models", default="sd15,sd21,sdxl", help="comma-separated: sd15, sd21, sdxl")
    ap.add_argument("--batches", default="1,2", help=f"comma-separated batch sizes (1..{MAX_BATCH})")
    ap.add_argument("--iters", default="20", help="timed calls per mode (median, min)")
    ap.add_argument("--warmup", default="5", help="untimed calls before timing, per mode")
    ap.add_argument("--latent", default=None, help="latent height = width for every model (default 64/96/128)")
    ap.add_argument("--out", default=None, help="JSON file, rewritten after every entry")
    ap.add_argument("--compile", action="store_true", help="also torch.compile (default mode) and compile + graph")
    ap.add_argument("--seed", default="1", help="seed of the random weights and inputs")
    ap.add_argument("--no-cudnn-benchmark", action="store_true",
                    help="leave torch.backends.cudnn.benchmark off (default: on)")
    a = ap.parse_args(argv)
    models = [m.strip() for m in a.models.split(",") if m.strip()]
    if not models:
        die_args("--models: give at least one of sd15, sd21, sdxl")
    for m in models:
        if m not in MODELS:
            die_args(f"--models: unknown model '{m}' (sd15, sd21 or sdxl)")
    if len(set(models)) != len(models):
        die_args("--models: a model is listed twice")
    batches = [int_in(b, "--batches", 1, MAX_BATCH) for b in a.batches.split(",") if b.strip()]
    if not batches:
        die_args("--batches: give at least one batch size")
    if len(set(batches)) != len(batches):
        die_args("--batches: a batch size is listed twice")
    a.model_list, a.batch_list = models, batches
    a.iters = int_in(a.iters, "--iters", 1, 100000)
    a.warmup = int_in(a.warmup, "--warmup", 0, 100000)
    a.seed = int_in(a.seed, "--seed", 0, 2**31 - 1)
    if a.latent is not None:
        a.latent = int_in(a.latent, "--latent", 8, 1024)
        if a.latent % 8:
            die_args(f"--latent {a.latent}: must be divisible by 8 (three 2x downsamples)")
    if a.out is not None:
        d = os.path.dirname(os.path.abspath(a.out))
        try:
            os.makedirs(d, exist_ok=True)
        except OSError as e:
            die_args(f"--out {a.out}: cannot create its folder ({e.strerror})")
        if not os.access(d, os.W_OK):
            die_args(f"--out {a.out}: its folder is not writable")
    return a


def write_json(path, doc):
    """Atomic rewrite, so a run killed mid-way leaves the entries so far."""
    if path is None:
        return
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def finite_or_none(x):
    return x if isinstance(x, (int, float)) and math.isfinite(x) else None


def summarize(ms):
    s = sorted(ms)
    n = len(s)
    return {
        "median_ms": statistics.median(s),
        "min_ms": s[0],
        "p10_ms": s[int(0.1 * (n - 1))],
        "p90_ms": s[int(round(0.9 * (n - 1)))],
        "mean_ms": sum(s) / n,
    }


class Bench:
    def __init__(self, torch, args):
        self.torch = torch
        self.args = args

    def time_calls(self, fn):
        """--warmup untimed calls, then --iters calls each between two CUDA events, synchronized."""
        torch = self.torch
        for _ in range(self.args.warmup):
            fn()
        torch.cuda.synchronize()
        start = torch.cuda.Event(enable_timing=True)
        end = torch.cuda.Event(enable_timing=True)
        ms = []
        for _ in range(self.args.iters):
            start.record()
            fn()
            end.record()
            end.synchronize()
            ms.append(start.elapsed_time(end))
        return ms

    def capture(self, fn):
        """fn captured in one CUDA graph; returns (graph, its static output)."""
        torch = self.torch
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):  # allocator, cuBLAS workspaces and cuDNN plans settle outside the capture
            for _ in range(3):
                fn()
        torch.cuda.current_stream().wait_stream(side)
        torch.cuda.synchronize()
        g = torch.cuda.CUDAGraph()
        with torch.cuda.graph(g):
            out = fn()
        torch.cuda.synchronize()
        return g, out

    def rel_l2(self, y, ref):
        torch = self.torch
        y, ref = y.float(), ref.float()
        den = torch.linalg.vector_norm(ref).item()
        num = torch.linalg.vector_norm(y - ref).item()
        return finite_or_none(num / den) if den > 0 else None


def build_model(torch, unet_cls, name, seed):
    cfg = MODELS[name][0]
    torch.manual_seed(seed)
    with torch.device("cuda"):  # parameters made and initialized on the GPU (FP32), then cast
        m = unet_cls(**cfg)
    m = m.half().to(memory_format=torch.channels_last).eval()
    m.requires_grad_(False)
    return m


def make_inputs(torch, name, latent, batch, seed):
    _, _, ctx_dim, text_dim, _ = MODELS[name]
    g = torch.Generator(device="cuda")
    g.manual_seed(seed * 1000 + batch)
    kw = dict(device="cuda", dtype=torch.float16, generator=g)
    sample = torch.randn((batch, 4, latent, latent), **kw).contiguous(memory_format=torch.channels_last)
    ctx = torch.randn((batch, CONTEXT_LEN, ctx_dim), **kw)
    t = torch.full((batch,), TIMESTEP, device="cuda", dtype=torch.float32)
    extra = {}
    if text_dim:
        px = 8.0 * latent
        ids = torch.tensor([[px, px, 0.0, 0.0, px, px]] * batch, dtype=torch.float16).to("cuda")
        extra["added_cond_kwargs"] = {"text_embeds": torch.randn((batch, text_dim), **kw), "time_ids": ids}
    torch.cuda.synchronize()
    return sample, t, ctx, extra


def sdpa_backends(torch):
    out = {}
    for k in ("flash", "mem_efficient", "cudnn", "math"):
        f = getattr(torch.backends.cuda, f"{k}_sdp_enabled", None)
        if f is not None:
            try:
                out[k] = bool(f())
            except Exception:  # noqa: BLE001 - informational only
                pass
    return out


def main(argv):
    args = parse_args(argv)
    try:
        import torch
        import diffusers
        from diffusers.models.unets.unet_2d_condition import UNet2DConditionModel
    except Exception as e:  # noqa: BLE001
        sys.stderr.write(f"{PROG}: PyTorch and diffusers are needed ({type(e).__name__}: {e})\n")
        return 1
    if not torch.cuda.is_available():
        sys.stderr.write(f"{PROG}: no CUDA device visible to PyTorch\n")
        return 1
    torch.backends.cudnn.benchmark = not args.no_cudnn_benchmark
    modes = ["eager", "graph"] + (["compile", "compile+graph"] if args.compile else [])
    dev = torch.cuda.current_device()
    try:
        cudnn = torch.backends.cudnn.version() if torch.backends.cudnn.is_available() else None
    except Exception:  # noqa: BLE001 - informational only
        cudnn = None
    doc = {
        "peer": "diffusers UNet2DConditionModel",
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "device": {"name": torch.cuda.get_device_name(dev),
                   "capability": "sm_%d%d" % torch.cuda.get_device_capability(dev),
                   "memory_gib": round(torch.cuda.get_device_properties(dev).total_memory / 2**30, 1)},
        "versions": {"python": sys.version.split()[0], "torch": torch.__version__, "cuda": torch.version.cuda,
                     "cudnn": cudnn, "diffusers": diffusers.__version__},
        "settings": {"dtype": "fp16", "memory_format": "channels_last", "grad": "no_grad",
                     "cudnn_benchmark": bool(torch.backends.cudnn.benchmark), "attention": "SDPA (AttnProcessor2_0)",
                     "sdpa_backends": sdpa_backends(torch), "context_len": CONTEXT_LEN, "timestep": TIMESTEP,
                     "seed": args.seed, "warmup": args.warmup, "iters": args.iters, "modes": modes,
                     "timing": "CUDA events around each call or replay, synchronized after each; median of iters"},
        "argv": list(argv),
        "entries": [],
    }
    print(f"{PROG}: {doc['device']['name']}  torch {torch.__version__}  CUDA {torch.version.cuda}  cuDNN {cudnn}  "
          f"diffusers {diffusers.__version__}  cudnn.benchmark {torch.backends.cudnn.benchmark}", flush=True)
    try:
        write_json(args.out, doc)
    except OSError as e:
        sys.stderr.write(f"{PROG}: cannot write {args.out}: {e}\n")
        return 1
    failures = 0

    def record(entry):
        doc["entries"].append(entry)
        head = f"{entry['model']:5s} latent {entry['latent']:4d} batch {entry['batch']:2d}  {entry['mode']:14s}"
        if "error" in entry:
            print(f"{head} FAILED: {entry['error']}", flush=True)
        else:
            chk = entry.get("rel_l2_vs_eager", "-")
            chk = f"{chk:.1e}" if isinstance(chk, float) else "-"
            print(f"{head} median {entry['median_ms']:9.3f} ms  min {entry['min_ms']:9.3f} ms  "
                  f"({entry['iters']} iters, vs eager {chk}, setup {entry['setup_s']:.1f} s)", flush=True)
        write_json(args.out, doc)

    bench = Bench(torch, args)
    for name in args.model_list:
        latent = args.latent or MODELS[name][1]
        m = compiled = None
        t0 = time.perf_counter()
        try:
            m = build_model(torch, UNet2DConditionModel, name, args.seed)
            params = sum(p.numel() for p in m.parameters())
            note = "" if params == MODELS[name][4] else f"  (note: the published UNet has {MODELS[name][4]})"
            print(f"{name}: built in {time.perf_counter() - t0:.1f} s, {params} parameters{note}", flush=True)
        except Exception as e:  # noqa: BLE001
            failures += 1
            traceback.print_exc()
            for b in args.batch_list:
                record({"model": name, "latent": latent, "batch": b, "mode": "build",
                        "error": f"{type(e).__name__}: {e}"})
            m = None
            gc.collect()
            torch.cuda.empty_cache()
            continue
        if args.compile:
            compiled = torch.compile(m, dynamic=False)
        for b in args.batch_list:
            ref = None
            try:
                sample, t, ctx, extra = make_inputs(torch, name, latent, b, args.seed)
            except Exception as e:  # noqa: BLE001
                failures += 1
                record({"model": name, "latent": latent, "batch": b, "mode": "inputs",
                        "error": f"{type(e).__name__}: {e}"})
                continue
            for mode in modes:
                net = compiled if mode.startswith("compile") else m
                entry = {"model": name, "latent": latent, "batch": b, "mode": mode, "params": params}

                def fwd(net=net):
                    return net(sample, t, encoder_hidden_states=ctx, return_dict=False, **extra)[0]

                g = out = None
                torch.cuda.reset_peak_memory_stats()
                try:
                    with torch.no_grad():
                        t0 = time.perf_counter()
                        if mode.endswith("graph"):
                            g, out = bench.capture(fwd)
                            call = g.replay
                        else:
                            out = fwd()  # compile: the first call compiles
                            torch.cuda.synchronize()
                            call = fwd
                        entry["setup_s"] = round(time.perf_counter() - t0, 2)
                        ms = bench.time_calls(call)
                        if mode == "eager":
                            ref = out.detach().clone()
                            entry["output_finite"] = bool(torch.isfinite(ref).all().item())
                        elif ref is not None:  # graph: the static output of the last replay; compile: its first
                            entry["rel_l2_vs_eager"] = bench.rel_l2(out, ref)
                    entry.update({k: round(v, 4) for k, v in summarize(ms).items()})
                    entry["iters"] = len(ms)
                    entry["warmup"] = args.warmup
                    entry["peak_mem_gib"] = round(torch.cuda.max_memory_allocated() / 2**30, 2)
                except Exception as e:  # noqa: BLE001
                    failures += 1
                    traceback.print_exc()
                    entry = {k: entry[k] for k in ("model", "latent", "batch", "mode", "params")}
                    entry["error"] = f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}"
                    try:
                        torch.cuda.synchronize()
                    except Exception:  # noqa: BLE001
                        pass
                record(entry)
                del g, out
                gc.collect()
                torch.cuda.empty_cache()
            del sample, t, ctx, extra, ref
        # free the model (and the compiled code) before the next one
        del m, compiled
        if args.compile:
            try:
                torch._dynamo.reset()
            except Exception:  # noqa: BLE001
                pass
        gc.collect()
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()
    n_ok = sum(1 for e in doc["entries"] if "error" not in e)
    print(f"{PROG}: {n_ok} entries timed, {failures} failed" + (f"; JSON {args.out}" if args.out else ""), flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
