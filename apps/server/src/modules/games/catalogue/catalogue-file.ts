import {
  gameClassifySchema,
  gameCodeSchema,
  gameTypeSchema,
  IS_GAME_VALUES,
  nodeIdOf,
  PRIZE_MODES,
  PROVIDER_KINDS,
  rtpBpSchema,
  vassalageSchema,
} from '@banca/contract';
import type { parse as parseCsv } from 'csv-parse/sync';
import { lazyRequire } from '../../../platform/lazy-require.ts';
import { z } from 'zod';

const loadCsvParse = lazyRequire<{ parse: typeof parseCsv }>('csv-parse/sync');

/**
 * A vendor catalogue file (JSON or CSV), validated row by row: every bad row is reported with its
 * line, and nothing is applied unless the whole file is good (catalogue-import.ts applies it).
 */

/** Booleans as CSV writes them: 1/0, true/false, yes/no. */
const flag = z.preprocess((v) => {
  if (typeof v !== 'string') return v;
  const t = v.trim().toLowerCase();
  if (['1', 'true', 'yes', 'y'].includes(t)) return true;
  if (['0', 'false', 'no', 'n', ''].includes(t)) return false;
  return v;
}, z.boolean());
/** Integers, also from CSV text. */
const int = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v),
  z.number().int().min(-1_000_000).max(1_000_000),
);
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
/** A same-origin path (no other hosts: the CSP and the "no external hosts" rule). */
const iconUrl = z
  .string()
  .max(512)
  .regex(/^\/(?!\/)[A-Za-z0-9/_.~%-]+$/, 'must be a same-origin path like /art/... or /media/...');

export const importVendorSchema = z.strictObject({
  vassalage: vassalageSchema,
  displayName: z.string().trim().min(1).max(40),
  provider: z.enum(PROVIDER_KINDS).default('EXTERNAL'),
  gameType: gameTypeSchema,
  lagerIcon: z.preprocess((v) => (v === '' ? undefined : v), iconUrl.optional()),
  sort: int.default(0),
  enabled: flag.default(true),
});

export const importGameSchema = z.strictObject({
  vassalage: vassalageSchema,
  gameCode: gameCodeSchema,
  gameType: gameTypeSchema,
  gameClassify: z.preprocess((v) => (v === '' ? undefined : v), gameClassifySchema.optional()),
  namePT: z.string().trim().min(1).max(80),
  nameEN: z.string().trim().min(1).max(80),
  iconUrl: z.preprocess((v) => (v === '' ? undefined : v), iconUrl.optional()),
  isHot: flag.default(false),
  hotRank: int.default(0),
  supportPlay: flag.default(true),
  isGame: z.preprocess((v) => (v === '' ? undefined : v), z.enum(IS_GAME_VALUES).default('GAME')),
  /** Lottery games: prize modes, comma- or space-separated in CSV. */
  prizeModes: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(/[\s,;]+/).filter(Boolean) : v),
    z.array(z.enum(PRIZE_MODES)).default([]),
  ),
  sort: int.default(0),
  enabled: flag.default(true),
  /** Return to player in basis points (9650 = 96.50%), 1-10000; empty or absent: not stated. */
  rtp: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v.trim()) : v),
    rtpBpSchema.optional(),
  ),
  // CSV files may carry a vendor display name column for readers; the vendor section decides.
  vendorName: optionalText,
});

export type ImportVendor = z.infer<typeof importVendorSchema>;
export type ImportGame = z.infer<typeof importGameSchema>;

export interface CatalogueFile {
  vendors: ImportVendor[];
  games: ImportGame[];
}

export interface RowError {
  /** 1-based line of the file where the row starts. */
  line: number;
  /** Where in the file: `games[3]`, `vendors[0]` or `row 4` (CSV). */
  row: string;
  message: string;
}

export class CatalogueFileError extends Error {
  override name = 'CatalogueFileError';
  constructor(readonly errors: RowError[]) {
    super(errors.map((e) => `line ${e.line} (${e.row}): ${e.message}`).join('\n'));
  }
}

const describeIssues = (error: z.ZodError): string =>
  error.issues.map((i) => `${i.path.join('.') || 'row'}: ${i.message}`).join('; ');

/**
 * The 1-based line where each element of the top-level arrays starts: `games[3]` -> 12. A small
 * scanner over the JSON text (strings and escapes respected), since JSON.parse keeps no positions.
 */
export function jsonElementLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  const stack: { kind: 'object' | 'array'; key?: string; index: number }[] = [];
  let line = 1;
  let lastKey: string | undefined;
  let pendingValueStart = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\n') {
      line++;
      continue;
    }
    if (c === '"') {
      let j = i + 1;
      let s = '';
      while (j < text.length && text[j] !== '"') {
        if (text[j] === '\\') j++;
        else s += text[j];
        j++;
      }
      const top = stack.at(-1);
      if (top?.kind === 'object' && !pendingValueStart) lastKey = s;
      i = j;
      pendingValueStart = false;
      continue;
    }
    if (c === ':') {
      pendingValueStart = true;
      continue;
    }
    if (/\s|,/.test(c)) continue;
    const top = stack.at(-1);
    // A value begins: record it when it is an element of a top-level array.
    if (top?.kind === 'array' && c !== ']') {
      const depthOk =
        (stack.length === 1 && top.key === undefined) || (stack.length === 2 && stack[0]!.kind === 'object');
      if (depthOk) lines.set(`${top.key ?? 'games'}[${top.index}]`, line);
      top.index++;
    }
    pendingValueStart = false;
    if (c === '{' || c === '[') {
      stack.push({
        kind: c === '{' ? 'object' : 'array',
        key: stack.length === 1 ? lastKey : undefined,
        index: 0,
      });
      continue;
    }
    if (c === '}' || c === ']') {
      stack.pop();
      continue;
    }
  }
  return lines;
}

/** Parses and validates a catalogue file; throws CatalogueFileError listing every bad row. */
export function parseCatalogueFile(text: string, format: 'json' | 'csv'): CatalogueFile {
  const errors: RowError[] = [];
  const vendors: ImportVendor[] = [];
  const games: ImportGame[] = [];
  if (format === 'csv') {
    let records: { record: Record<string, string>; info: { lines: number } }[];
    try {
      records = loadCsvParse().parse(text, {
        columns: true,
        info: true,
        skip_empty_lines: true,
        trim: true,
        bom: true,
      });
    } catch (error) {
      throw new CatalogueFileError([{ line: 0, row: 'file', message: (error as Error).message }]);
    }
    records.forEach(({ record, info }, i) => {
      const parsed = importGameSchema.safeParse(record);
      if (parsed.success) games.push(parsed.data);
      else errors.push({ line: info.lines, row: `row ${i + 1}`, message: describeIssues(parsed.error) });
    });
  } else {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new CatalogueFileError([{ line: 0, row: 'file', message: (error as Error).message }]);
    }
    const lines = jsonElementLines(text);
    const file = Array.isArray(data) ? { games: data } : data;
    const shape = z
      .object({ vendors: z.array(z.unknown()).default([]), games: z.array(z.unknown()) })
      .safeParse(file);
    if (!shape.success) {
      throw new CatalogueFileError([
        {
          line: 1,
          row: 'file',
          message: `expected { vendors?: [...], games: [...] }: ${describeIssues(shape.error)}`,
        },
      ]);
    }
    shape.data.vendors.forEach((row, i) => {
      const parsed = importVendorSchema.safeParse(row);
      if (parsed.success) vendors.push(parsed.data);
      else
        errors.push({
          line: lines.get(`vendors[${i}]`) ?? 0,
          row: `vendors[${i}]`,
          message: describeIssues(parsed.error),
        });
    });
    shape.data.games.forEach((row, i) => {
      const parsed = importGameSchema.safeParse(row);
      if (parsed.success) games.push(parsed.data);
      else
        errors.push({
          line: lines.get(`games[${i}]`) ?? 0,
          row: `games[${i}]`,
          message: describeIssues(parsed.error),
        });
    });
  }
  // Duplicates inside the file are errors too: which row should win is not ours to guess.
  const seenVendors = new Set<string>();
  vendors.forEach((v, i) => {
    if (seenVendors.has(v.vassalage))
      errors.push({ line: 0, row: `vendors[${i}]`, message: `vendor ${v.vassalage} appears twice` });
    seenVendors.add(v.vassalage);
  });
  const seenGames = new Set<string>();
  games.forEach((g, i) => {
    const id = nodeIdOf(g.vassalage, g.gameCode);
    if (seenGames.has(id))
      errors.push({ line: 0, row: `game ${i + 1}`, message: `game ${id} appears twice` });
    seenGames.add(id);
  });
  if (errors.length > 0) throw new CatalogueFileError(errors);
  return { vendors, games };
}
