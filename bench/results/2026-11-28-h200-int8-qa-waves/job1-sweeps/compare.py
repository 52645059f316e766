import json,gzip,sys
def load(f):
    d=json.load(gzip.open(f)); out={}
    for b in d['blocks']:
        out[b['name']]=(b['latency_us'],[(n['name'],n['kernel'],n['time_us']['median'],n.get('output_nhwc')) for n in b['report']['nodes']])
    return out
only = sys.argv[1] if len(sys.argv)>1 else ''
for m in ['sd15','sd21','sdxl']:
  for bt in [1,2]:
    L={k:load(f'{k}_{m}_b{bt}.json.gz') for k in ['tune_fp16','heuristic_fp16','tune_int8','heuristic_int8']}
    for name in L['tune_fp16']:
        if only and only not in name: continue
        tf,hf,ti,hi=[L[k][name][0] for k in ['tune_fp16','heuristic_fp16','tune_int8','heuristic_int8']]
        fl=''
        if hi>ti*1.03: fl+=' H<T'
        if ti>tf*1.0: fl+=' T:int8 slower'
        if hi>hf*1.0: fl+=' H:int8 slower'
        print(f'{m} b{bt} {name:30s} fp16 T {tf:7.1f} H {hf:7.1f} | int8 T {ti:7.1f} H {hi:7.1f} | T f/i {tf/ti:5.3f} H f/i {hf/hi:5.3f}{fl}')
