/**
 * A read-through cache of catalogue answers, valid for one catalogue version. Every gateway node keeps
 * its own; a change (seed, import, run by any process) bumps the version in the database, and each
 * node reads the version at most once per `checkEveryMs`, so a node answers a stale list for at most
 * that long after an import commits. Entries are the final answers: callers must not mutate them.
 */
export class CatalogueCache {
  private version: number | undefined;
  private checkedAt = 0;
  private checking: Promise<void> | undefined;
  private readonly entries = new Map<string, Promise<unknown>>();

  constructor(
    private readonly readVersion: () => Promise<number>,
    private readonly options: { checkEveryMs: number; maxEntries: number; now?: () => number } = {
      checkEveryMs: 1000,
      maxEntries: 2000,
    },
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** Re-reads the version when it is older than checkEveryMs (one read at a time). */
  private async fresh(): Promise<void> {
    if (this.version !== undefined && this.now() - this.checkedAt < this.options.checkEveryMs) return;
    this.checking ??= (async () => {
      try {
        const version = await this.readVersion();
        if (version !== this.version) this.entries.clear();
        this.version = version;
        this.checkedAt = this.now();
      } finally {
        this.checking = undefined;
      }
    })();
    await this.checking;
  }

  /** The cached answer for `key`, or `load()`'s (shared by concurrent callers; a failure is not kept). */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    await this.fresh();
    const hit = this.entries.get(key);
    if (hit) {
      // Least recently used goes first: re-insert on use.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit as Promise<T>;
    }
    const loading = load();
    this.entries.set(key, loading);
    if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    loading.catch(() => {
      if (this.entries.get(key) === loading) this.entries.delete(key);
    });
    return loading;
  }

  /** Drops everything now (this node's own writes). */
  invalidate(): void {
    this.version = undefined;
    this.entries.clear();
  }
}
