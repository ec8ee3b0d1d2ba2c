/**
 * The distinct active players of a range, exactly, without counting ~300,000 rows per request
 * (docs/reports.md, "Active players over a range").
 *
 * Each gateway keeps, per (currency, day), the sorted member ids active that day, tagged with the
 * rollup generation they were read in. Within a generation a day's set only grows (the consumer
 * inserts, nothing deletes; the rebuild deletes and bumps the generation in one transaction), so a
 * cached set is current exactly when its generation is the current one and its size equals the
 * day's `active_players` (which the dashboard reads anyway): past days stay cached, a late event for
 * a past day or today's play makes that day alone be read again. The range's count is the union of
 * the days' sets, in a bitset; the same range with the same generation and day sizes again is the
 * same union, so its count is remembered under that signature.
 */

export interface DaySet {
  generation: number;
  ids: Int32Array;
}

/** Reads the sets of some days (days with nobody may be absent) and the generation they belong to. */
export type DaySetsReader = (
  days: readonly string[],
) => Promise<{ day: string; ids: number[]; generation: number }[]>;

/** Member ids held by one gateway's cache at most (4 bytes each), oldest use evicted first. */
export const ACTIVE_CACHE_MAX_IDS = 16_000_000;
/** Above this member id the union sorts instead of using a bitset (a bitset of 8 MB at most). */
const BITSET_MAX_ID = 1 << 26;

export class ActivePlayersCache {
  private readonly sets = new Map<string, DaySet>();
  private readonly pending = new Map<string, Promise<DaySet>>();
  private held = 0;
  /** Counts of recent ranges, keyed by the generation and every day's size (exact while they hold). */
  private readonly counts = new Map<string, number>();

  constructor(private readonly maxIds = ACTIVE_CACHE_MAX_IDS) {}

  /**
   * Distinct members over the days given with their current active-player counts (days with 0 may
   * be left out), in generation `generation`.
   */
  async count(
    currency: string,
    dayCounts: ReadonlyMap<string, number>,
    generation: number,
    read: DaySetsReader,
  ): Promise<number> {
    let signature = `${currency}|${generation}`;
    for (const [day, n] of dayCounts) if (n > 0) signature += `|${day}:${n}`;
    const known = this.counts.get(signature);
    if (known !== undefined) return known;
    const n = await this.union(currency, dayCounts, generation, read);
    this.counts.set(signature, n);
    if (this.counts.size > 256) this.counts.delete(this.counts.keys().next().value!);
    return n;
  }

  private async union(
    currency: string,
    dayCounts: ReadonlyMap<string, number>,
    generation: number,
    read: DaySetsReader,
  ): Promise<number> {
    const sets: Int32Array[] = [];
    const waits: Promise<DaySet>[] = [];
    const stale: string[] = [];
    for (const [day, n] of dayCounts) {
      if (n <= 0) continue;
      const key = `${currency}|${day}`;
      const cached = this.sets.get(key);
      if (cached && cached.generation === generation && cached.ids.length === n) {
        this.sets.delete(key); // most recently used last
        this.sets.set(key, cached);
        sets.push(cached.ids);
        continue;
      }
      const inFlight = this.pending.get(key);
      if (inFlight) waits.push(inFlight);
      else stale.push(day);
    }
    if (stale.length > 0) waits.push(...this.load(currency, stale, generation, read));
    for (const s of await Promise.all(waits)) sets.push(s.ids);
    return unionSize(sets);
  }

  /** Reads the stale days in one query; each day's promise is shared with concurrent requests. */
  private load(
    currency: string,
    days: string[],
    readGeneration: number,
    read: DaySetsReader,
  ): Promise<DaySet>[] {
    const all = read(days).then((rows) => {
      const generation = rows[0]?.generation ?? readGeneration;
      const byDay = new Map(rows.map((r) => [r.day, r]));
      return new Map(
        days.map((day) => {
          const row = byDay.get(day);
          return [day, { generation: row?.generation ?? generation, ids: Int32Array.from(row?.ids ?? []) }];
        }),
      );
    });
    return days.map((day) => {
      const key = `${currency}|${day}`;
      const one = all
        .then((m) => {
          const set = m.get(day)!;
          this.store(key, set);
          return set;
        })
        .finally(() => this.pending.delete(key));
      this.pending.set(key, one);
      return one;
    });
  }

  private store(key: string, set: DaySet): void {
    const old = this.sets.get(key);
    if (old) {
      this.held -= old.ids.length;
      this.sets.delete(key);
    }
    this.sets.set(key, set);
    this.held += set.ids.length;
    for (const [k, s] of this.sets) {
      if (this.held <= this.maxIds || k === key) break;
      this.sets.delete(k);
      this.held -= s.ids.length;
    }
  }

  /** Days held (for tests). */
  get size(): number {
    return this.sets.size;
  }
}

/** How many distinct ids the sets hold together. */
export function unionSize(sets: readonly Int32Array[]): number {
  if (sets.length === 0) return 0;
  if (sets.length === 1) return sets[0]!.length;
  let max = 0;
  let min = 0;
  for (const s of sets) {
    if (s.length === 0) continue;
    max = Math.max(max, s[s.length - 1]!);
    min = Math.min(min, s[0]!);
  }
  if (min >= 0 && max < BITSET_MAX_ID) {
    const bits = new Uint32Array((max >>> 5) + 1);
    let n = 0;
    for (const s of sets) {
      for (let i = 0; i < s.length; i++) {
        const id = s[i]!;
        const word = id >>> 5;
        const bit = 1 << (id & 31);
        if ((bits[word]! & bit) === 0) {
          bits[word] = bits[word]! | bit;
          n++;
        }
      }
    }
    return n;
  }
  let total = 0;
  for (const s of sets) total += s.length;
  const all = new Int32Array(total);
  let at = 0;
  for (const s of sets) {
    all.set(s, at);
    at += s.length;
  }
  all.sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) n++;
  return n;
}
