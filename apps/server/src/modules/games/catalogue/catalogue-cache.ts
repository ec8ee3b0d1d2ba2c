/**
 * A gateway node's current catalogue: the snapshot of one catalogue version (catalogue-snapshot.ts)
 * and, beside it, the answers already made from it (validated and serialised envelopes: the hot path
 * of repeated lobby calls). Both go together when the version moves, so no answer outlives its
 * snapshot.
 *
 * The version lives in the database and moves in the transaction of every catalogue change (import,
 * by any process). A node learns of it two ways:
 * - the change's domain event, `games.catalogue-changed`: whichever node handles it tells every node
 *   through the live channel (catalogue.events.ts), and `changed(version)` makes the next call
 *   rebuild before it answers;
 * - a read of the version at most once per `checkEveryMs`, so a node that missed the message (the
 *   live channel keeps nothing while a node reconnects) is stale for at most that long.
 */
export class CatalogueCache<S extends { version: number }> {
  private current: Current<S> | undefined;
  /** The newest version this node knows exists (from the change events or the version reads). */
  private wanted = 0;
  private checkedAt = -Infinity;
  private refreshing: Promise<Current<S>> | undefined;

  constructor(
    private readonly load: () => Promise<S>,
    private readonly readVersion: () => Promise<number>,
    private readonly options: { checkEveryMs: number; maxEntries: number; now?: () => number } = {
      checkEveryMs: 1000,
      maxEntries: 2000,
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private isFresh(current: Current<S> | undefined): current is Current<S> {
    return (
      current !== undefined &&
      current.snapshot.version >= this.wanted &&
      this.now() - this.checkedAt < this.options.checkEveryMs
    );
  }

  /** The current snapshot and its answers: rebuilt first when a newer version is known or due a check. */
  private async fresh(): Promise<Current<S>> {
    if (this.isFresh(this.current)) return this.current;
    // One refresh at a time; callers arriving meanwhile share it.
    this.refreshing ??= (async () => {
      try {
        let build = !this.current;
        if (!this.current || this.now() - this.checkedAt >= this.options.checkEveryMs) {
          const before = this.wanted;
          const checkedAt = this.now();
          const version = await this.readVersion();
          this.checkedAt = checkedAt;
          // The read is the database's word (a restored database may even go back); an event that
          // arrived during the read may be newer still.
          this.wanted = this.wanted > before ? Math.max(this.wanted, version) : version;
          if (version !== this.current?.snapshot.version) build = true;
        }
        if (this.current && this.current.snapshot.version < this.wanted) build = true;
        if (build || !this.current) {
          this.current = {
            snapshot: await this.load(),
            entries: new Map(),
            settled: new Map(),
            askedOnce: new Set(),
          };
        }
        return this.current;
      } finally {
        this.refreshing = undefined;
      }
    })();
    return this.refreshing;
  }

  /** The snapshot to answer from. */
  async snapshot(): Promise<S> {
    return (await this.fresh()).snapshot;
  }

  /**
   * The answer kept for `key` with the current snapshot, or `make(snapshot)`'s (shared by concurrent
   * callers; a failure is not kept). Answers are shared: callers must not mutate them.
   */
  async get<T>(key: string, make: (snapshot: S) => T | Promise<T>): Promise<T> {
    const current = this.isFresh(this.current) ? this.current : await this.fresh();
    return (kept<T>(current, key) ?? this.keep(current, key, make)) as Promise<T>;
  }

  /**
   * As get, but an answer is kept only when its key is asked a second time while remembered (the
   * last `2 * maxEntries` keys asked once): a question asked once, as most of a lobby's pages and
   * searches are, is answered and dropped young instead of pushing a kept answer out and ageing
   * into the old generation itself (about 15-25 µs of GC and map upkeep per such answer measured on
   * the lobby's varied lists, docs/benchmarks.md). Answers asked again are kept as by get.
   */
  async getAskedAgain<T>(key: string, make: (snapshot: S) => T | Promise<T>): Promise<T> {
    const current = this.isFresh(this.current) ? this.current : await this.fresh();
    const hit = kept<T>(current, key);
    if (hit) return hit;
    const asked = current.askedOnce;
    if (asked.delete(key)) return this.keep(current, key, make);
    asked.add(key);
    if (asked.size > 2 * this.options.maxEntries) asked.delete(asked.values().next().value!);
    return make(current.snapshot);
  }

  /**
   * The answer kept for `key`, when it is made and the snapshot needs no check: at once, with no
   * wait and no refresh (a request answered from it skips its check and handler: RouteOptions
   * keptAnswers). Otherwise undefined, and the caller goes through get or getAskedAgain.
   */
  peek<T>(key: string): T | undefined {
    const current = this.current;
    if (!this.isFresh(current)) return undefined;
    const value = current.settled.get(key);
    if (value !== undefined) touch(current, key);
    return value as T | undefined;
  }

  /** Makes the answer for `key` and keeps it, the least recently used going past maxEntries. */
  private keep<T>(current: Current<S>, key: string, make: (snapshot: S) => T | Promise<T>): Promise<T> {
    const { entries, settled } = current;
    const making = (async () => make(current.snapshot))();
    entries.set(key, making);
    if (entries.size > this.options.maxEntries) {
      const oldest = entries.keys().next().value!;
      entries.delete(oldest);
      settled.delete(oldest);
    }
    making.then(
      (value) => {
        if (entries.get(key) === making) settled.set(key, value);
      },
      () => {
        if (entries.get(key) === making) entries.delete(key);
      },
    );
    return making;
  }

  /** A change committed at `version` (its event): the next call answers from that version or later. */
  changed(version: number): void {
    if (version > this.wanted) this.wanted = version;
  }

  /** Drops everything now: the next call reads the version and rebuilds. */
  invalidate(): void {
    this.current = undefined;
    this.checkedAt = -Infinity;
  }
}

interface Current<S> {
  snapshot: S;
  entries: Map<string, Promise<unknown>>;
  /** The entries' answers once made (peek), dropped with their entry. */
  settled: Map<string, unknown>;
  /** Keys asked once and not kept (getAskedAgain), oldest first. */
  askedOnce: Set<string>;
}

/** The answer kept for `key`, made the most recently used. */
function kept<T>(current: Current<unknown>, key: string): Promise<T> | undefined {
  const hit = current.entries.get(key);
  if (hit) touch(current, key);
  return hit as Promise<T> | undefined;
}

/** Makes a kept entry the most recently used: least recently used goes first, so re-insert on use. */
function touch(current: Current<unknown>, key: string): void {
  const hit = current.entries.get(key)!;
  current.entries.delete(key);
  current.entries.set(key, hit);
}
