import { defineRoute } from '../route.ts';
import { reportsCalls } from './reports.calls.ts';
import { reportDashboardQuerySchema, reportDashboardSchema } from './reports.schemas.ts';

const tags = ['operator', 'reports'];

export const reportsRoutes = {
  dashboard: defineRoute(reportsCalls.dashboard, {
    summary:
      "The dashboard over a range of the merchant's days: registrations, first deposits, deposits, withdrawals, bets, payouts, GGR, NGR and active players, per day, per vendor and per game type (read from the report rollups)",
    tags,
    query: reportDashboardQuerySchema,
    response: reportDashboardSchema,
  }),
} as const;
