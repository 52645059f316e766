// roofline.c: the lower bound on a node's time (seed 2's equations reduced
// to the two roofs that matter for these kernels: tensor-core compute and
// DRAM bandwidth).
//
//   t_compute = FLOPs / peak FLOP/s       (FP16 tensor-core peak, measured)
//   t_memory  = min bytes / peak B/s      (device-to-device copy bandwidth)
//   bound     = max(t_compute, t_memory)
//   achieved  = bound / measured median   (1.0 = on the roof)
//
// Node.flops and Node.bytes are the layer's own counts (src/layers): bytes
// are the minimum DRAM traffic (each input, weight and output once).
#include <math.h>

#include "report.h"

Roofline roofline_eval(double flops, double bytes, double median_s, double peak_tflops, double peak_gbps) {
    Roofline r = {0};
    if (!(peak_tflops > 0.0) || !(peak_gbps > 0.0)) return r;
    r.valid = 1;
    r.t_compute = (flops > 0.0 ? flops : 0.0) / (peak_tflops * 1e12);
    r.t_memory = (bytes > 0.0 ? bytes : 0.0) / (peak_gbps * 1e9);
    r.compute = r.t_compute >= r.t_memory;
    r.bound = r.compute ? r.t_compute : r.t_memory;
    r.pct = median_s > 0.0 ? 100.0 * r.bound / median_s : 0.0;
    return r;
}

Roofline roofline_of(const Node *n, const RunResult *r) {
    return roofline_eval(n->flops, n->bytes, n->time.median, r->peak_tflops, r->peak_gbps);
}

void roofline_apply(Graph *g, const RunResult *r) {
    for (int i = 0; i < g->nn; i++) {
        Node *n = &g->nodes[i];
        Roofline rl = roofline_of(n, r);
        n->bound_time = rl.valid ? rl.bound : 0.0;
        n->bound_compute = rl.valid ? rl.compute : 0;
    }
}
