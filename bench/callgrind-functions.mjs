// Where the instructions of a callgrind dump (bench/instructions.mjs keeps them in /tmp/instr-app-*/cg.out.N, one per
// run of BENCH_REQUESTS requests) go, function by function, per request: V8's builtins and runtime, Node's C++ and
// libuv by their symbols; the JIT's code by the JavaScript function it was compiled from, when the server ran with
// NODE_OPTIONS=--perf-basic-prof (V8 then writes /tmp/perf-<pid>.map, the address and name of each compiled function).
// With a second dump, each function's difference: what one build or one address runs more than the other.
//
//   node bench/instructions.mjs dist:info:NODE_OPTIONS=--perf-basic-prof
//   node bench/callgrind-functions.mjs /tmp/instr-app-X/cg.out.3 [--against /tmp/instr-app-Y/cg.out.3] [--map /tmp/perf-123.map]
//
// Options: --requests (BENCH_REQUESTS, 4000) per dump, --top (40) rows. Self cost only (callgrind_annotate's
// exclusive figures); `callgrind_annotate --tree=caller` on the same dump says who calls a function, and how often.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { REQUESTS, thousands } from './callgrind.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    against: { type: 'string' },
    map: { type: 'string', multiple: true, default: [] },
    requests: { type: 'string', default: String(REQUESTS) },
    top: { type: 'string', default: '40' },
  },
});
if (positionals.length !== 1) throw new Error('usage: node bench/callgrind-functions.mjs <dump> [--against <dump>] [--map <perf map>…]');

/** The compiled functions of the perf maps, sorted by address, for a lookup by binary search. */
const compiled = values.map
  .flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean))
  .map((line) => {
    const [start, size, ...name] = line.split(' ');
    return { start: parseInt(start, 16), end: parseInt(start, 16) + parseInt(size, 16), name: name.join(' ') };
  })
  .sort((a, b) => a.start - b.start);

function compiledAt(address) {
  let [lo, hi] = [0, compiled.length - 1];
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (compiled[mid].start <= address) lo = mid + 1;
    else hi = mid - 1;
  }
  const found = compiled[hi];
  return found && address < found.end ? found.name : 'JIT code not in the map';
}

/** Self instructions per request by function: symbol lines as callgrind names them, JIT addresses by the map. */
function perFunction(dump) {
  const text = execFileSync('callgrind_annotate', ['--threshold=100', '--inclusive=no', dump], { encoding: 'utf8', maxBuffer: 256 << 20 });
  const requests = Number(values.requests);
  const costs = new Map();
  for (const line of text.split('\n')) {
    const m = /^\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$/.exec(line);
    if (!m || m[2].includes('PROGRAM TOTALS') || m[2].includes('(below main)')) continue;
    const jit = /^\?\?\?:(0x[0-9a-f]+) \[\?\?\?\]$/.exec(m[2]);
    const name = jit ? compiledAt(parseInt(jit[1], 16)) : m[2].replace(/^\?\?\?:/, '');
    costs.set(name, (costs.get(name) ?? 0) + Number(m[1].replaceAll(',', '')) / requests);
  }
  return costs;
}

// The process's frames that only enclose the rest (main, the event loop, a thread's start) carry no work of their own.
const ENCLOSING = /libc_start|NodeMainInstance::Run|SpinEventLoop|node::Start|^main |ld-linux|clone\.S|start_thread/;
const a = perFunction(positionals[0]);
const b = values.against ? perFunction(values.against) : new Map();
const rows = [...new Set([...a.keys(), ...b.keys()])]
  .filter((name) => !ENCLOSING.test(name))
  .map((name) => ({ name, a: a.get(name) ?? 0, b: b.get(name) ?? 0 }))
  .sort((x, y) => Math.abs(y.a - y.b) - Math.abs(x.a - x.b))
  .slice(0, Number(values.top));
const k = (x) => thousands(x).padStart(8);
console.log(
  values.against
    ? `${'this'.padStart(8)} ${'against'.padStart(8)} ${'diff'.padStart(8)}  function (instructions per request)`
    : `${'self'.padStart(8)}  function (instructions per request)`,
);
for (const r of rows) console.log(values.against ? `${k(r.a)} ${k(r.b)} ${k(r.a - r.b)}  ${r.name.slice(0, 150)}` : `${k(r.a)}  ${r.name.slice(0, 150)}`);
