// Shared bench helper (not a benchmark): GET runs measured in interleaved slices (round after round,
// each run a slice of `sliceSeconds`), so a machine that slows down mid-bench slows every run alike.
// Load from wrk when installed (bench/lib/wrk.mjs: a C client, about a tenth of autocannon's CPU per
// request on the same two cores, so the latency is the gateway's), else autocannon, and it says which.
// Any non-2xx answer or socket error fails the run. Each row: rate (req/s over all slices), p50 (median
// of the slices' p50) and p99 (the worst slice's p99), in ms.
import { wrkAvailable, wrkRun } from './wrk.mjs';

/**
 * `runs`: [name, { url, headers }] in the order printed. Returns { tool, rows: [{ name, rate, p50,
 * p99 }] }; prints one line saying the tool and the shape before it starts.
 */
export async function interleavedLoad(runs, { rounds, sliceSeconds, connections = 10 }) {
  const useWrk = wrkAvailable();
  const { default: autocannon } = useWrk ? { default: undefined } : await import('autocannon');
  const tool = useWrk ? 'wrk (1 thread)' : 'autocannon (wrk not installed: `apt-get install wrk`)';
  console.log(
    `\n${tool}, ${connections} connections, ${rounds} rounds of ${sliceSeconds} s per run, interleaved...`,
  );
  const slice = async ({ url, headers = {} }) => {
    if (useWrk) {
      const r = await wrkRun({ url, connections, seconds: sliceSeconds, headers });
      return {
        requests: r.total,
        seconds: r.total / r.rps,
        p50: r.p50,
        p99: r.p99,
        non2xx: r.non2xx,
        errors: r.errors,
      };
    }
    const r = await autocannon({ url, connections, duration: sliceSeconds, headers });
    return {
      requests: r.requests.total,
      seconds: r.duration,
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      errors: r.errors,
    };
  };
  const totals = new Map(runs.map(([name]) => [name, { requests: 0, seconds: 0, p50: [], p99: [] }]));
  for (let round = 0; round < rounds; round++) {
    for (const [name, target] of runs) {
      const r = await slice(target);
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const t = totals.get(name);
      t.requests += r.requests;
      t.seconds += r.seconds;
      t.p50.push(r.p50);
      t.p99.push(r.p99);
    }
  }
  const rows = [...totals.entries()].map(([name, t]) => ({
    name,
    rate: t.requests / t.seconds,
    p50: [...t.p50].sort((a, b) => a - b)[Math.floor(t.p50.length / 2)],
    p99: Math.max(...t.p99),
  }));
  return { tool, rows };
}

/** Milliseconds as the benches print them (one decimal). */
export const ms = (x) => Math.round(x * 10) / 10;
