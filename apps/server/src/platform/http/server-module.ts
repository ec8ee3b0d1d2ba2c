import type { FastifyInstance } from 'fastify';
import type { Consumer } from '../events/event-catalogue.ts';
import type { ScheduledJob } from '../jobs/scheduler.ts';

/**
 * A server module as the app sees it: a name, what it adds to the app (routes, hooks), and beside
 * them what it runs in the background: its periodic jobs and its domain-event consumers. `Ctx` is
 * what the module needs of the app's shared context; `DB` the database its jobs and consumers are
 * typed by. app.ts registers one ordered list of these with one context object that satisfies them
 * all, then collects every module's jobs (for main.ts's scheduler) and consumers (for the event
 * dispatcher).
 */
export type ServerModule<Ctx, DB = never> = {
  readonly name: string;
  // Properties, not methods: the context type is then checked contravariantly.
  readonly register: (app: FastifyInstance, ctx: Ctx) => void | Promise<void>;
} & ModuleBackground<Ctx, DB>;

/** A module with no DB type runs nothing in the background, so it fits any app's module list. */
type ModuleBackground<Ctx, DB> = [DB] extends [never]
  ? { readonly jobs?: undefined; readonly consumers?: undefined }
  : {
      /**
       * Periodic jobs (run once across nodes by the scheduler). A factory, called after every module
       * is registered, because some need a piece of the running app (a payment rail, the audit, a
       * client the module built in register).
       */
      readonly jobs?: (ctx: Ctx, app: FastifyInstance) => readonly ScheduledJob<DB>[];
      /** Domain-event consumers (platform/events); a factory for the same reason (the live channel). */
      readonly consumers?: (ctx: Ctx) => readonly Consumer<DB>[];
    };
