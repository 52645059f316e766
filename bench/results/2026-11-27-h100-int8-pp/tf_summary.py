# tf_summary.py DIR [PRECS...]: SD1.5 transformer blocks from the JSON reports tf_C_HW_bB_PREC.json[.gz] in DIR:
# the block's graph-replayed time per precision, then per INT8 node its time beside the FP16 node's.
import gzip, json, os, sys
d = sys.argv[1]
precs = sys.argv[2:] or ['fp16', 'int8-row']
for b in (1, 2):
    for c, hw in ((320, 64), (640, 32), (1280, 16), (1280, 8)):
        t, nodes = {}, {}
        for p in precs:
            f = f'{d}/tf_{c}_{hw}_b{b}_{p}.json'
            if os.path.exists(f + '.gz'):
                j = json.load(gzip.open(f + '.gz'))
            elif os.path.exists(f):
                j = json.load(open(f))
            else:
                continue
            g = j['block']['graph_replay_us']
            t[p] = g['median'] if isinstance(g, dict) else g
            for n in j['nodes']:
                key = n['name'].split('+', 1)[1] if n['name'].startswith('ln') and '+' in n['name'] else n['name']
                if n['precision'] == 'int8' or p == 'fp16':
                    nodes.setdefault(key, {})[p] = n['time_us']['median']
        line = '  '.join(f'{p} {t[p]:.1f}' for p in precs if p in t)
        ratio = '  '.join(f'{p}/fp16 {t[p] / t["fp16"]:.3f}' for p in precs if p in t and p != 'fp16' and 'fp16' in t)
        print(f'{c}@{hw} b{b}: {line} us  {ratio}')
        for k, v in nodes.items():
            if any(p in v for p in precs if p != 'fp16'):
                print('   %-12s ' % k + '  '.join('%s %6.2f' % (p, v[p]) for p in precs if p in v))
