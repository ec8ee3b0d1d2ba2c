import type { FastifyInstance } from 'fastify';

/**
 * A server module as the app sees it: a name and what it adds to the app (routes, hooks). `Ctx` is
 * what the module needs of the app's shared context; app.ts registers a list of these, in order, with
 * one context object that satisfies them all.
 */
export interface ServerModule<Ctx> {
  readonly name: string;
  // A property, not a method: the context type is then checked contravariantly.
  readonly register: (app: FastifyInstance, ctx: Ctx) => void | Promise<void>;
}
