import type { RouteEntry } from '../route-entry.ts';

/** The catalogue's back-office calls (operator credential; `catalogue.manage`). Schemas: catalogue-ops.routes.ts. */
export const catalogueOpsCalls = {
  opsGames: {
    id: 'games.ops.listGames',
    method: 'GET',
    path: '/ops/games/catalogue/games',
    auth: 'operator',
    enc: false,
  },
  opsVendors: {
    id: 'games.ops.listVendors',
    method: 'GET',
    path: '/ops/games/catalogue/vendors',
    auth: 'operator',
    enc: false,
  },
  opsUpdateGame: {
    id: 'games.ops.updateGame',
    method: 'PUT',
    path: '/ops/games/catalogue/games/:nodeId',
    auth: 'operator',
    enc: false,
  },
  opsUpdateVendor: {
    id: 'games.ops.updateVendor',
    method: 'PUT',
    path: '/ops/games/catalogue/vendors/:vendor',
    auth: 'operator',
    enc: false,
  },
  opsImportCatalogue: {
    id: 'games.ops.importCatalogue',
    method: 'POST',
    path: '/ops/games/catalogue/import',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
