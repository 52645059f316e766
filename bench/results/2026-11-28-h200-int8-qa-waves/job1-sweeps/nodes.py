import json,gzip,sys
m,bt,blk=sys.argv[1],sys.argv[2],sys.argv[3]
def load(f):
    d=json.load(gzip.open(f))
    for b in d['blocks']:
        if blk in b['name']: return b['latency_us'],[(n['name'],n['kernel'],n['time_us']['median']) for n in b['report']['nodes']]
ks=sys.argv[4].split(',') if len(sys.argv)>4 else ['tune_fp16','heuristic_fp16','tune_int8','heuristic_int8']
L={k:load(f'{k}_{m}_b{bt}.json.gz') for k in ks}
for k in ks: print(k, L[k][0], 'sum nodes %.1f'%sum(t for _,_,t in L[k][1]))
n=len(L[ks[0]][1])
for i in range(max(len(L[k][1]) for k in ks)):
    row=[]
    for k in ks:
        if i<len(L[k][1]): a,kk,t=L[k][1][i]; row.append(f'{a[:12]:12s} {kk[:44]:44s} {t:6.1f}')
        else: row.append(' '*64)
    print(' | '.join(row))
