import { defineRoute } from '../route.ts';
import { catalogueOpsCalls } from './catalogue-ops.calls.ts';
import {
  importCatalogueBodySchema,
  importCatalogueValueSchema,
  opsGamesPageSchema,
  opsGamesQuerySchema,
  opsNodeIdParamsSchema,
  opsVendorListSchema,
  opsGameSchema,
  opsVendorSchema,
  updateGameBodySchema,
  updateVendorBodySchema,
} from './catalogue-ops.schemas.ts';
import { vendorParamSchema } from './vendor-ops.schemas.ts';

const tags = ['operator', 'games'];

export const catalogueOpsRoutes = {
  opsGames: defineRoute(catalogueOpsCalls.opsGames, {
    summary: 'Every game of the catalogue, enabled or not, by filters; keyset pages (catalogue.manage)',
    tags,
    query: opsGamesQuerySchema,
    response: opsGamesPageSchema,
  }),
  opsVendors: defineRoute(catalogueOpsCalls.opsVendors, {
    summary: 'Every vendor of the catalogue with its game counts (catalogue.manage)',
    tags,
    response: opsVendorListSchema,
  }),
  opsUpdateGame: defineRoute(catalogueOpsCalls.opsUpdateGame, {
    summary:
      'Enable or disable a game, set its hot flag and rank, order, names and artwork; every node refreshes (catalogue.manage; audited)',
    tags,
    params: opsNodeIdParamsSchema,
    body: updateGameBodySchema,
    response: opsGameSchema,
  }),
  opsUpdateVendor: defineRoute(catalogueOpsCalls.opsUpdateVendor, {
    summary:
      'Enable or disable a vendor, set its order and name; every node refreshes (catalogue.manage; audited)',
    tags,
    params: vendorParamSchema,
    body: updateVendorBodySchema,
    response: opsVendorSchema,
  }),
  opsImportCatalogue: defineRoute(catalogueOpsCalls.opsImportCatalogue, {
    summary:
      'Preview (apply false) or apply a catalogue import file (JSON or CSV, as the CLI takes) (catalogue.manage; applying is audited)',
    tags,
    body: importCatalogueBodySchema,
    response: importCatalogueValueSchema,
  }),
} as const;
