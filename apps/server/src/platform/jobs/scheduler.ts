import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { Kysely } from 'kysely';
import type { JobTables } from './job-run.table.ts';
import { claimJobRun, finishJobRun } from './job-run.repository.ts';

/**
 * Periodic jobs that run once per period across all gateway nodes (ARCHITECTURE.md section 4).
 *
 * Every node ticks; on each tick it tries to claim the current period of each job by inserting
 * `job_run (name, period_start)`. The primary key lets exactly one insert succeed, on PGlite and on
 * PostgreSQL alike, so no node needs to know about the others and a node that dies mid-job leaves a
 * row without `finished_at` to look at instead of a lock held forever. Periods are aligned to the
 * epoch, so all nodes agree on them without talking.
 */
/** `DB` is the database the jobs work on (the app's Database); the scheduler itself only knows job_run. */
export interface ScheduledJob<DB = unknown> {
  /** Stable name, stored in job_run: renaming it makes the job run again in the current period. */
  name: string;
  everySeconds: number;
  /** Does the work; returns a short summary for job_run.detail. */
  run(db: Kysely<DB>, now: Date): Promise<string>;
}

export interface JobOutcome {
  name: string;
  periodStart: Date;
  outcome: 'done' | 'failed';
  detail: string;
}

export const periodStartOf = (now: Date, everySeconds: number): Date => {
  const ms = everySeconds * 1000;
  return new Date(Math.floor(now.getTime() / ms) * ms);
};

/** Claims and runs every job whose current period nobody has claimed yet. Returns what this node ran. */
export async function runDueJobs<DB extends JobTables>(
  db: Kysely<DB>,
  jobs: readonly ScheduledJob<DB>[],
  now: Date,
  node: string,
): Promise<JobOutcome[]> {
  // Kysely is invariant in its tables: the scheduler's own queries see only job_run.
  const jobDb = db as unknown as Kysely<JobTables>;
  const ran: JobOutcome[] = [];
  for (const job of jobs) {
    const periodStart = periodStartOf(now, job.everySeconds);
    if (!(await claimJobRun(jobDb, { name: job.name, periodStart, node, now }))) continue;
    let outcome: JobOutcome['outcome'] = 'done';
    let detail: string;
    try {
      detail = await job.run(db, now);
    } catch (err) {
      outcome = 'failed';
      detail = err instanceof Error ? err.message : String(err);
    }
    await finishJobRun(jobDb, { name: job.name, periodStart, outcome, detail: detail.slice(0, 500) });
    ran.push({ name: job.name, periodStart, outcome, detail });
  }
  return ran;
}

export interface SchedulerOptions<DB extends JobTables> {
  db: Kysely<DB>;
  jobs: readonly ScheduledJob<DB>[];
  logger: Logger;
  /**
   * How often a node looks for due periods; a job runs within this much of its period start. Default:
   * every 60 s, or as often as the shortest job's period when that is shorter (a job of 10 s, as e2e
   * sets the agent contracts' settlement, would otherwise run once a minute, not every 10 s).
   */
  tickSeconds?: number;
  clock?: () => Date;
}

export interface Scheduler {
  /** Waits for a tick in progress, then stops ticking. */
  stop(): Promise<void>;
}

export function startScheduler<DB extends JobTables>({
  db,
  jobs,
  logger,
  tickSeconds = Math.min(60, ...jobs.map((j) => j.everySeconds)),
  clock = () => new Date(),
}: SchedulerOptions<DB>): Scheduler {
  const node = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = runDueJobs(db, jobs, clock(), node)
      .then((ran) => {
        for (const r of ran) {
          const log = { job: r.name, periodStart: r.periodStart.toISOString(), detail: r.detail };
          if (r.outcome === 'failed') logger.error(log, 'scheduled job failed');
          else logger.info(log, 'scheduled job done');
        }
      })
      .catch((err: unknown) => logger.error({ err }, 'scheduler tick failed'));
  };
  // First tick soon after start (not at once: start-up has enough to do), then every tickSeconds.
  const first = setTimeout(tick, 5_000);
  const timer = setInterval(tick, tickSeconds * 1000);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
