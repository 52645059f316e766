import json,gzip,re
CTX={'sd15':768,'sd21':1024,'sdxl':2048}
def load(f):
    d=json.load(gzip.open(f)); out={}
    for b in d['blocks']:
        out[b['name']]=(b['report']['config'],[(n['name'],n['kernel'],n['time_us']['median'],n.get('output_nhwc')) for n in b['report']['nodes']])
    return out
rows=[]
for m in ['sd15','sd21','sdxl']:
  for bt in [1,2]:
    t=load(f'tune_{m}_b{bt}.json.gz'); h=load(f'heuristic_{m}_b{bt}.json.gz')
    for name in t:
        if not name.startswith('tf'): continue
        cfg,nt=t[name]; _,nh=h[name]; C=cfg['c']
        seen=set()
        for (a,ka,ta,o),(b_,kb,tb,_) in zip(nt,nh):
            base=re.sub(r'^b\d+\.','',a)
            if 'attn' in base and 'ln' not in base or 'norm'==base: kind='attn'
            if base in seen: continue
            seen.add(base)
            M=o[0]*o[1]*o[2]; N=o[3]
            K={'proj_in':C,'ln1+qkv':C,'qkv':C,'out1+res':C,'ln2+q2':C,'q2':C,'kv2(ctx)':CTX[m],'ln3+ff1+geglu':C,'ff1+geglu':C,'ff2+res':4*C,'proj_out+res':C}.get(base)
            if K is None: 
                if base.startswith('attn'): print(f'{m} b{bt} {C:5d} {base:14s} M{M:6d} | T {ka:44s} {ta:6.1f} | H {kb:44s} {tb:6.1f} {tb/ta:5.2f}')
                continue
            if base=='ln3+ff1+geglu' or base=='ff1+geglu': N*=2
            print(f'{m} b{bt} {C:5d} {base:14s} M{M:6d} N{N:6d} K{K:5d} | T {ka:44s} {ta:6.1f} | H {kb:44s} {tb:6.1f} {tb/ta:5.2f}')
