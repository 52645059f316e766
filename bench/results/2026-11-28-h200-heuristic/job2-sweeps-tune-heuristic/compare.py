import json,gzip,sys
def load(f):
    d=json.load(gzip.open(f)); out={}
    for b in d['blocks']:
        out[b['name']]=(b['latency_us'],[(n['name'],n['kernel'],n['time_us']['median'],n.get('output_nhwc')) for n in b['report']['nodes']])
    return out
for m in ['sd15','sd21','sdxl']:
  for bt in [1,2]:
    t=load(f'tune_{m}_b{bt}.json.gz'); h=load(f'heuristic_{m}_b{bt}.json.gz')
    for name in t:
        lt,nt=t[name]; lh,nh=h[name]
        flag = ' <<' if lh>lt*1.03 else ''
        print(f'{m} b{bt} {name:28s} tune {lt:7.1f} heur {lh:7.1f} ratio {lh/lt:5.3f}{flag}')
        if len(sys.argv)>1 and lh>lt*1.03:
            for (a,ka,ta,o),(b_,kb,tb,_) in zip(nt,nh):
                if ka!=kb or abs(ta-tb)>0.5: print(f'     {a:14s} {str(o):20s} T {ka:42s} {ta:6.1f} | H {kb:42s} {tb:6.1f}')
