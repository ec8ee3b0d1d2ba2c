import { defineRoute } from '../route.ts';
import { vendorOpsCalls } from './vendor-ops.calls.ts';
import {
  rotateVendorSecretBodySchema,
  rotateVendorSecretValueSchema,
  vendorParamSchema,
} from './vendor-ops.schemas.ts';

export const vendorOpsRoutes = {
  rotateVendorSecret: defineRoute(vendorOpsCalls.rotateVendorSecret, {
    summary:
      'Give a vendor a new wallet-API secret, shown once; the previous one keeps signing for 24 hours so the vendor switches without failed calls (admin; audited)',
    tags: ['operator', 'games'],
    params: vendorParamSchema,
    body: rotateVendorSecretBodySchema,
    response: rotateVendorSecretValueSchema,
  }),
} as const;
