// Shared bench helper (not a benchmark): runs a gateway in a child process (the bench file again, with
// the tsx loader and BENCH_ROLE=server), waits for its first message (what it started with) and stops
// it on request. The child answers 'stop' by closing and cleaning up, then exits.
// BENCH_CPU_PROF=<dir>: a V8 CPU profile of the gateway, written there when it stops. BENCH_NODE_FLAGS:
// more node or V8 flags for the gateway, space-separated (e.g. `--trace-gc`), to look into a figure.
import { fork } from 'node:child_process';
import { readCounters } from './gateway-counters.mjs';

export async function startChildGateway(file, env, { killAfterMs }) {
  const execArgv = ['--import', 'tsx', ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [])];
  if (process.env.BENCH_CPU_PROF) execArgv.push('--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`);
  const child = fork(file, [], {
    execArgv,
    env: { ...process.env, ...env, BENCH_ROLE: 'server' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killTimer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  killTimer.unref();
  const started = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
  });
  const stop = async () => {
    clearTimeout(killTimer);
    if (child.connected) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    }
    if (child.exitCode === null) child.kill('SIGKILL');
  };
  /** The child's statement and CPU counters (it must call serveCounters). */
  const counters = () => readCounters(child);
  return { started, stop, counters, child };
}
