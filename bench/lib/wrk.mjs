// Shared bench helper (not a benchmark): HTTP load from wrk (Debian package `wrk`, a C load generator
// like pgbench is a C client), for the runs compared with pgbench. On these 2-core machines the load
// generator shares the cores with the gateway and PostgreSQL: autocannon spends 100-170 µs of CPU per
// request there, wrk about a tenth of that, so with wrk the figure is the gateway's, not the
// generator's. When wrk is not installed the caller falls back to autocannon and says so.
//
// Each request is built in wrk's Lua: a body template with a fresh request id (`%ID%`) and a bearer
// token taken in turn, like many members' clients at once; or bodies built beforehand, taken in turn
// (varied questions, where the generator must not spend its time composing them).
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function wrkAvailable() {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (err) {
    // wrk --version prints its usage and exits 1; only a missing binary throws ENOENT.
    return err.code !== 'ENOENT';
  }
}

const luaString = (s) => JSON.stringify(s); // JSON string escapes are valid Lua string escapes here

/**
 * Runs wrk against `url` for `seconds` with `connections` keep-alive connections on one thread.
 * `bodyTemplate` (a JSON string with `%ID%` where the request id goes), `bodies` (request bodies taken
 * in turn; instead of a template), `tokens` (bearer tokens, taken in turn) and `headers` (added to
 * every request) are optional. Returns { rps, total, p50, p99 (ms), non2xx, errors }.
 */
export async function wrkRun({
  url,
  connections,
  seconds,
  method = 'GET',
  bodyTemplate,
  bodies = [],
  tokens = [],
  headers = {},
}) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-wrk-'));
  const salt = randomBytes(4).toString('hex');
  const script = join(dir, 'load.lua');
  writeFileSync(
    script,
    `
local tokens = { ${tokens.map(luaString).join(', ')} }
local bodies = { ${bodies.map(luaString).join(',\n')} }
local template = ${bodyTemplate === undefined ? 'nil' : luaString(bodyTemplate)}
local n = 0
local salt = ${luaString(salt)}
local headers = { ${Object.entries({ 'content-type': 'application/json', ...headers })
      .map(([k, v]) => `[${luaString(k)}] = ${luaString(v)}`)
      .join(', ')} }
request = function()
  n = n + 1
  if #tokens > 0 then headers["authorization"] = "Bearer " .. tokens[(n % #tokens) + 1] end
  local body = nil
  if #bodies > 0 then body = bodies[(n % #bodies) + 1] end
  if template then body = template:gsub("%%ID%%", "w" .. salt .. "-" .. n) end
  return wrk.format(${luaString(method)}, nil, headers, body)
end
done = function(summary, latency, requests)
  io.write(string.format('{"total":%d,"micros":%d,"p50":%d,"p99":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.status, summary.errors.timeout))
end
`,
  );
  try {
    const out = await new Promise((resolve, reject) =>
      execFile(
        'wrk',
        ['-t', '1', '-c', String(connections), '-d', `${seconds}s`, '--timeout', '10s', '-s', script, url],
        { encoding: 'utf8' },
        (err, stdout, stderr) =>
          err ? reject(new Error(`wrk failed: ${stderr || err.message}`)) : resolve(stdout),
      ),
    );
    const line = out.split('\n').find((l) => l.startsWith('{"total"'));
    if (!line) throw new Error(`wrk printed no summary:\n${out}`);
    const s = JSON.parse(line);
    return {
      rps: s.total / (s.micros / 1e6),
      total: s.total,
      p50: s.p50 / 1000,
      p99: s.p99 / 1000,
      non2xx: s.status,
      errors: s.connect + s.read + s.write + s.timeout,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
