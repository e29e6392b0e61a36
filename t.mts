import { PGlite } from '@electric-sql/pglite';
import { readFileSync } from 'node:fs';
let t=Date.now();
const a = await PGlite.create(); console.log('create', Date.now()-t); t=Date.now();
await a.exec(readFileSync('src/server/db/migrations/0001_init.sql','utf8')); console.log('migrate', Date.now()-t); t=Date.now();
const dump = await a.dumpDataDir('none'); console.log('dump', Date.now()-t, dump.size); t=Date.now();
const b = await PGlite.create({ loadDataDir: dump }); console.log('load', Date.now()-t); t=Date.now();
console.log((await b.query('select count(*) from plans')).rows);
