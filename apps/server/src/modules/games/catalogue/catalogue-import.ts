import { nodeIdOf } from '@banca/contract';
import { CatalogueFileError, type CatalogueFile } from './catalogue-file.ts';
import { storeArt } from '../../../platform/art/art.ts';
import { gameTileSvg, vendorLogoSvg } from '../../../platform/art/art-svg.ts';
import { bumpCatalogueVersion } from './catalogue.repository.ts';
import {
  disableGames,
  insertGames,
  insertVendor,
  listGamesOfVendors,
  listVendorsForImport,
  updateGame,
  updateVendor,
} from './catalogue-import.repository.ts';
import { catalogueChanged } from './catalogue.events.ts';
import { recordEvent } from '../../../platform/events/event-catalogue.ts';
import type { Db, DbOrTrx } from '../../../database.ts';
import { normalizeSearch } from './search-text.ts';

/**
 * The catalogue import: a vendor catalogue file (JSON or CSV, validated by catalogue-file.ts)
 * applied as an idempotent upsert in one transaction. A vendor named in the file owns its list: its games missing
 * from the file are disabled (never deleted: favourites, recent games and records point at them).
 * A second run of the same file changes nothing and says so.
 */

export interface VendorReport {
  vassalage: string;
  vendor: 'added' | 'updated' | 'unchanged' | 'existing';
  added: number;
  updated: number;
  unchanged: number;
  /** Games of the vendor the file no longer lists, now disabled. */
  disabled: number;
}

export interface ImportReport {
  dryRun: boolean;
  vendors: VendorReport[];
  /** Rows added, updated or disabled, vendors included: 0 on a second run of the same file. */
  changes: number;
  /** The games that change, with the columns that do (the back office's preview); the first 500. */
  details: GameChange[];
}

export interface GameChange {
  nodeId: string;
  change: 'added' | 'updated' | 'disabled';
  /** Columns of `game` that change (updated), `enabled` (disabled), none (added). */
  fields: string[];
  /** The RTP in basis points before and after, when it changes (or an added game states one). */
  rtp?: { from: number | null; to: number | null };
}

const MAX_DETAILS = 500;

/** The columns an import compares (search_* follow the names, so they are left out). */
const GAME_FIELDS = [
  'game_type',
  'game_classify',
  'name_pt',
  'name_en',
  'icon_url',
  'is_hot',
  'hot_rank',
  'support_play',
  'is_game',
  'prize_modes',
  'sort',
  'enabled',
  'rtp_bp',
] as const;

class DryRunRollback extends Error {}

const sameText = (a: string | null | undefined, b: string | null | undefined) => (a ?? null) === (b ?? null);

/**
 * Applies a validated file in one transaction and reports per vendor. With `dryRun` the same work is
 * done and rolled back, so the report is exactly what a real run would do.
 */
export async function importCatalogue(
  db: Db,
  file: CatalogueFile,
  options: {
    dryRun?: boolean;
    /** Runs in the import's transaction once it applied (not on a dry run): e.g. the operator audit. */
    beforeCommit?: (trx: DbOrTrx, report: ImportReport, version: number | null) => Promise<void>;
  } = {},
): Promise<ImportReport> {
  // Art is derived from the rows (outside the transaction's critical path it is pure computation).
  let report: ImportReport | undefined;
  try {
    await db.transaction().execute(async (trx) => {
      report = await applyCatalogue(trx, file);
      report.dryRun = options.dryRun === true;
      if (options.dryRun) throw new DryRunRollback();
      let version: number | null = null;
      if (report.changes > 0) {
        // The new version and its event commit with the change: every node rebuilds its snapshot.
        version = await bumpCatalogueVersion(trx);
        await recordEvent(trx, catalogueChanged, { version }, { key: 'catalogue' });
      }
      await options.beforeCommit?.(trx, report, version);
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
  }
  return report!;
}

async function applyCatalogue(trx: DbOrTrx, file: CatalogueFile): Promise<ImportReport> {
  const existingVendors = new Map((await listVendorsForImport(trx)).map((v) => [v.vassalage, v]));
  const reports = new Map<string, VendorReport>();
  const reportOf = (vassalage: string): VendorReport => {
    let r = reports.get(vassalage);
    if (!r) {
      r = { vassalage, vendor: 'existing', added: 0, updated: 0, unchanged: 0, disabled: 0 };
      reports.set(vassalage, r);
    }
    return r;
  };
  let changes = 0;
  const details: GameChange[] = [];
  const detail = (change: GameChange) => {
    if (details.length < MAX_DETAILS) details.push(change);
  };

  const logos = await storeArt(
    trx,
    file.vendors.map((v) =>
      v.lagerIcon
        ? ''
        : vendorLogoSvg(v.vassalage, v.displayName, v.provider === 'SANDBOX' ? 'Sandbox' : v.gameType),
    ),
  );
  for (const [i, v] of file.vendors.entries()) {
    const row = {
      vassalage: v.vassalage,
      display_name: v.displayName,
      provider: v.provider,
      game_type: v.gameType,
      lager_icon: v.lagerIcon ?? logos[i]!,
      sort: v.sort,
      enabled: v.enabled,
    };
    const before = existingVendors.get(v.vassalage);
    const r = reportOf(v.vassalage);
    if (!before) {
      await insertVendor(trx, row);
      r.vendor = 'added';
      changes++;
    } else if (
      before.display_name !== row.display_name ||
      before.provider !== row.provider ||
      before.game_type !== row.game_type ||
      before.lager_icon !== row.lager_icon ||
      before.sort !== row.sort ||
      before.enabled !== row.enabled
    ) {
      await updateVendor(trx, v.vassalage, { ...row, updated_at: new Date() });
      r.vendor = 'updated';
      changes++;
    } else r.vendor = 'unchanged';
    existingVendors.set(v.vassalage, { ...row, updated_at: new Date() });
  }

  const unknownVendors = [...new Set(file.games.map((g) => g.vassalage))].filter(
    (v) => !existingVendors.has(v),
  );
  if (unknownVendors.length > 0) {
    throw new CatalogueFileError(
      unknownVendors.map((v) => ({
        line: 0,
        row: 'games',
        message: `vendor ${v} is neither in the file's vendors nor in the catalogue`,
      })),
    );
  }

  // The art of the games that bring none: generated from their id, type, kind and vendor, with no
  // words (one image serves both languages; the lobby writes the name in the member's language).
  const icons = await storeArt(
    trx,
    file.games.map((g) =>
      g.iconUrl
        ? ''
        : gameTileSvg(nodeIdOf(g.vassalage, g.gameCode), g.gameType, g.gameClassify, g.vassalage),
    ),
  );
  const fileVendors = new Set([
    ...file.vendors.map((v) => v.vassalage),
    ...file.games.map((g) => g.vassalage),
  ]);
  const existingGames = new Map((await listGamesOfVendors(trx, [...fileVendors])).map((g) => [g.node_id, g]));
  const inserts = [];
  for (const [i, g] of file.games.entries()) {
    const nodeId = nodeIdOf(g.vassalage, g.gameCode);
    const row = {
      node_id: nodeId,
      vassalage: g.vassalage,
      game_code: g.gameCode,
      game_type: g.gameType,
      game_classify: g.gameClassify ?? null,
      name_pt: g.namePT,
      name_en: g.nameEN,
      search_pt: normalizeSearch(g.namePT),
      search_en: normalizeSearch(g.nameEN),
      icon_url: g.iconUrl ?? icons[i]!,
      is_hot: g.isHot,
      hot_rank: g.hotRank,
      support_play: g.supportPlay,
      is_game: g.isGame,
      prize_modes: g.prizeModes.join(','),
      sort: g.sort,
      enabled: g.enabled,
      rtp_bp: g.rtp ?? null,
    };
    const r = reportOf(g.vassalage);
    const before = existingGames.get(nodeId);
    existingGames.delete(nodeId);
    if (!before) {
      inserts.push(row);
      r.added++;
      detail({
        nodeId,
        change: 'added',
        fields: [],
        ...(row.rtp_bp !== null ? { rtp: { from: null, to: row.rtp_bp } } : {}),
      });
      continue;
    }
    const fields = GAME_FIELDS.filter((f) =>
      f === 'game_classify' ? !sameText(before.game_classify, row.game_classify) : before[f] !== row[f],
    );
    if (fields.length === 0) {
      r.unchanged++;
      continue;
    }
    detail({
      nodeId,
      change: 'updated',
      fields,
      ...(fields.includes('rtp_bp') ? { rtp: { from: before.rtp_bp, to: row.rtp_bp } } : {}),
    });
    await updateGame(trx, nodeId, { ...row, updated_at: new Date() });
    r.updated++;
  }
  await insertGames(trx, inserts);
  // What the file's vendors no longer list: disabled, kept for the rows that point at them.
  const gone = [...existingGames.values()].filter((g) => g.enabled);
  for (const g of gone) {
    reportOf(g.vassalage).disabled++;
    detail({ nodeId: g.node_id, change: 'disabled', fields: ['enabled'] });
  }
  await disableGames(
    trx,
    gone.map((g) => g.node_id),
    new Date(),
  );
  for (const r of reports.values()) changes += r.added + r.updated + r.disabled;
  return {
    dryRun: false,
    vendors: [...reports.values()].sort((a, b) => a.vassalage.localeCompare(b.vassalage)),
    changes,
    details,
  };
}
