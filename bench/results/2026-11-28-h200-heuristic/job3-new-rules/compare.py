import json,gzip,sys
def load(f):
    d=json.load(gzip.open(f) if f.endswith('gz') else open(f)); out={}
    for b in d['blocks']:
        out[b['name']]=(b['latency_us'],[(n['name'],n['kernel'],n['time_us']['median']) for n in b['report']['nodes']])
    return out
import os
def fn(p):
    return p+'.json.gz' if os.path.exists(p+'.json.gz') else p+'.json'
tot={}
for m in ['sd15','sd21','sdxl']:
  for bt in [1,2]:
    a=load(fn(f'base_{m}_b{bt}')); b=load(fn(f'new_{m}_b{bt}'))
    for name in a:
        la,na=a[name]; lb,nb=b[name]
        flag=' <<' if lb>la*1.02 else (' ++' if lb<la*0.98 else '')
        print(f'{m} b{bt} {name:28s} base {la:7.1f} new {lb:7.1f} ratio {lb/la:5.3f}{flag}')
        if len(sys.argv)>1 and lb>la*1.02:
            for (x,ka,ta),(y,kb,tb) in zip(na,nb):
                if ka!=kb or abs(ta-tb)>0.5: print(f'     {x:14s} B {ka:44s} {ta:6.1f} | N {kb:44s} {tb:6.1f}')
