import {
  PROVIDER_KINDS,
  type ImportCatalogueBody,
  type ImportCatalogueValue,
  type OpsGame,
  type OpsGamesPage,
  type OpsGamesQuery,
  type OpsVendor,
  type UpdateGameBody,
  type UpdateVendorBody,
} from '@banca/contract';
import type { Db, DbOrTrx } from '../../../database.ts';
import { OpsError, type OperatorActor, type OpsAccess } from '../../../ops-access.ts';
import { recordEvent } from '../../../platform/events/event-catalogue.ts';
import { GamesError } from '../games.errors.ts';
import { CatalogueFileError, parseCatalogueFile } from './catalogue-file.ts';
import { importCatalogue, type ImportReport } from './catalogue-import.ts';
import * as repo from './catalogue-ops.repository.ts';
import { bumpCatalogueVersion } from './catalogue.repository.ts';
import { catalogueChanged } from './catalogue.events.ts';
import { normalizeSearch } from './search-text.ts';

/**
 * The catalogue in the back office (issue 23 item 6, permission `catalogue.manage`). Every change
 * moves the catalogue version and records `games.catalogue-changed` in its transaction, exactly as
 * an import does, so every node's in-memory catalogue (CatalogueCache) rebuilds: this node at once
 * (`changed`), the others through the event relayed on the live channel or their next version read.
 * Each change is audited with the row before and after.
 */
export interface CatalogueOpsDeps {
  db: Db;
  ops: OpsAccess;
  /** This node's catalogue: told of the new version after the commit. */
  changed: (version: number) => void;
}

const toGame = (g: repo.OpsGameRow): OpsGame => ({
  nodeId: g.node_id,
  vendor: g.vassalage,
  gameCode: g.game_code,
  gameType: g.game_type as OpsGame['gameType'],
  namePT: g.name_pt,
  nameEN: g.name_en,
  iconUrl: g.icon_url,
  isHot: g.is_hot,
  hotRank: g.hot_rank,
  sort: g.sort,
  enabled: g.enabled,
  rtp: g.rtp_bp,
  updatedAt: g.updated_at.toISOString(),
});

const toVendor = (v: repo.OpsVendorRow): OpsVendor => ({
  vendor: v.vassalage,
  displayName: v.display_name,
  provider: PROVIDER_KINDS.find((p) => p === v.provider) ?? 'EXTERNAL',
  gameType: v.game_type,
  logoUrl: v.lager_icon,
  sort: v.sort,
  enabled: v.enabled,
  games: v.games,
  enabledGames: v.enabled_games,
  updatedAt: v.updated_at.toISOString(),
});

export async function listOpsGames(db: DbOrTrx, query: OpsGamesQuery): Promise<OpsGamesPage> {
  const rows = await repo.listOpsGames(db, {
    ...(query.vendor ? { vendor: query.vendor } : {}),
    ...(query.type ? { type: query.type } : {}),
    ...(query.enabled ? { enabled: query.enabled === 'true' } : {}),
    ...(query.hot ? { hot: query.hot === 'true' } : {}),
    ...(query.q ? { search: { normalised: normalizeSearch(query.q), raw: query.q } } : {}),
    ...(query.after ? { after: query.after } : {}),
    limit: query.limit,
  });
  const items = rows.slice(0, query.limit).map(toGame);
  return { items, nextCursor: rows.length > query.limit ? items[items.length - 1]!.nodeId : null };
}

export async function listOpsVendors(db: DbOrTrx): Promise<{ vendors: OpsVendor[] }> {
  return { vendors: (await repo.listOpsVendors(db)).map(toVendor) };
}

/** Runs a catalogue change: its version and event commit with it; this node learns the version after. */
async function catalogueChange<T>(
  deps: CatalogueOpsDeps,
  fn: (trx: DbOrTrx) => Promise<T | null>,
): Promise<T> {
  let version = 0;
  const result = await deps.db.transaction().execute(async (trx) => {
    const value = await fn(trx);
    if (value === null) return null;
    version = await bumpCatalogueVersion(trx);
    await recordEvent(trx, catalogueChanged, { version }, { key: 'catalogue' });
    return value;
  });
  if (version > 0) deps.changed(version);
  return result as T;
}

export async function updateGameByOperator(
  deps: CatalogueOpsDeps,
  actor: OperatorActor,
  nodeId: string,
  body: UpdateGameBody,
  requestId: string,
): Promise<OpsGame> {
  return catalogueChange(deps, async (trx) => {
    const current = await repo.findGameForUpdate(trx, nodeId);
    if (!current) throw new GamesError('game_not_found', { nodeId });
    const row = await repo.setGame(trx, nodeId, {
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      ...(body.isHot !== undefined ? { is_hot: body.isHot } : {}),
      ...(body.hotRank !== undefined ? { hot_rank: body.hotRank } : {}),
      ...(body.sort !== undefined ? { sort: body.sort } : {}),
      ...(body.namePT !== undefined ? { name_pt: body.namePT, search_pt: normalizeSearch(body.namePT) } : {}),
      ...(body.nameEN !== undefined ? { name_en: body.nameEN, search_en: normalizeSearch(body.nameEN) } : {}),
      ...(body.iconUrl !== undefined ? { icon_url: body.iconUrl } : {}),
      ...(body.rtp !== undefined ? { rtp_bp: body.rtp } : {}),
      updated_at: new Date(),
    });
    const before = toGame(current);
    const after = toGame(row);
    await deps.ops.audit(trx, {
      actor,
      action: 'games.game.update',
      subjectType: 'game',
      subjectId: nodeId,
      before,
      after,
      reason: body.reason ?? null,
      requestId,
    });
    return after;
  });
}

export async function updateVendorByOperator(
  deps: CatalogueOpsDeps,
  actor: OperatorActor,
  vendor: string,
  body: UpdateVendorBody,
  requestId: string,
): Promise<OpsVendor> {
  return catalogueChange(deps, async (trx) => {
    const current = await repo.findVendorForUpdate(trx, vendor);
    if (!current) throw new GamesError('game_vendor_not_found', { vassalage: vendor });
    const counts = await repo.vendorGameCounts(trx, vendor);
    const withCounts = (v: typeof current) => ({ ...v, games: counts.games, enabled_games: counts.enabled });
    const row = await repo.setVendor(trx, vendor, {
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      ...(body.sort !== undefined ? { sort: body.sort } : {}),
      ...(body.displayName !== undefined ? { display_name: body.displayName } : {}),
      updated_at: new Date(),
    });
    const before = toVendor(withCounts(current));
    const after = toVendor(withCounts(row));
    await deps.ops.audit(trx, {
      actor,
      action: 'games.vendor.update',
      subjectType: 'vendor',
      subjectId: vendor,
      before,
      after,
      reason: body.reason ?? null,
      requestId,
    });
    return after;
  });
}

/**
 * The import from the back office: the CLI's parser and import (catalogue-import.ts), with the
 * preview (`apply: false`) run as its dry run. Applying is audited with the counts of what changed.
 */
export async function importByOperator(
  deps: CatalogueOpsDeps,
  actor: OperatorActor,
  body: ImportCatalogueBody,
  requestId: string,
): Promise<ImportCatalogueValue> {
  let file;
  try {
    file = parseCatalogueFile(body.text, body.format);
  } catch (error) {
    if (error instanceof CatalogueFileError)
      throw new OpsError('catalogue_file_invalid', { errors: error.errors.slice(0, 50) });
    throw error;
  }
  let version: number | null = null;
  const toValue = (report: ImportReport): ImportCatalogueValue => ({
    applied: body.apply,
    changes: report.changes,
    vendors: report.vendors.map((v) => ({
      vendor: v.vassalage,
      status: v.vendor,
      added: v.added,
      updated: v.updated,
      unchanged: v.unchanged,
      disabled: v.disabled,
    })),
    games: report.details,
  });
  let report: ImportReport;
  try {
    report = await importCatalogue(deps.db, file, {
      dryRun: !body.apply,
      // Applied: audited in the import's transaction, with what changed.
      beforeCommit: async (trx, applied, newVersion) => {
        version = newVersion;
        if (applied.changes === 0) return;
        const value = toValue(applied);
        await deps.ops.audit(trx, {
          actor,
          action: 'games.catalogue.import',
          subjectType: 'catalogue',
          subjectId: 'import',
          before: null,
          after: { changes: value.changes, vendors: value.vendors },
          reason: body.reason ?? null,
          requestId,
        });
      },
    });
  } catch (error) {
    if (error instanceof CatalogueFileError)
      throw new OpsError('catalogue_file_invalid', { errors: error.errors.slice(0, 50) });
    throw error;
  }
  if (version !== null) deps.changed(version);
  return toValue(report);
}
