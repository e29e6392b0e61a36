// Where the CPU went during a step (Linux /proc): the whole machine, and groups of processes (the app instances,
// nginx, PostgreSQL, Redis, this load generator). Explains where the throughput curve flattens.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

const TICKS = 100; // USER_HZ on Linux

function procStat(pid) {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = raw.lastIndexOf(')');
    const comm = raw.slice(raw.indexOf('(') + 1, close);
    const f = raw.slice(close + 2).split(' ');
    return { comm, ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) };
  } catch {
    return null;
  }
}

function allProcs() {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const s = procStat(Number(name));
    if (s) out.push({ pid: Number(name), ...s });
  }
  return out;
}

function machineTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { total: f.reduce((a, b) => a + b, 0), idle: f[3] + (f[4] ?? 0) };
}

/** groups: name -> (procs) => pids; a snapshot of each group's CPU ticks and the machine's. */
export function cpuSnapshot(groups) {
  const procs = allProcs();
  const byGroup = {};
  for (const [name, pick] of Object.entries(groups)) {
    const pids = new Set(pick(procs));
    byGroup[name] = procs.filter((p) => pids.has(p.pid)).reduce((sum, p) => sum + p.ticks, 0);
  }
  return { at: performance.now(), machine: machineTicks(), groups: byGroup };
}

/** Cores used by each group between two snapshots, and how busy the whole machine was. */
export function cpuDelta(a, b) {
  const seconds = (b.at - a.at) / 1000;
  const cores = {};
  for (const name of Object.keys(b.groups)) cores[name] = Math.round(((b.groups[name] - a.groups[name]) / TICKS / seconds) * 100) / 100;
  const total = b.machine.total - a.machine.total;
  const busyPct = Math.round((1 - (b.machine.idle - a.machine.idle) / total) * 100);
  const used = Object.values(cores).reduce((x, y) => x + y, 0);
  return { cpus: os.cpus().length, machineBusyPct: busyPct, cores, otherCores: Math.max(0, Math.round(((busyPct / 100) * os.cpus().length - used) * 100) / 100) };
}

/** The usual groups: our app instances and nginx by pid, PostgreSQL and Redis by process name, and this process. */
export function standardGroups({ appPids, nginxPid }) {
  return {
    apps: () => appPids(),
    nginx: (procs) => {
      const master = nginxPid();
      return master ? [master, ...procs.filter((p) => p.ppid === master).map((p) => p.pid)] : [];
    },
    postgres: (procs) => procs.filter((p) => p.comm === 'postgres').map((p) => p.pid),
    redis: (procs) => procs.filter((p) => p.comm.startsWith('redis-server')).map((p) => p.pid),
    generator: () => [process.pid],
  };
}
