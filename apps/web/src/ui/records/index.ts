/**
 * The record page (filters in the URL, day range, keyset pages, loading / failed / empty states, a
 * table that becomes cards on a phone) and its parts, with their one stylesheet. Imported by its own
 * path (`@/ui/records`), never through `@/ui`: it loads with the record pages only (ON_DEMAND in
 * vite.config.ts).
 */
export { Money } from './Money';
export { RecordFilters, RecordPage, RecordStates } from './RecordPage';
export type {
  RecordFiltersProps,
  RecordPageProps,
  RecordStatesProps,
  RecordTexts,
  SelectFilter,
  TextFilter,
} from './RecordPage';
export { RecordTable, type RecordColumn, type RecordTableProps } from './RecordTable';
export { useCursorPages, type CursorPage } from './cursor-pages';
export { badRange, useUrlFilters, type FilterValues, type UrlFilters } from './url-filters';
export { BetTotals, useBetColumns, useBetSelects } from './bets';
