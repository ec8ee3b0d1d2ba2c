import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../database.ts';
import { openDatabase, type DatabaseHandle } from '../db/db.ts';
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from '../../test/test-db.ts';
import { periodStartOf, runDueJobs, type ScheduledJob } from './scheduler.ts';

const HOUR = 3600;

/** A job that counts its runs and can be told to fail. */
const countingJob = (name: string, options: { fails?: boolean; slowMs?: number } = {}) => {
  const runs: Date[] = [];
  const job: ScheduledJob<Database> = {
    name,
    everySeconds: HOUR,
    run: async (_db, now) => {
      runs.push(now);
      if (options.slowMs) await new Promise((r) => setTimeout(r, options.slowMs));
      if (options.fails) throw new Error('vendor unreachable');
      return `run ${runs.length}`;
    },
  };
  return { job, runs };
};

describe(`scheduled jobs (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: TestDatabase;
  /** A second gateway node: its own pool on the same tables (PostgreSQL), or the same PGlite. */
  let otherNode: DatabaseHandle<Database> | undefined;
  const secondDb = () => otherNode?.db ?? database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    if (TEST_DATABASE_URL) {
      otherNode = await openDatabase<Database>({
        kind: 'postgres',
        url: TEST_DATABASE_URL,
        schema: database.schema,
      });
    }
  });
  afterAll(async () => {
    await otherNode?.close();
    await database.close();
  });

  it('periods are aligned to the epoch, so every node computes the same one', () => {
    const at = new Date('2026-11-22T10:59:59.999Z');
    expect(periodStartOf(at, HOUR).toISOString()).toBe('2026-11-22T10:00:00.000Z');
    expect(periodStartOf(new Date('2026-11-22T11:00:00Z'), HOUR).toISOString()).toBe(
      '2026-11-22T11:00:00.000Z',
    );
  });

  it('runs a job once per period however often a node ticks, and again in the next period', async () => {
    const { job, runs } = countingJob('test.once-per-period');
    const t0 = new Date('2026-01-01T10:05:00Z');
    expect(await runDueJobs(database.db, [job], t0, 'node-a')).toHaveLength(1);
    expect(await runDueJobs(database.db, [job], new Date('2026-01-01T10:40:00Z'), 'node-a')).toEqual([]);
    expect(await runDueJobs(database.db, [job], new Date('2026-01-01T11:00:01Z'), 'node-a')).toHaveLength(1);
    expect(runs.map((r) => r.toISOString())).toEqual([
      '2026-01-01T10:05:00.000Z',
      '2026-01-01T11:00:01.000Z',
    ]);
    const rows = await database.db
      .selectFrom('job_run')
      .selectAll()
      .where('name', '=', job.name)
      .orderBy('period_start')
      .execute();
    expect(rows.map((r) => [r.outcome, r.detail, r.finished_at !== null])).toEqual([
      ['done', 'run 1', true],
      ['done', 'run 2', true],
    ]);
  });

  it('records a failure and does not retry it within the same period', async () => {
    const { job, runs } = countingJob('test.failing', { fails: true });
    const at = new Date('2026-01-02T10:00:00Z');
    const [outcome] = await runDueJobs(database.db, [job], at, 'node-a');
    expect(outcome).toMatchObject({ outcome: 'failed', detail: 'vendor unreachable' });
    expect(await runDueJobs(database.db, [job], at, 'node-b')).toEqual([]);
    expect(runs).toHaveLength(1);
    const row = await database.db
      .selectFrom('job_run')
      .select(['outcome', 'detail', 'node'])
      .where('name', '=', job.name)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ outcome: 'failed', detail: 'vendor unreachable', node: 'node-a' });
  });

  it('two nodes ticking at the same moments run each period exactly once between them', async () => {
    const { job, runs } = countingJob('test.two-nodes', { slowMs: 5 });
    const base = Date.parse('2026-02-01T00:00:00Z');
    const ticks = Array.from({ length: 12 }, (_, i) => new Date(base + i * 20 * 60_000)); // every 20 min: 4 h
    const ranBy = await Promise.all(
      ticks.flatMap((at) => [
        runDueJobs(database.db, [job], at, 'node-a'),
        runDueJobs(secondDb(), [job], at, 'node-b'),
      ]),
    );
    expect(runs).toHaveLength(4);
    expect(ranBy.flat()).toHaveLength(4);
    const periods = await database.db
      .selectFrom('job_run')
      .select(['period_start', 'node'])
      .where('name', '=', job.name)
      .execute();
    expect(periods.map((p) => p.period_start.toISOString()).sort()).toEqual([
      '2026-02-01T00:00:00.000Z',
      '2026-02-01T01:00:00.000Z',
      '2026-02-01T02:00:00.000Z',
      '2026-02-01T03:00:00.000Z',
    ]);
  });
});
