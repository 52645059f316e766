// report_json.h: the single-run report as a cJSON tree, for the callers that
// embed it in a larger document (the sweep) or write it (report.c, calib.c).
#ifndef UNETRUN_REPORT_JSON_H
#define UNETRUN_REPORT_JSON_H

#include <cjson/cJSON.h>

#include "../graph/graph.h"

// The whole single-run report as a cJSON object (docs/report-schema.md).
cJSON *report_json(const Graph *g, const RunOptions *opt, const RunResult *r);
int write_json_file(cJSON *root, const char *path);  // 0 on success; does not free root

#endif
