/**
 * `npm run vendor:conformance -- <base-url> [--vendor BANCA] [--game SLOT5X3] [--secret <secret>]`
 * Plays the vendor wallet conformance suite against a gateway and prints pass/fail per scenario;
 * exits 1 when any fails. The secret comes from --secret or VENDOR_SECRET; without either, the
 * gateway's loopback-only sandbox rotates the vendor's secret and hands it over (a local gateway
 * outside production). Players come from the sandbox route /dev/vendor/player-session.
 */
import { parseArgs } from 'node:util';
import { runConformance } from './vendor-conformance/conformance.ts';
import { devPlayers, devVendorSecret, vendorClient } from './platform/vendor-api/vendor-client.ts';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      vendor: { type: 'string', default: 'BANCA' },
      game: { type: 'string', default: 'SLOT5X3' },
      secret: { type: 'string' },
    },
  });
  const baseUrl = positionals[0]?.replace(/\/$/, '');
  if (!baseUrl) {
    console.error('usage: npm run vendor:conformance -- <base-url> [--vendor V] [--game G] [--secret S]');
    return 2;
  }
  const vendor = values.vendor;
  const secret = values.secret ?? process.env.VENDOR_SECRET ?? (await devVendorSecret(baseUrl, vendor));
  const results = await runConformance({
    client: vendorClient(baseUrl, vendor, secret),
    players: devPlayers(baseUrl, vendor),
    gameCode: values.game,
  });
  for (const r of results)
    console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name}${r.detail ? `\n      ${r.detail}` : ''}`);
  const failed = results.filter((r) => !r.ok).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(2);
  },
);
