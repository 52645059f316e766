// cpu_vendor.c: --vs command-line checks that need no GPU: bad values and
// --vs cudnn on the CPU path are one error line and exit 2.
#include "harness.h"

void cpu_suite_vendor(const char *bin) {
    cli_bad(bin, "--vs x", "--vs must be cudnn (got 'x')");
    cli_bad(bin, "--vs CUDNN", "--vs must be cudnn (got 'CUDNN')");
    cli_bad(bin, "--vs ''", "--vs must be cudnn (got '')");
    cli_bad(bin, "--vs", "needs a value");
    cli_bad(bin, "--vs cudnn --device cpu", "--vs cudnn");
    cli_bad(bin, "--block transformer --c 320 --hw 8 --vs cudnn --device cpu", "drop --device cpu");
    if (!g_have_gpu) cli_bad(bin, "--vs cudnn", "needs a CUDA GPU");
}
