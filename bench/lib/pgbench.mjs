// Shared bench helpers (not a benchmark: run.mjs runs only bench/*.mjs): pgbench's built-in TPC-B-like
// script on a throw-away database, the reference the money-path benchmarks print beside their figures.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { backendsGone, cpuPer, cpuReading } from './cpu.mjs';
import { percentile } from './percentile.mjs';

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
    /**
     * tpcb-like at a fixed `rate` (transactions per second over all clients: pgbench -R), with every
     * transaction's time logged (-l); answers the rate done and the p50 and p99 of the transactions'
     * own time, from their actual start (the schedule lag left out, as the gateway's rounds are timed
     * from the moment they start). The latency reference for a rate-limited run of the gateway.
     */
    runAtRate(clients, seconds, rate) {
      const dir = mkdtempSync(join(tmpdir(), 'bench-pgbench-'));
      try {
        execFileSync(
          'pgbench',
          ['-c', String(clients), '-j', String(clients), '-T', String(seconds), '-R', String(rate)].concat([
            '-l',
            `--log-prefix=${join(dir, 'tx')}`,
            db,
          ]),
          { stdio: ['ignore', 'ignore', 'pipe'] },
        );
        // Each line: client, transaction no, time (µs), script, epoch s, µs, schedule lag (µs).
        const times = [];
        for (const file of readdirSync(dir))
          for (const line of readFileSync(join(dir, file), 'utf8').split('\n')) {
            const f = line.split(' ');
            if (f.length >= 7) times.push((Number(f[2]) - Number(f[6])) / 1000);
          }
        if (times.length === 0) throw new Error('pgbench logged no transaction');
        return { tps: times.length / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
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
