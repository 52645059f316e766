import json,glob,sys,os
d=sys.argv[1]
for c,hw in ((320,64),(640,32),(1280,16),(1280,8)):
  for b in (1,2):
    row=[]
    nodes={}
    for p in ('fp16','int8','int8-row'):
        j=json.load(open(f'{d}/tf_{c}_{hw}_b{b}_{p}.json'))
        blk=j['block']
        t=blk['graph_replay_us']
        t=t.get('median') if isinstance(t,dict) else t
        row.append(t)
        for n in j['nodes']:
            if n['precision']=='int8' or p=='fp16':
                nodes.setdefault(n['name'],{})[p]=n['time_us']['median']
    print(f'{c}@{hw} b{b}: fp16 {row[0]:.1f} int8 {row[1]:.1f} int8-row {row[2]:.1f} us  row/fp16 time {row[2]/row[0]:.3f}')
    for k,v in nodes.items():
        if 'int8-row' in v: print('   %-12s fp16 %6.2f tile %6.2f row %6.2f  fp16/row %.2f'%(k,v.get('fp16',0),v.get('int8',0),v['int8-row'],v.get('fp16',0)/v['int8-row']))
