import type { Db } from '../database.ts';
import { seedContent } from '../modules/content/index.ts';
import { ensureServerKey } from '../platform/crypto/server-keys.ts';
import { ensureVendorCredential, importCatalogue, vendorSealKey } from '../modules/games/index.ts';
import { registerHouseVendors } from '../modules/house-vendor/index.ts';
import { DEMO_CATALOGUE, DEMO_VENDORS } from './demo-catalogue.ts';
import { DEMO_ANNOUNCEMENTS, DEMO_BANNERS } from './demo-lobby-content.ts';

/**
 * The demo lobby: the demo catalogue through the same import as an operator's file (idempotent: a
 * start with nothing new reports 0 changes and writes nothing), then the demo banners and
 * announcements (inserted once, never overwritten), and vendor wallet credentials for each demo
 * vendor that has none (random secrets, sealed; read one out by rotating it, docs/vendor-api.md), and
 * the house vendor's launches.
 */
/** `sandboxes`: the sandbox vendor plays too (everywhere but production). */
export async function seedDemoLobby(db: Db, sandboxes = true): Promise<{ changes: number }> {
  const report = await importCatalogue(db, DEMO_CATALOGUE);
  await seedContent(db, DEMO_BANNERS, DEMO_ANNOUNCEMENTS);
  await ensureServerKey(db);
  const sealKey = await vendorSealKey(db);
  for (const vendor of DEMO_VENDORS) await ensureVendorCredential(db, sealKey, vendor.vassalage);
  // The house vendor registers itself at start-up; a catalogue seeded after that needs it again.
  await registerHouseVendors(db, sealKey, { sandbox: sandboxes });
  return { changes: report.changes };
}
