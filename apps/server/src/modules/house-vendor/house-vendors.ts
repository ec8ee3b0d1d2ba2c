import type { DbOrTrx } from '../../database.ts';
import {
  catalogueVendorIds,
  ensureVendorCredential,
  ensureVendorLaunch,
  type OpenMode,
} from '../games/index.ts';

/**
 * The vendor ids the house vendor plays as, and where each one's games open. The launch URL carries
 * `vendor` so the page knows which id to exchange its launch token as. Each is registered with the
 * gateway (credentials and launch) when it is in the catalogue: the catalogue decides what is on
 * offer, the house vendor only says where its games live.
 */
export interface HouseVendorId {
  vendor: string;
  launchUrl: string;
  openMode: OpenMode;
  /** The sandbox vendor (sandbox/): outside production only, like every sandbox. */
  sandbox?: true;
}

export const HOUSE_VENDORS: readonly HouseVendorId[] = [
  { vendor: 'BANCA', launchUrl: '/house/play?vendor=BANCA', openMode: 'POPUP' },
  { vendor: 'LOTT', launchUrl: '/house/lottery?vendor=LOTT', openMode: 'POPUP' },
  { vendor: 'TCG_LOTTO_VN', launchUrl: '/house/lottery?vendor=TCG_LOTTO_VN', openMode: 'POPUP' },
  { vendor: 'TCG_SEA', launchUrl: '/house/lottery?vendor=TCG_SEA', openMode: 'POPUP' },
  { vendor: 'SANDBOX', launchUrl: '/sandbox/play?vendor=SANDBOX', openMode: 'POPUP', sandbox: true },
  { vendor: 'IMES', launchUrl: '/sandbox/play?vendor=IMES', openMode: 'POPUP', sandbox: true },
  { vendor: 'SV3', launchUrl: '/sandbox/play?vendor=SV3', openMode: 'POPUP', sandbox: true },
];

/** The vendor ids this node plays as: the sandbox's only where sandboxes run. */
export const houseVendorIds = (sandbox: boolean): readonly HouseVendorId[] =>
  HOUSE_VENDORS.filter((v) => sandbox || !v.sandbox);

/**
 * Registers every house vendor id the catalogue has (idempotent): its wallet credentials when it has
 * none, and its launch. Run at start-up and after the demo catalogue is seeded.
 */
export async function registerHouseVendors(
  db: DbOrTrx,
  sealKey: Buffer,
  options: { sandbox: boolean },
): Promise<string[]> {
  const ids = houseVendorIds(options.sandbox);
  const present = await catalogueVendorIds(
    db,
    ids.map((v) => v.vendor),
  );
  const registered: string[] = [];
  for (const vendor of ids) {
    if (!present.has(vendor.vendor)) continue;
    await ensureVendorCredential(db, sealKey, vendor.vendor);
    await ensureVendorLaunch(db, {
      vendor: vendor.vendor,
      launchUrl: vendor.launchUrl,
      openMode: vendor.openMode,
    });
    registered.push(vendor.vendor);
  }
  return registered;
}
