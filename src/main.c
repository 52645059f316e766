// main.c: the unetrun command line: parse (options.c), build the block
// config (config.c), dispatch: list a checkpoint, sweep a UNet (sweep.c) or
// run one block (run.c) and write its reports.
#include <stdio.h>
#include <string.h>

#include "../common/common.h"
#include "../weights/blockinfo.h"
#include "../weights/params.h"
#include "config.h"
#include "graph/graph.h"
#include "options.h"
#include "report/report.h"
#include "run.h"
#include "sweep.h"

// The report's header lines, on the screen before the run starts.
typedef struct {
    const RunOptions *opt;
    int on_gpu;
    const Peaks *peaks;
    const char *weights_source;
} HeaderArgs;

static void print_header_now(const Graph *g, void *ctx) {
    const HeaderArgs *a = ctx;
    RunResult h;
    report_header_info(&h, a->opt, a->on_gpu);
    snprintf(h.weights_source, sizeof h.weights_source, "%s", a->weights_source);
    peaks_to_result(a->peaks, &h);
    print_report_header(g, a->opt, &h);
    fflush(stdout);
}

static void die_too_big(const BlockConfig *cfg, int on_gpu, const MemShortfall *lack) {
    if (on_gpu)
        die_user("this block needs about %.2f GiB of GPU memory but %s has %.2f GiB free; %s",
                 lack->need / 1073741824.0, lack->device, lack->have / 1073741824.0, block_size_hint(cfg));
    die_user("this block needs about %.2f GiB of host memory for the CPU path but the machine has %.2f GiB; %s",
             lack->need / 1073741824.0, lack->have / 1073741824.0, block_size_hint(cfg));
}

// "random (seed N)" or the checkpoint block's file, names and dtype.
static void weights_source(const BlockConfig *cfg, const RunOptions *opt, const Checkpoint *ck, char *buf,
                           size_t n) {
    if (opt->weights_path)
        snprintf(buf, n, "%s block %s (%s naming, %s, %s)", opt->weights_path, ck->info.diffusers,
                 ck->file.scheme == SCHEME_LDM ? "LDM" : "diffusers", names_family_name(ck->info.family),
                 st_dtype_name(ck->info.dtype));
    else
        snprintf(buf, n, "random (seed %llu)", (unsigned long long)cfg->seed);
}

// --json, --csv, --png, --error-png, --save-output, --save-inputs.
static void write_outputs(const Graph *g, const RunOptions *opt, const RunResult *res) {
    if (opt->json_path && write_json_report(g, opt, res, opt->json_path))
        die_user("cannot write the JSON report to '%s'; check the directory exists and is writable", opt->json_path);
    if (opt->csv_path && write_csv_report(g, opt, res, opt->csv_path))
        die_user("cannot write the CSV report to '%s'; check the directory exists and is writable", opt->csv_path);
    if (opt->png_path && write_timing_png(g, opt, res, opt->png_path))
        die_user("cannot write the PNG chart to '%s'; check the directory exists and is writable", opt->png_path);
    if (opt->error_png_path && write_error_png(g, res, opt->error_png_path))
        die_user("cannot write the error heatmap to '%s'; check the directory exists and is writable",
                 opt->error_png_path);
    char err[1100];
    if (opt->save_output_path && io_save_outputs(g, res, opt->save_output_path, err, sizeof err))
        die_user("cannot write --save-output '%s': %s", opt->save_output_path, err);
    if (opt->save_inputs_path && io_save_inputs(g, opt->save_inputs_path, err, sizeof err))
        die_user("cannot write --save-inputs '%s': %s", opt->save_inputs_path, err);
}

// One block: peaks, graph, inputs and weights, run, report, outputs.
static int run_one(const BlockConfig *cfg, RunOptions *opt, Checkpoint *ck, int on_gpu) {
    Peaks peaks;  // measured (or cached) before the block runs
    peaks_resolve(opt, on_gpu, &peaks);
    Graph g;
    build_block(&g, cfg);
    if (opt->input_path) io_load_inputs(&g, opt->input_path);
    const ParamSource psrc = {&ck->file, &ck->info, NULL};  // layers load their tensors by name
    if (opt->weights_path) opt->params = &psrc;
    char source[sizeof ((RunResult *)0)->weights_source];
    weights_source(cfg, opt, ck, source, sizeof source);
    RunResult res;
    HeaderArgs ha = {opt, on_gpu, &peaks, source};
    MemShortfall lack;
    if (run_block(&g, opt, on_gpu, print_header_now, &ha, &res, &lack)) die_too_big(cfg, on_gpu, &lack);
    snprintf(res.weights_source, sizeof res.weights_source, "%s", source);
    peaks_to_result(&peaks, &res);
    roofline_apply(&g, &res);
    print_report_body(&g, opt, &res);
    write_outputs(&g, opt, &res);
    const int failed = opt->check && res.checked && !res.pass;
    graph_free(&g);
    run_result_free(&res);
    if (opt->weights_path) weights_close(&ck->file);
    opt->params = NULL;
    return failed ? 1 : 0;
}

int main(int argc, char **argv) {
    Cli cli;
    int rc = cli_parse(argc, argv, &cli);
    if (rc >= 0) return rc;  // --help, --list, --version
    if (cli.list_weights) {
        if (cli.nopts != 1) die_user("--list-weights FILE lists the blocks of a checkpoint and takes no other options");
        weights_list(cli.list_weights, stdout);
        return 0;
    }
    if (cli.unet) return run_unet(&cli);
    Checkpoint ck;
    config_build(&cli, &ck);
    const int on_gpu = run_choose_device(&cli.opt);
    if (cli.sweep_model)
        return run_sweep(cli.sweep_model, &cli.cfg, cli.hw_scale ? cli.hw_scale : 1, on_gpu, &cli.opt);
    return run_one(&cli.cfg, &cli.opt, &ck, on_gpu);
}
