// unet_run.c: one whole UNet step (--unet): layout, graph, inputs, weights,
// run on the chosen device, report and outputs (run.h).
#include <stdio.h>
#include <string.h>

#include "../common/common.h"
#include "config.h"
#include "graph/unet.h"
#include "layers/attention.h"
#include "report/report.h"
#include "run.h"

typedef struct {
    const RunOptions *opt;
    int on_gpu;
    const Peaks *peaks;
    const char *source;
} UnetHeader;

static void header_now(const Graph *g, void *ctx) {
    const UnetHeader *a = ctx;
    RunResult h;
    report_header_info(&h, a->opt, a->on_gpu);
    snprintf(h.weights_source, sizeof h.weights_source, "%s", a->source);
    peaks_to_result(a->peaks, &h);
    print_unet_header(g, a->opt, &h);
    fflush(stdout);
}

static void write_unet_outputs(const Graph *g, const RunOptions *opt, const RunResult *res) {
    if (opt->json_path && write_unet_json(g, opt, res, opt->json_path))
        die_user("cannot write the JSON report to '%s'; check the directory exists and is writable", opt->json_path);
    if (opt->csv_path && write_unet_csv(g, opt, res, opt->csv_path))
        die_user("cannot write the CSV report to '%s'; check the directory exists and is writable", opt->csv_path);
    if (opt->png_path && (opt->nodes ? write_timing_png(g, opt, res, opt->png_path)
                                     : write_unet_png(g, opt, res, opt->png_path)))
        die_user("cannot write the PNG chart to '%s'; check the directory exists and is writable", opt->png_path);
    char err[1100];
    if (opt->save_output_path && io_save_outputs(g, res, opt->save_output_path, err, sizeof err))
        die_user("cannot write --save-output '%s': %s", opt->save_output_path, err);
    if (opt->save_inputs_path && io_save_inputs(g, opt->save_inputs_path, err, sizeof err))
        die_user("cannot write --save-inputs '%s': %s", opt->save_inputs_path, err);
}

int run_unet(Cli *cli) {
    Checkpoint ck;
    UnetSpec u;
    config_build_unet(cli, &ck, &u);
    RunOptions *opt = &cli->opt;
    const int on_gpu = run_choose_device(opt);
    Peaks peaks;
    peaks_resolve(opt, on_gpu, &peaks);
    cli->cfg.timestep = opt->timestep;
    Graph g;
    build_unet(&g, &u, &cli->cfg);
    unet_stage_inputs(&g, opt->input_path, opt->timestep);
    for (int i = 0; on_gpu && i < g.nn; i++)
        if (g.nodes[i].op == OP_ATTENTION && !attention_gpu_head_dim(g.nodes[i].attn.d))
            die_user("%s: head dim %d has no GPU attention kernel (supported: %s and other multiples of 8 up to "
                     "the largest, zero-padded); run it with --device cpu",
                     g.blocks[g.nodes[i].block].name, g.nodes[i].attn.d, attention_head_dims());
    g.share_activations = on_gpu && opt->ref == REF_NONE;  // nothing reads an intermediate tensor afterwards
    const ParamSource psrc = {&ck.file, NULL, &u};
    if (opt->weights_path) opt->params = &psrc;
    char source[512];
    if (opt->weights_path)
        snprintf(source, sizeof source, "%s (%s naming, %s)", opt->weights_path,
                 ck.file.scheme == SCHEME_LDM ? "LDM" : "diffusers",
                 u.family == FAMILY_UNKNOWN ? "custom layout" : names_family_name(u.family));
    else
        snprintf(source, sizeof source, "random (seed %llu)", (unsigned long long)cli->cfg.seed);
    RunResult res;
    UnetHeader ha = {opt, on_gpu, &peaks, source};
    MemShortfall lack;
    if (run_block(&g, opt, on_gpu, header_now, &ha, &res, &lack)) {
        if (on_gpu)
            die_user("this UNet step needs about %.2f GiB of GPU memory but %s has %.2f GiB free; use a smaller "
                     "--latent or --batch", lack.need / 1073741824.0, lack.device, lack.have / 1073741824.0);
        die_user("this UNet step needs about %.2f GiB of host memory for the CPU path but the machine has %.2f GiB; "
                 "use a smaller --latent or --batch", lack.need / 1073741824.0, lack.have / 1073741824.0);
    }
    snprintf(res.weights_source, sizeof res.weights_source, "%s", source);
    peaks_to_result(&peaks, &res);
    roofline_apply(&g, &res);
    print_unet_body(&g, opt, &res);
    write_unet_outputs(&g, opt, &res);
    const int failed = opt->check && res.checked && !res.pass;
    graph_free(&g);
    run_result_free(&res);
    if (opt->weights_path) weights_close(&ck.file);
    opt->params = NULL;
    return failed ? 1 : 0;
}
