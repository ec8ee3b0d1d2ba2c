import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { CatalogueService } from './catalogue.service.ts';
import { CatalogueFileError, jsonElementLines, parseCatalogueFile } from './catalogue-file.ts';
import { importCatalogue } from './catalogue-import.ts';

const here = dirname(fileURLToPath(import.meta.url));
const fixture = (name: string) => readFileSync(join(here, 'fixtures', name), 'utf8');

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const games = () =>
  database.db
    .selectFrom('game')
    .select(['node_id', 'name_pt', 'enabled'])
    .where('vassalage', '=', 'ACME')
    .orderBy('node_id')
    .execute();
const version = async () =>
  (await database.db.selectFrom('game_catalogue_state').select('version').executeTakeFirstOrThrow()).version;

describe('catalogue import', () => {
  it('reports every bad row with its line, and writes nothing', async () => {
    let error: unknown;
    try {
      parseCatalogueFile(fixture('catalogue-bad.json'), 'json');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CatalogueFileError);
    const rows = (error as CatalogueFileError).errors.map((e) => [e.line, e.row]);
    expect(rows).toEqual([
      [5, 'games[1]'],
      [6, 'games[2]'],
      [13, 'games[3]'],
    ]);
    expect((error as CatalogueFileError).message).toMatch(/gameType/);
    expect((error as CatalogueFileError).message).toMatch(/iconUrl: must be a same-origin path/);

    let csvError: unknown;
    try {
      parseCatalogueFile(fixture('catalogue-bad.csv'), 'csv');
    } catch (e) {
      csvError = e;
    }
    expect((csvError as CatalogueFileError).errors.map((e) => [e.line, e.row])).toEqual([
      [3, 'row 2'],
      [4, 'row 3'],
    ]);
    expect(await games()).toEqual([]);
  });

  it('finds element lines in nested JSON, strings with brackets and escapes included', () => {
    const text =
      '{\n "vendors": [],\n "games": [\n  {"namePT": "a [b] {c} \\" ]"},\n\n  {"x": [1, {"y": 2}]}\n ]\n}';
    expect(Object.fromEntries(jsonElementLines(text))).toEqual({ 'games[0]': 4, 'games[1]': 6 });
    expect(Object.fromEntries(jsonElementLines('[\n{},\n{}\n]'))).toEqual({ 'games[0]': 2, 'games[1]': 3 });
  });

  it('adds, then changes nothing on a second run, then updates, adds and disables per vendor', async () => {
    const v1 = parseCatalogueFile(fixture('catalogue-v1.json'), 'json');
    const dry = await importCatalogue(database.db, v1, { dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, changes: 4 });
    expect(await games()).toEqual([]);

    const before = await version();
    const first = await importCatalogue(database.db, v1);
    expect(first.vendors).toEqual([
      { vassalage: 'ACME', vendor: 'added', added: 3, updated: 0, unchanged: 0, disabled: 0 },
    ]);
    expect(await version()).toBe(before + 1);

    const again = await importCatalogue(database.db, v1);
    expect(again.changes).toBe(0);
    expect(again.vendors).toEqual([
      { vassalage: 'ACME', vendor: 'unchanged', added: 0, updated: 0, unchanged: 3, disabled: 0 },
    ]);
    expect(await version()).toBe(before + 1);

    const v2 = parseCatalogueFile(fixture('catalogue-v2.csv'), 'csv');
    const second = await importCatalogue(database.db, v2);
    expect(second.vendors).toEqual([
      { vassalage: 'ACME', vendor: 'existing', added: 1, updated: 1, unchanged: 1, disabled: 1 },
    ]);
    expect(await games()).toEqual([
      { node_id: 'ACME-A1', name_pt: 'Maçã Dourada', enabled: true },
      { node_id: 'ACME-A2', name_pt: 'Coração Valente, o Retorno', enabled: true },
      { node_id: 'ACME-A3', name_pt: 'Peixe Veloz', enabled: false },
      { node_id: 'ACME-A4', name_pt: 'Mesa Nova', enabled: true },
    ]);
    expect((await importCatalogue(database.db, v2)).changes).toBe(0);

    // The search column follows the names: accents and case do not matter.
    const catalogue = new CatalogueService(database.db);
    const found = await catalogue.gameList(
      { gameName: 'CORACAO', language: 'PT' },
      { pageNo: 1, pageSize: 18 },
    );
    expect(found.games.map((g) => g.nodeId)).toEqual(['ACME-A2']);
  });

  it('refuses games of a vendor that is neither in the file nor in the catalogue', async () => {
    const file = parseCatalogueFile(
      JSON.stringify({
        games: [{ vassalage: 'GHOST', gameCode: 'G1', gameType: 'RNG', namePT: 'a', nameEN: 'a' }],
      }),
      'json',
    );
    await expect(importCatalogue(database.db, file)).rejects.toThrow(/vendor GHOST/);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from game where vassalage = 'GHOST'`.execute(database.db);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('npm run catalogue:import', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'banca-import-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', join(here, '../../../catalogue-import-cli.ts'), ...args],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
      },
    ).then(
      (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({
        code: e.code,
        out: e.stdout,
        err: e.stderr,
      }),
    );

  it('validates with line numbers, imports, and reports 0 changes the second time', async () => {
    const bad = await run(join(here, 'fixtures', 'catalogue-bad.csv'));
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('line 3 (row 2)');
    const v1 = join(here, 'fixtures', 'catalogue-v1.json');
    expect((await run(v1)).out).toMatch(/changed 4 row\(s\)[\s\S]*ACME\s+added\s+3\s+0\s+0\s+0/);
    expect((await run(v1)).out).toMatch(/changed 0 row\(s\)[\s\S]*ACME\s+unchanged\s+0\s+0\s+3\s+0/);
  }, 120_000);
});
