import type { Db } from '../database.ts';
import { seedContent } from '../modules/content/index.ts';
import { importCatalogue } from '../modules/games/index.ts';
import { DEMO_CATALOGUE } from './demo-catalogue.ts';
import { DEMO_ANNOUNCEMENTS, DEMO_BANNERS } from './demo-lobby-content.ts';

/**
 * The demo lobby: the demo catalogue through the same import as an operator's file (idempotent: a
 * start with nothing new reports 0 changes and writes nothing), then the demo banners and
 * announcements (inserted once, never overwritten).
 */
export async function seedDemoLobby(db: Db): Promise<{ changes: number }> {
  const report = await importCatalogue(db, DEMO_CATALOGUE);
  await seedContent(db, DEMO_BANNERS, DEMO_ANNOUNCEMENTS);
  return { changes: report.changes };
}
