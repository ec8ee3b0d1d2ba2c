// Shared bench helpers (not a benchmark: run.mjs runs only bench/*.mjs): pgbench's built-in TPC-B-like
// script on a throw-away database, the reference the money-path benchmarks print beside their figures.
import { execFileSync } from 'node:child_process';

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
 * pgbench tpcb-like at each client count for `seconds`, on a database created and dropped here
 * (scale 8: one branch row per client at 8 clients, as pgbench's documentation advises).
 * Returns { [clients]: tps }.
 */
export function pgbenchRun(url, clients, seconds) {
  const name = `bench_pgbench_${process.pid}`;
  psql(url, `create database ${name}`);
  const db = withDatabase(url, name);
  try {
    execFileSync('pgbench', ['-i', '-q', '-s', '8', db], { stdio: ['ignore', 'ignore', 'pipe'] });
    const tps = {};
    for (const c of clients) {
      const out = execFileSync('pgbench', ['-c', String(c), '-j', String(c), '-T', String(seconds), db], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const m = /tps = ([\d.]+) \(without initial connection time\)/.exec(out);
      if (!m) throw new Error(`pgbench printed no tps:\n${out}`);
      tps[c] = Number(m[1]);
    }
    return tps;
  } finally {
    psql(url, `drop database if exists ${name}`);
  }
}
