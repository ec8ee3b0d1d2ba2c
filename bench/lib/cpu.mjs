// Shared bench helper (not a benchmark): CPU time spent by PostgreSQL and by this process's finished
// children (pgbench, wrk) between two readings, from Linux's /proc. Throughput on a shared 2-core host
// moves by up to 30% run to run; CPU per transaction moves far less, and it says where a ratio comes
// from: when the cores are saturated, tps is about cores / (CPU per transaction, all processes).
//
// PostgreSQL: every live `postgres` process's own time plus the postmaster's reaped children (a
// backend's time moves there when it exits, as pgbench's do). Children: this process's cutime and
// cstime (what a waited-for child such as pgbench or wrk used). Undefined where /proc is missing.
// PostgreSQL's figure holds every session's work on the server, so run it on an otherwise idle one.
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MICROS = 10_000; // USER_HZ is 100 on Linux

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces). */
function statFields(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

const comm = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

/** Micros of CPU so far: { postgres, children } (undefined without /proc). */
export function cpuReading() {
  let pids;
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return undefined;
  }
  let postgres = 0;
  for (const pid of pids) {
    if (comm(pid) !== 'postgres') continue;
    const f = statFields(pid);
    if (!f) continue;
    // utime stime are fields 14 and 15 of stat (index 11, 12 here); cutime cstime 16 and 17.
    postgres += Number(f[11]) + Number(f[12]);
    // Only the postmaster (whose parent is not postgres) holds reaped backends' time.
    if (comm(f[1]) !== 'postgres') postgres += Number(f[13]) + Number(f[14]);
  }
  const self = statFields('self');
  const children = self ? Number(self[13]) + Number(self[14]) : 0;
  return { postgres: postgres * TICK_MICROS, children: children * TICK_MICROS };
}

/** Micros per transaction between two readings ({ postgres, children }), or undefined. */
export function cpuPer(before, after, transactions) {
  if (!before || !after || transactions <= 0) return undefined;
  return {
    postgres: (after.postgres - before.postgres) / transactions,
    children: (after.children - before.children) / transactions,
  };
}

const cmdline = (pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

/**
 * Waits (up to `timeoutMs`) until no backend of `database` is left, exiting or exited but not yet
 * reaped: between its exit and the postmaster's wait, a backend's CPU shows nowhere in /proc and
 * then lands in the postmaster's reaped time, so a reading taken in that gap gave pgbench's whole
 * run to whatever was measured next (seen once: PostgreSQL 235 µs per pgbench transaction, 1,012 per
 * transfer). A no-op without /proc.
 */
export async function backendsGone(database, timeoutMs = 2_000) {
  const deadline = Date.now() + timeoutMs;
  const lingering = () => {
    let pids;
    try {
      pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
    } catch {
      return false;
    }
    return pids.some((pid) => {
      if (comm(pid) !== 'postgres') return false;
      const state = statFields(pid)?.[0];
      return state === 'Z' || cmdline(pid).includes(` ${database} `);
    });
  };
  while (lingering() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * The scheduler's account of one thread (a process's main thread when `pid` is a process id): the
 * nanoseconds it ran on a core and those it spent runnable but waiting for one, from
 * /proc/<pid>/schedstat. Undefined where it is missing (no /proc, or a kernel without schedstats).
 * A single-threaded gateway that is seldom idle yet waits for a core for much of its time is the
 * throughput's bound, whatever cores the machine as a whole leaves idle.
 */
export function threadSchedule(pid) {
  try {
    const [run, wait] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(' ').map(Number);
    return Number.isFinite(run) && Number.isFinite(wait) ? { run, wait } : undefined;
  } catch {
    return undefined;
  }
}
