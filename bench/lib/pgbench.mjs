// Shared bench helpers (not a benchmark: run.mjs runs only bench/*.mjs): pgbench's built-in TPC-B-like
// script on a throw-away database, the reference the money-path benchmarks print beside their figures.
import { execFileSync } from 'node:child_process';
import { backendsGone, cpuPer, cpuReading } from './cpu.mjs';

/** The PostgreSQL the benchmarks use: BENCH_DATABASE_URL, TEST_DATABASE_URL or the local default. */
export const BENCH_DB_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

export function psql(url, sql) {
  execFileSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-qAtc', sql], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * A throw-away pgbench database (scale 8: one branch row per client at 8 clients, as pgbench's
 * documentation advises), created here: `run(clients, seconds)` runs tpcb-like and returns its tps,
 * `drop()` removes the database (named `database`). Benchmarks interleave its runs with their own (runs seconds apart see
 * the same machine; runs minutes apart on a shared 2-core host often do not).
 */
export function openPgbench(url) {
  const name = `bench_pgbench_${process.pid}`;
  psql(url, `create database ${name}`);
  const db = withDatabase(url, name);
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '8', db], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (err) {
    psql(url, `drop database if exists ${name}`);
    throw err;
  }
  return {
    database: name,
    run(clients, seconds) {
      const out = execFileSync(
        'pgbench',
        ['-c', String(clients), '-j', String(clients), '-T', String(seconds), db],
        {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
      if (!m) throw new Error(`pgbench printed no tps:\n${out}`);
      return Number(m[1]);
    },
    drop() {
      psql(url, `drop database if exists ${name}`);
    },
  };
}

/**
 * The money-path benchmarks' measuring loop: `rounds` rounds, each running, per client count, pgbench
 * and at once the gateway's own run (`runGateway(clients)`, answering `{ rate, units, ... }`: its
 * throughput in the unit compared with pgbench's tps, and how many units of work the CPU is divided
 * by), with the CPU of PostgreSQL and of the bench's children around each (bench/lib/cpu.mjs). Each
 * round is `{ pg, ...gateway answer, cpu: { pgbench, gateway } }`; per client count the rounds come
 * back sorted by rate / pg, and `median(clients)` is the round that stands for that count.
 */
export async function interleavedRounds({ pgbench, clients, rounds, seconds, runGateway }) {
  const byClients = Object.fromEntries(clients.map((c) => [c, []]));
  for (let round = 0; round < rounds; round++) {
    for (const c of clients) {
      const cpu0 = cpuReading();
      const pg = pgbench.run(c, seconds);
      await backendsGone(pgbench.database);
      const cpu1 = cpuReading();
      const gateway = await runGateway(c);
      const cpu2 = cpuReading();
      byClients[c].push({
        ...gateway,
        pg,
        cpu: { pgbench: cpuPer(cpu0, cpu1, pg * seconds), gateway: cpuPer(cpu1, cpu2, gateway.units) },
      });
    }
  }
  for (const c of clients) byClients[c].sort((a, b) => a.rate / a.pg - b.rate / b.pg);
  return { byClients, median: (c) => byClients[c][Math.floor(byClients[c].length / 2)] };
}
