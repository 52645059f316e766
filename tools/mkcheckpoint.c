// mkcheckpoint.c: write a synthetic Stable Diffusion UNet checkpoint
// (.safetensors) in diffusers or LDM naming, SD1.5 / SD2.1 / SDXL layout,
// whole UNet or listed blocks, values from unetrun's per-tensor random
// streams (see weights/synth.h). Every user error: one line, exit 2.
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/statvfs.h>

#include "../common/common.h"
#include "../weights/names.h"
#include "../weights/synth.h"

static const char *kUsage =
    "mkcheckpoint: write a synthetic Stable Diffusion UNet checkpoint (.safetensors), so that\n"
    "unetrun's checkpoint loading can be exercised without a download.\n"
    "\n"
    "usage: mkcheckpoint --family sd15|sd21|sdxl -o FILE [options]\n"
    "example: mkcheckpoint --family sd15 --naming ldm --blocks down_blocks.1.resnets.0,input_blocks.4.1 -o b.safetensors\n"
    "\n"
    "  --family F         UNet layout: sd15, sd21 or sdxl\n"
    "  --naming N         diffusers, ldm (keys under model.diffusion_model.) or\n"
    "                     ldm-bare (LDM keys without that prefix)               [diffusers]\n"
    "  --blocks LIST      comma-separated resnet/attention block prefixes in either\n"
    "                     naming (down_blocks.0.resnets.0,input_blocks.4.1,...)  [whole UNet]\n"
    "  --dtype D          f16, f32 or bf16                                      [f16]\n"
    "  --seed N           seed of the values (unetrun --seed uses the same streams) [1]\n"
    "  --channels LIST    channels per level, e.g. 64,128,128,128 (small models\n"
    "                     for tests; multiples of 32 for sd15, of 64 otherwise)  [320,640,1280(,1280)]\n"
    "  --stream-names S   block: each tensor drawn from the stream of its block-relative\n"
    "                     name, as unetrun's random weights; full: from its full key\n"
    "                     (every block different)                               [block]\n"
    "  -o, --output FILE  file to write\n"
    "  --list             print the family's blocks and their shapes, write nothing\n"
    "  --help             this text\n"
    "\n"
    "The whole UNet is large: SD1.5 1.7 GB in F16, SDXL 5.1 GB in F16 and 10.3 GB in F32.\n";

static void die(const char *fmt, ...) UNETRUN_PRINTF(1, 2) UNETRUN_NORETURN;
static void die(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fputs("mkcheckpoint: error: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    exit(2);
}

enum { O_FAMILY = 256, O_NAMING, O_BLOCKS, O_DTYPE, O_SEED, O_CHANNELS, O_STREAMS, O_LIST, O_HELP };

static int parse_blocks(const char *arg, BlockId *ids) {
    int n = 0;
    const char *s = arg;
    if (!*s) die("--blocks needs at least one block prefix, e.g. down_blocks.0.resnets.0");
    for (;;) {
        size_t len = strcspn(s, ",");
        char item[160];
        if (len == 0) die("--blocks '%s' has an empty item; separate prefixes with single commas", arg);
        if (len >= sizeof item) die("--blocks item '%.40s...' is too long", s);
        memcpy(item, s, len);
        item[len] = 0;
        if (n == NAMES_MAX_BLOCKS) die("--blocks lists more than %d blocks", NAMES_MAX_BLOCKS);
        if (names_block_id(item, &ids[n]))
            die("--blocks: '%s' is not a resnet or attention block prefix (e.g. down_blocks.1.resnets.0, "
                "mid_block.attentions.0, input_blocks.4.1, middle_block.1)",
                item);
        n++;
        if (!s[len]) break;
        s += len + 1;
    }
    return n;
}

static void parse_channels(const char *arg, int *ch) {
    const char *s = arg;
    int n = 0;
    for (;;) {
        char *end = NULL;
        errno = 0;
        if (*s < '0' || *s > '9') die("--channels expects comma-separated positive integers, got '%s'", arg);
        long v = strtol(s, &end, 10);
        if (end == s || errno == ERANGE || v <= 0 || v > 8192 || (*end && *end != ','))
            die("--channels expects comma-separated integers between 1 and 8192, got '%s'", arg);
        if (n == NAMES_MAX_LEVELS) die("--channels takes at most %d values (one per level), got '%s'", NAMES_MAX_LEVELS, arg);
        ch[n++] = (int)v;
        if (!*end) break;
        s = end + 1;
    }
}

static void list_family(const SynthOptions *o) {
    UnetLayout L;
    StError e;
    if (synth_layout(o, &L, &e)) die("%s", e.msg);
    LayoutBlock b[NAMES_MAX_BLOCKS];
    int n = names_layout_blocks(&L, b);
    printf("%s UNet: %d levels, channels", names_family_name(L.family), L.nlevels);
    for (int i = 0; i < L.nlevels; i++) printf("%s%d", i ? "/" : " ", L.ch[i]);
    printf(", context %d, proj %s, temb %d\n", L.context_dim, L.proj_linear ? "linear" : "conv", L.temb_dim);
    printf("%-28s %-18s %-12s %s\n", "diffusers prefix", "LDM prefix", "kind", "shape");
    for (int i = 0; i < n; i++) {
        char dn[48], ln[48];
        names_diffusers(&b[i].id, dn, sizeof dn);
        names_ldm(&b[i].id, ln, sizeof ln);
        if (b[i].id.kind == UNET_RESBLOCK)
            printf("%-28s %-18s %-12s %d->%d\n", dn, ln, "resblock", b[i].cin, b[i].cout);
        else
            printf("%-28s %-18s %-12s C %d, depth %d\n", dn, ln, "transformer", b[i].c, b[i].depth);
    }
}

int main(int argc, char **argv) {
    SynthOptions o;
    memset(&o, 0, sizeof o);
    o.family = FAMILY_UNKNOWN;
    o.naming = SCHEME_DIFFUSERS;
    o.dtype = ST_F16;
    o.seed = 1;
    const char *out = NULL;
    int list = 0;
    static BlockId ids[NAMES_MAX_BLOCKS];

    static const struct option longopts[] = {
        {"family", required_argument, 0, O_FAMILY},   {"naming", required_argument, 0, O_NAMING},
        {"blocks", required_argument, 0, O_BLOCKS},   {"dtype", required_argument, 0, O_DTYPE},
        {"seed", required_argument, 0, O_SEED},       {"channels", required_argument, 0, O_CHANNELS},
        {"stream-names", required_argument, 0, O_STREAMS}, {"output", required_argument, 0, 'o'},
        {"list", no_argument, 0, O_LIST},             {"help", no_argument, 0, O_HELP},
        {0, 0, 0, 0}};
    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, ":o:", longopts, NULL)) != -1) {
        switch (ch) {
            case O_FAMILY:
                if (names_family_parse(optarg, &o.family)) die("--family must be sd15, sd21 or sdxl (got '%s')", optarg);
                break;
            case O_NAMING:
                if (!strcmp(optarg, "diffusers")) o.naming = SCHEME_DIFFUSERS, o.ldm_root = 0;
                else if (!strcmp(optarg, "ldm")) o.naming = SCHEME_LDM, o.ldm_root = 1;
                else if (!strcmp(optarg, "ldm-bare")) o.naming = SCHEME_LDM, o.ldm_root = 0;
                else die("--naming must be diffusers, ldm or ldm-bare (got '%s')", optarg);
                break;
            case O_BLOCKS: o.nblocks = parse_blocks(optarg, ids), o.blocks = ids; break;
            case O_DTYPE:
                if (!strcmp(optarg, "f16")) o.dtype = ST_F16;
                else if (!strcmp(optarg, "f32")) o.dtype = ST_F32;
                else if (!strcmp(optarg, "bf16")) o.dtype = ST_BF16;
                else die("--dtype must be f16, f32 or bf16 (got '%s')", optarg);
                break;
            case O_SEED: {
                char *end = NULL;
                errno = 0;
                unsigned long long v = strtoull(optarg, &end, 10);
                if (end == optarg || *end != '\0' || errno == ERANGE || optarg[0] == '-' || optarg[0] == '+')
                    die("--seed expects a non-negative integer, got '%s'", optarg);
                o.seed = v;
                break;
            }
            case O_CHANNELS: memset(o.channels, 0, sizeof o.channels), parse_channels(optarg, o.channels); break;
            case O_STREAMS:
                if (!strcmp(optarg, "block")) o.full_name_streams = 0;
                else if (!strcmp(optarg, "full")) o.full_name_streams = 1;
                else die("--stream-names must be block or full (got '%s')", optarg);
                break;
            case 'o':
                if (!optarg[0]) die("-o needs a file name");
                out = optarg;
                break;
            case O_LIST: list = 1; break;
            case O_HELP: fputs(kUsage, stdout); return 0;
            case ':': die("option '%s' needs a value; see mkcheckpoint --help", argv[optind - 1]);
            default:
                if (optopt > 0 && optopt < 256) die("unknown option '-%c'; see mkcheckpoint --help", optopt);
                die("unknown option '%s'; see mkcheckpoint --help", argv[optind - 1]);
        }
    }
    if (optind < argc) die("unexpected argument '%s'; options start with --, see mkcheckpoint --help", argv[optind]);
    if (o.family == FAMILY_UNKNOWN) die("--family is required: sd15, sd21 or sdxl");
    if (list) {
        list_family(&o);
        return 0;
    }
    if (!out) die("-o FILE is required (the checkpoint to write)");

    StError e;
    long long nt = 0, bytes = 0;
    if (synth_plan(&o, &nt, &bytes, &e)) die("%s", e.msg);
    // Refuse early when the file cannot fit (a whole SDXL UNet in F32 is ~10 GB).
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", out);
    char *slash = strrchr(dir, '/');
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (slash == dir) dir[1] = 0;
    else *slash = 0;
    struct statvfs vfs;
    if (!statvfs(dir, &vfs)) {
        double avail = (double)vfs.f_bavail * (double)vfs.f_frsize;
        if (avail < (double)bytes + (1 << 20))
            die("%s needs %.2f GB but only %.2f GB are free in %s; use --blocks, --dtype f16 or --channels", out,
                bytes / 1e9, avail / 1e9, dir);
    }
    if (bytes > (1ll << 30))
        fprintf(stderr, "mkcheckpoint: writing %.2f GB to %s\n", bytes / 1e9, out);
    if (synth_checkpoint(out, &o, &nt, &bytes, &e)) die("%s", e.msg);
    printf("wrote %s: %lld tensors, %.1f MB (%s, %s naming%s, %s, seed %llu)\n", out, nt, bytes / 1e6,
           names_family_name(o.family), o.naming == SCHEME_DIFFUSERS ? "diffusers" : "LDM",
           o.naming == SCHEME_LDM && !o.ldm_root ? " without model.diffusion_model." : "", st_dtype_name(o.dtype),
           (unsigned long long)o.seed);
    return 0;
}
