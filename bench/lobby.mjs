// Lobby benchmark (issues 10 and 22): GCSGAME_gameList requests per second and p99, filtered by game
// type, by vendor and with a name search, beside a bare Fastify route (/healthz) in the same gateway and
// run; last line `ratio <game list/bare route>` (goal >= 0.5). Then varied
// requests, which the per-node answer cache does not hold (a random type, vendor, classification, page,
// page size and language, or a PT or EN name search with or without accents and a number, on every
// request): line `varied ratio <varied/bare route>, p99 ms <worst slice p99>` (goals >= 0.2 and
// <= 10 ms), after one unmeasured warm-up slice of every run; before it `varied p99 / bare relay p99
// <x>`, the median slices' p99s (the goal proposed in place of the absolute 10 ms). Load from wrk when
// installed (bench/lib/wrk.mjs: a C client, like pgbench's, so that on a 2-core machine the figure is the
// gateway's and not the load generator's: autocannon spends about ten times wrk's CPU per request, on
// the same cores); else autocannon, and the bench says so. Every
// request carries a browser's headers (its language, `accept-encoding: gzip, deflate, br`): the lists
// go compressed, as to a member. The
// varied questions are built beforehand (8,000, taken in turn, each slice going on from where the last
// stopped: four times what the answer cache holds and twice the questions asked once it remembers, so
// every one misses). A bare POST relay route (the bench's own, under /wps: a JSON body read and parsed,
// every global hook, a tiny answer) shows what the lists pay as POST calls before their own work; the
// ratios stay against /healthz. The lists are answered from each node's catalogue snapshot (docs/games-catalogue.md); the
// bench prints its size and build time, and the SQL plans of the lists (what the snapshot is checked
// against, and what docs/games-catalogue.md quotes).
//
// The catalogue: 10,000 games over 40 vendors, imported through the operator's import into a throw-away
// schema of BENCH_DATABASE_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// dropped at the end. Run from the repository root: `npm run bench -- lobby`; `BENCH_ONLY=varied` runs only
// the bare route and the varied requests (with `BENCH_CPU_PROF=<dir>`, a profile of the varied path;
// `BENCH_TRACE_GC=1`, the gateway's collections; `BENCH_HEAP_PROF=<dir>`, a sampled heap profile).
import './lib/one-line-failure.mjs';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { wrkAvailable, wrkRun } from './lib/wrk.mjs';
import { readCounters, serveCounters } from './lib/gateway-counters.mjs';
import { percentile } from './lib/percentile.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Each run's SECONDS are spread over ROUNDS interleaved slices. */
const ROUNDS = 5;
const SLICE_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
const VENDORS = 40;
const GAMES = 10_000;
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
/** Varied bodies wrk takes in turn: four times the answer cache's 2,000 entries, so none is a hit. */
const VARIED_BODIES = 8000;
const CONNECTIONS = 10;
/** The bench's bare POST route (registered by the bench's gateway child only). */
const ECHO_PATH = '/wps/relay/BENCH_echo';
/** `BENCH_ONLY=varied`: the bare route and the varied run only (e.g. for a CPU profile of the varied path). */
const ONLY_VARIED = process.env.BENCH_ONLY === 'varied';
/** What a member's browser sends with every call: its language and the encodings it takes. */
const BROWSER_HEADERS = { language: 'PT', 'accept-encoding': 'gzip, deflate, br' };
const TYPES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS'];
const WORDS_PT = [
  'Fortuna',
  'Dragão',
  'Tesouro',
  'Coração',
  'Estrela',
  'Pérola',
  'Relâmpago',
  'Maçã',
  'Leão',
  'Tigre',
  'Ouro',
  'Sorte',
  'Diamante',
  'Fênix',
  'Café',
  'Pirâmide',
];
const WORDS_EN = [
  'Fortune',
  'Dragon',
  'Treasure',
  'Heart',
  'Star',
  'Pearl',
  'Lightning',
  'Apple',
  'Lion',
  'Tiger',
  'Gold',
  'Luck',
  'Diamond',
  'Phoenix',
  'Coffee',
  'Pyramid',
];

if (process.env.BENCH_ROLE === 'server') await serve();
else await main();

/** The bench catalogue: deterministic, names with accents, spread over types and vendors. */
function benchCatalogue() {
  const vendors = Array.from({ length: VENDORS }, (_, v) => ({
    vassalage: `BV${String(v).padStart(2, '0')}`,
    displayName: `Bench Vendor ${v}`,
    provider: 'EXTERNAL',
    gameType: TYPES[v % TYPES.length],
    lagerIcon: '/art/bench-vendor.svg',
    sort: 100 + v,
    enabled: true,
  }));
  const games = Array.from({ length: GAMES }, (_, i) => {
    const v = i % VENDORS;
    const a = i % 16;
    const b = Math.floor(i / 16) % 16;
    return {
      vassalage: vendors[v].vassalage,
      gameCode: `G${i}`,
      gameType: TYPES[(v + Math.floor(i / VENDORS)) % TYPES.length],
      gameClassify: `C${i % 4}`,
      namePT: `${WORDS_PT[a]} ${WORDS_PT[b]} ${i}`,
      nameEN: `${WORDS_EN[a]} ${WORDS_EN[b]} ${i}`,
      iconUrl: '/art/bench-tile.svg',
      isHot: i % 50 === 0,
      hotRank: i % 97,
      supportPlay: true,
      isGame: 'GAME',
      prizeModes: [],
      sort: i % 1000,
      enabled: true,
    };
  });
  return { vendors, games };
}

// --- the gateway (child) ----------------------------------------------------------------------------

async function serve() {
  await serveCounters();
  const { default: pino } = await import('pino');
  const { loadConfig } = await import('../apps/server/src/platform/config.ts');
  const { prepareDatabase } = await import('../apps/server/src/bootstrap.ts');
  const { buildApp } = await import('../apps/server/src/app.ts');
  const { dropSchema } = await import('../apps/server/src/test/test-db.ts');
  const { importCatalogue, explainListGames, loadCatalogueSnapshot } =
    await import('../apps/server/src/modules/games/index.ts');
  const { sql } = await import('kysely');

  const url = process.env.BENCH_DB_URL;
  const schema = `bench_lobby_${process.pid}`;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    DATABASE_URL: url,
  });
  const logger = pino({ level: 'warn' });
  const database = await prepareDatabase(config, logger, { schema });
  const t0 = performance.now();
  const report = await importCatalogue(database.db, benchCatalogue());
  const importMs = performance.now() - t0;
  await sql`analyze game`.execute(database.db);
  const plans = {
    type: await explainListGames(database.db, { gameType: 'RNG', language: 'PT' }, { offset: 0, limit: 18 }),
    vendor: await explainListGames(
      database.db,
      { vassalages: ['BV07'], language: 'PT' },
      { offset: 0, limit: 18 },
    ),
    search: await explainListGames(
      database.db,
      { search: 'dragao', language: 'PT' },
      { offset: 0, limit: 18 },
    ),
    'selective search': await explainListGames(
      database.db,
      { search: '4321', language: 'PT' },
      { offset: 0, limit: 18 },
    ),
  };
  // The snapshot's share of the heap: one built and kept beside nothing else (the gateway builds its own).
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const s0 = performance.now();
  const snapshot = await loadCatalogueSnapshot(database.db);
  const snapshotMs = performance.now() - s0;
  global.gc?.();
  const snapshotBytes = process.memoryUsage().heapUsed - heapBefore;
  if (snapshot.size !== GAMES) throw new Error(`snapshot holds ${snapshot.size} games`);
  const app = await buildApp({ config, db: database.db, logger });
  // Not part of the gateway: a reference for what the lists pay as POST relay calls before their own
  // work. A POST under /wps with a small JSON body (read and parsed), through every global hook the
  // list goes through (the system guard, no-store, the dispatcher's nudge after a POST), answering a
  // tiny envelope; no body schema and no answer schema.
  app.post(ECHO_PATH, async (request) => ({
    success: true,
    code: 0,
    message: 'success',
    value: { pageNo: request.body?.pageNo ?? 0 },
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address();
  process.send({
    port,
    database: database.kind,
    importMs,
    changes: report.changes,
    plans,
    snapshot: { ms: snapshotMs, bytes: global.gc ? snapshotBytes : undefined },
  });
  process.on('message', async (msg) => {
    if (msg !== 'stop') return;
    await app.close();
    await new Promise((resolve) => setTimeout(resolve, 500));
    await database.close();
    await dropSchema(url, schema);
    process.exit(0);
  });
}

// --- the load (parent) ------------------------------------------------------------------------------

async function main() {
  const { default: autocannon } = await import('autocannon');
  const dbUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || DEFAULT_URL;
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: [
      '--import',
      'tsx',
      '--expose-gc',
      ...(process.env.BENCH_TRACE_GC ? ['--trace-gc'] : []),
      ...(process.env.BENCH_HEAP_PROF
        ? ['--heap-prof', `--heap-prof-dir=${process.env.BENCH_HEAP_PROF}`]
        : []),
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: { ...process.env, BENCH_ROLE: 'server', BENCH_DB_URL: dbUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const killTimer = setTimeout(() => child.kill('SIGKILL'), (SECONDS * 10 + 300) * 1000);
  killTimer.unref();

  try {
    const started = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
    });
    const base = `http://127.0.0.1:${started.port}`;
    console.log(
      `gateway on ${base} (${started.database}, throw-away schema); imported ${GAMES} games over ${VENDORS} vendors ` +
        `in ${(started.importMs / 1000).toFixed(1)} s (${started.changes} rows)`,
    );
    const mb = started.snapshot.bytes === undefined ? 'n/a' : (started.snapshot.bytes / 2 ** 20).toFixed(1);
    console.log(
      `catalogue snapshot: ${GAMES} games, heap MB ${mb}, built in ${started.snapshot.ms.toFixed(0)} ms`,
    );
    for (const [name, plan] of Object.entries(started.plans)) {
      console.log(
        `\nplan, list by ${name}:\n  ${plan.list.join('\n  ')}\nplan, count by ${name}:\n  ${plan.count.join('\n  ')}`,
      );
    }

    const listPath = `${base}/wps/relay/GCSGAME_gameList`;
    const post = (body) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', language: 'PT' },
      body: JSON.stringify(body),
    });
    const check = async (body) => {
      const res = await fetch(listPath, post(body));
      const json = await res.json();
      if (res.status !== 200 || json.value.games.length === 0)
        throw new Error(`list ${JSON.stringify(body)}: ${res.status} ${json.code}`);
      return json.value;
    };
    const filters = {
      'by type (RNG)': { gameType: 'RNG', pageNo: 1, pageSize: 18 },
      'by vendor (BV07)': { vassalage: 'BV07', pageNo: 1, pageSize: 18 },
      'name search "dragao"': { gameName: 'dragao', pageNo: 1, pageSize: 18 },
    };
    for (const body of Object.values(filters)) await check(body);

    const useWrk = wrkAvailable();
    const generator = useWrk ? 'wrk (1 thread)' : 'autocannon (wrk not installed)';
    /** One slice of load, the same figures whichever generator runs it. */
    // Each slice's generator starts at its first body: the varied bodies are handed to each slice from
    // where the previous one stopped, so a question comes back only after all 8,000 others (every
    // slice starting at the first body again had asked the same questions in each slice: on a slow
    // machine, fewer than the cache remembers, so from the third slice on they were cache hits).
    let variedSent = 0;
    const load = async (name, { url, body, bodies: allBodies }) => {
      const from = allBodies ? variedSent % allBodies.length : 0;
      const bodies = allBodies && [...allBodies.slice(from), ...allBodies.slice(0, from)];
      let r;
      if (useWrk) {
        const w = await wrkRun({
          url,
          connections: CONNECTIONS,
          seconds: SLICE_SECONDS,
          method: body || bodies ? 'POST' : 'GET',
          headers: BROWSER_HEADERS,
          bodies: bodies ?? (body ? [JSON.stringify(body)] : []),
        });
        r = {
          total: w.total,
          seconds: w.total / w.rps,
          p50: w.p50,
          p99: w.p99,
          non2xx: w.non2xx,
          errors: w.errors,
        };
      } else {
        let next = 0;
        const a = await autocannon({
          url,
          connections: CONNECTIONS,
          duration: SLICE_SECONDS,
          headers: BROWSER_HEADERS,
          ...(body || bodies
            ? {
                method: 'POST',
                headers: { 'content-type': 'application/json', ...BROWSER_HEADERS },
                requests: [
                  {
                    setupRequest: (req) => ({
                      ...req,
                      body: bodies ? bodies[next++ % bodies.length] : JSON.stringify(body),
                    }),
                  },
                ],
              }
            : {}),
        });
        r = {
          total: a.requests.total,
          seconds: a.duration,
          p50: a.latency.p50,
          p99: a.latency.p99,
          non2xx: a.non2xx,
          errors: a.errors,
        };
      }
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      if (allBodies) variedSent += r.total;
      return r;
    };
    // Varied requests: each one a new question (what the per-node answer cache does not hold, about
    // 10^6 combinations against its 2,000 answers): a type, a vendor or a PT or EN name search, with a
    // random classification, page, page size and language. Deterministic, so two runs ask the same.
    let seed = 12345;
    const rnd = (n) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return Math.floor((seed / 2 ** 32) * n);
    };
    const fold = (w) => w.normalize('NFKD').replace(/\p{M}+/gu, '');
    const variedBody = () => {
      const language = rnd(2) === 0 ? 'PT' : 'EN';
      const pageSize = [12, 18, 24, 30][rnd(4)];
      const classify = rnd(3) === 0 ? { gameClassify: `C${rnd(4)}` } : {};
      switch (rnd(4)) {
        case 0:
          return { gameType: TYPES[rnd(5)], ...classify, pageNo: 1 + rnd(80), pageSize, language };
        case 1:
          return {
            vassalage: `BV${String(rnd(VENDORS)).padStart(2, '0')}`,
            ...classify,
            pageNo: 1 + rnd(10),
            pageSize,
            language,
          };
        default: {
          // A word or its start, accented or not, in any case, sometimes with a number or a type.
          const words = language === 'PT' ? WORDS_PT : WORDS_EN;
          let word = words[rnd(16)].slice(0, 3 + rnd(6));
          if (rnd(2) === 0) word = fold(word);
          if (rnd(3) === 0) word = word.toUpperCase();
          const gameName = rnd(2) === 0 ? `${word} ${rnd(GAMES)}` : word;
          const type = rnd(3) === 0 ? { gameType: TYPES[rnd(5)] } : {};
          return { gameName, ...type, pageNo: 1 + rnd(3), pageSize, language };
        }
      }
    };
    const variedBodies = Array.from({ length: VARIED_BODIES }, () => JSON.stringify(variedBody()));
    const runs = [
      ['GET /healthz (bare route)', () => load('bare route', { url: `${base}/healthz` })],
      [
        'POST bare relay (JSON body, tiny answer)',
        () => load('bare POST', { url: `${base}${ECHO_PATH}`, body: filters['by type (RNG)'] }),
      ],
      ...Object.entries(ONLY_VARIED ? {} : filters).map(([name, body]) => [
        `GCSGAME_gameList ${name}`,
        () => load(name, { url: listPath, body }),
      ]),
      ['GCSGAME_gameList, varied page/search', () => load('varied', { url: listPath, bodies: variedBodies })],
    ];
    // The machine is shared: the runs are interleaved in ROUNDS short slices, so a change of load
    // hits the bare route and the lists alike and the ratio stays meaningful.
    console.log(
      `\n${generator}, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SLICE_SECONDS} s per run, interleaved...`,
    );
    const totals = new Map(
      runs.map(([name]) => [
        name,
        { requests: 0, seconds: 0, p50: [], p99: [], cpuMicros: 0, systemMicros: 0 },
      ]),
    );
    // First one unmeasured slice of each run: a freshly started gateway compiles and warms what a
    // kind of request touches on its first requests of that kind. Measured from the first slice, the
    // bare POST relay's worst-slice p99 was its warm-up (58 ms, then 3.6-4.4 ms in the four slices after
    // it), and the varied lists' too (13.2, then 8.2-8.7 ms). The vendor and wallet benches warm up alike.
    for (const [, run] of runs) await run();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of runs) {
        const before = await readCounters(child);
        const r = await run();
        const after = await readCounters(child);
        const t = totals.get(name);
        t.cpuMicros += after.cpuMicros - before.cpuMicros;
        t.systemMicros += after.systemMicros - before.systemMicros;
        t.requests += r.total;
        t.seconds += r.seconds;
        t.p50.push(r.p50);
        t.p99.push(r.p99);
      }
    }
    const summary = (name) => {
      const t = totals.get(name);
      return {
        requests: { average: t.requests / t.seconds },
        cpuPerRequest: t.cpuMicros / t.requests,
        systemPerRequest: t.systemMicros / t.requests,
        // Per-slice figures: the median p50, and the worst p99 of the rounds.
        latency: {
          p50: [...t.p50].sort((a, b) => a - b)[Math.floor(t.p50.length / 2)],
          p99: Math.max(...t.p99),
        },
      };
    };
    const bare = summary(runs[0][0]);
    const barePost = summary(runs[1][0]);
    const results = Object.keys(ONLY_VARIED ? {} : filters).map((name) => [
      `GCSGAME_gameList ${name}`,
      summary(`GCSGAME_gameList ${name}`),
    ]);
    const varied = summary('GCSGAME_gameList, varied page/search');

    const f1 = (x) => x.toFixed(1);
    const ms = (x) => (Number.isInteger(x) ? String(x) : x.toFixed(1));
    const rows = [
      ['GET /healthz (bare route)', bare],
      ['POST bare relay (JSON body, tiny answer)', barePost],
      ...results,
      ['GCSGAME_gameList, varied page/search', varied],
    ].map(([name, r]) => [
      name,
      `${f1(r.requests.average)} req/s`,
      `p50 ${ms(r.latency.p50)} ms`,
      `p99 ${ms(r.latency.p99)} ms`,
      `${r.cpuPerRequest.toFixed(0)} µs gateway CPU/req (kernel ${r.systemPerRequest.toFixed(0)})`,
    ]);
    const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...rows.map((r) => r[i].length)));
    console.log(
      `\nlobby bench (${started.database}, ${GAMES} games / ${VENDORS} vendors, ${ROUNDS} x ${SLICE_SECONDS} s each, loopback)`,
    );
    for (const r of rows)
      console.log(
        r
          .map((c, i) => c.padEnd(widths[i]))
          .join('  ')
          .trimEnd(),
      );
    const listRate = results.reduce((sum, [, r]) => sum + r.requests.average, 0) / results.length;
    console.log(
      `\nvaried requests (answers not cached, from the snapshot): ${f1(varied.requests.average)} req/s, p50 ${ms(varied.latency.p50)} ms`,
    );
    console.log(
      `varied p99 of each slice: ${totals
        .get('GCSGAME_gameList, varied page/search')
        .p99.map(ms)
        .join(', ')} ms (after one unmeasured warm-up slice of each run)`,
    );
    // The proposed goal for the varied tail (the worst of five 2 s slices makes one pause of the host
    // the figure): the median slice's p99 against the bare POST relay's, slices of the same rounds.
    const medianSlice = (name) => percentile(totals.get(name).p99, 50);
    const variedMedianP99 = medianSlice('GCSGAME_gameList, varied page/search');
    const relayMedianP99 = medianSlice(runs[1][0]);
    console.log(
      `varied p99 / bare relay p99 ${(variedMedianP99 / relayMedianP99).toFixed(2)} (median slice: ${ms(variedMedianP99)} against ${ms(relayMedianP99)} ms)`,
    );
    console.log(
      `varied ratio ${(varied.requests.average / bare.requests.average).toFixed(2)}, p99 ms ${ms(varied.latency.p99)}`,
    );
    // The same comparison in the gateway's own CPU per request, which the machine's other load moves
    // far less than throughput.
    const listCpu = results.reduce((sum, [, r]) => sum + r.cpuPerRequest, 0) / results.length;
    console.log(
      `gateway CPU per request: bare route ${bare.cpuPerRequest.toFixed(0)} µs, cached lists ${listCpu.toFixed(0)} µs (bare/list ${(bare.cpuPerRequest / listCpu).toFixed(2)}), varied ${varied.cpuPerRequest.toFixed(0)} µs (bare/varied ${(bare.cpuPerRequest / varied.cpuPerRequest).toFixed(2)})`,
    );
    console.log(
      ONLY_VARIED
        ? 'ratio n/a (BENCH_ONLY=varied)'
        : `ratio ${(listRate / bare.requests.average).toFixed(2)}`,
    );
  } finally {
    clearTimeout(killTimer);
    if (child.connected) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    }
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}
