// Shared bench helper (not a benchmark): what a gateway child spent per request, measured inside it so
// that other load on the machine moves it far less than throughput. The child counts every SQL
// statement its pooled clients send (BEGIN and COMMIT included, the event dispatcher's too) and reads
// its own CPU time; the parent asks for both before and after a run and divides by the requests.

/** In the child, before the app is built: counts statements and answers the parent's 'counters'. */
export async function serveCounters() {
  const { default: pg } = await import('pg');
  let statements = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (...args) {
    statements += 1;
    return query.apply(this, args);
  };
  process.on('message', (msg) => {
    if (msg !== 'counters') return;
    const { user, system } = process.cpuUsage();
    process.send({
      counters: {
        statements,
        cpuMicros: user + system,
        systemMicros: system,
        elu: performance.eventLoopUtilization(),
      },
    });
  });
}

/**
 * In the parent: the child's counters now ({ statements, cpuMicros, systemMicros: the kernel's part of
 * cpuMicros, elu: its event-loop utilisation so far }).
 */
export function readCounters(child) {
  return new Promise((resolve) => {
    const onMessage = (m) => {
      if (!m || typeof m !== 'object' || !m.counters) return;
      child.off('message', onMessage);
      resolve(m.counters);
    };
    child.on('message', onMessage);
    child.send('counters');
  });
}

/** Per-request figures between two readings. */
export const perRequest = (before, after, requests) => ({
  statements: (after.statements - before.statements) / requests,
  cpu: (after.cpuMicros - before.cpuMicros) / requests,
});
