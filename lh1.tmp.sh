#!/bin/bash
# usage: lh1.tmp.sh url tag
out=/tmp/lh1-$2.json
CHROME_PATH=/usr/bin/chromium node node_modules/lighthouse/cli/index.js "$1" --quiet --output=json --output-path=$out --only-categories=performance,accessibility,best-practices,seo "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync" 2>/dev/null
python3 - $out <<'PY'
import json,sys
d=json.load(open(sys.argv[1])); a=d['audits']
c=d['categories']
print(sys.argv[1].split('/')[-1], 'perf',round(c['performance']['score']*100),'a11y',round(c['accessibility']['score']*100),'bp',round(c['best-practices']['score']*100),'seo',round(c['seo']['score']*100), 'FCP',round(a['first-contentful-paint']['numericValue']), 'LCP', round(a['largest-contentful-paint']['numericValue']), 'TBT', round(a['total-blocking-time']['numericValue']), 'CLS', a['cumulative-layout-shift']['numericValue'])
print('   long:', [ (i.get('url','')[-22:], round(i['duration']), round(i['startTime'])) for i in a['long-tasks']['details']['items']][:8])
PY
