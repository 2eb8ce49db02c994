# Compares two `tabula analyze chance-it --format json` reports number by number: the largest difference, and FAIL above 1e-12.
import json,sys
def walk(a,b,path,worst):
    if isinstance(a,dict):
        assert a.keys()==b.keys(),path
        for k in a: walk(a[k],b[k],path+'.'+k,worst)
    elif isinstance(a,list):
        assert len(a)==len(b),path
        for i,(x,y) in enumerate(zip(a,b)): walk(x,y,path+f'[{i}]',worst)
    elif isinstance(a,float) or isinstance(b,float):
        d=abs(a-b)
        if d>worst[0]: worst[0]=d; worst[1]=path
    else:
        assert a==b,(path,a,b)
a=json.load(open(sys.argv[1])); b=json.load(open(sys.argv[2]))
w=[0.0,'']
walk(a,b,'',w)
print(sys.argv[2], 'max abs diff', w[0], w[1], 'OK' if w[0]<=1e-12 else 'FAIL')
