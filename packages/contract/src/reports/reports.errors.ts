/**
 * Error codes of the reports (the back-office dashboard and the agent centre's team figures). Same
 * shape as wallet.errors.ts; composed into ERROR_CATALOGUE.
 */
export const REPORTS_ERROR_STATUS = {
  /** The range's first day is after its last day; value.from, value.to. */
  report_range_inverted: 400,
  /** The range spans more than REPORT_RANGE_MAX_DAYS days; value.maxDays. */
  report_range_too_long: 400,
  /** Too many members named at once for member figures; value.max. */
  report_too_many_members: 400,
} as const;

export type ReportsErrorCode = keyof typeof REPORTS_ERROR_STATUS;

export const REPORTS_ERROR_MESSAGES: Record<ReportsErrorCode, { PT: string; EN: string }> = {
  report_range_inverted: {
    PT: 'A data inicial deve ser anterior ou igual à final.',
    EN: 'The first day must be on or before the last day.',
  },
  report_range_too_long: {
    PT: 'O período pode ter no máximo 366 dias.',
    EN: 'The range may span at most 366 days.',
  },
  report_too_many_members: {
    PT: 'Membros demais de uma vez.',
    EN: 'Too many members at once.',
  },
};
