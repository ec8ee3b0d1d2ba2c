import type { QueryKey, UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import { useId, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '@/api';
import { useT } from '@/i18n';
import { Button } from '../Button';
import { Empty } from '../Empty';
import type { CoreIconName } from '../Icon';
import { Skeleton } from '../Skeleton';
import { useCursorPages, type CursorPage } from './cursor-pages';
import { RecordTable, type RecordTableProps } from './RecordTable';
import { badRange, type FilterValues, type UrlFilters } from './url-filters';
import './records.css';

/** The texts a record page shows around its data; each defaults to the records.* message. */
export interface RecordTexts {
  apply: string;
  from: string;
  to: string;
  badRange: string;
  failed: string;
  retry: string;
  empty: string;
  emptyHint?: string;
  /** An empty list under filters: nothing matches them (not "nothing yet"). */
  emptyFiltered: string;
  emptyFilteredHint: string;
  clearFilters: string;
  loadMore: string;
  loading: string;
}

const useTexts = (texts: Partial<RecordTexts> = {}): RecordTexts => {
  const { t } = useT();
  return {
    apply: t('records.apply'),
    from: t('records.from'),
    to: t('records.to'),
    badRange: t('records.badRange'),
    failed: t('records.failed'),
    retry: t('records.retry'),
    empty: t('records.empty'),
    emptyHint: t('records.emptyHint'),
    emptyFiltered: t('records.emptyFiltered'),
    emptyFilteredHint: t('records.emptyFilteredHint'),
    clearFilters: t('records.clearFilters'),
    loadMore: t('records.loadMore'),
    loading: t('records.loading'),
    ...texts,
  };
};

/** A select filter: '' is "all", named by `all`. */
export interface SelectFilter<F extends FilterValues> {
  name: keyof F & string;
  label: string;
  all: string;
  options: readonly { value: string; label: string }[];
}

/** A free-text filter (an account name): '' is none. */
export interface TextFilter<F extends FilterValues> {
  name: keyof F & string;
  label: string;
  placeholder?: string;
  maxLength?: number;
}

export interface RecordFiltersProps<F extends FilterValues> {
  filters: UrlFilters<F>;
  selects?: readonly SelectFilter<F>[];
  /** Text fields before the selects. */
  inputs?: readonly TextFilter<F>[];
  /** A day range (yyyy-mm-dd, the viewer's calendar) by the names of its two filters. */
  range?: { from: keyof F & string; to: keyof F & string; required?: boolean };
  /** The form's accessible name. */
  label?: string;
  /** Above the form, in the same panel (the profit page's period switch). */
  head?: ReactNode;
  /** Buttons after Apply (a download). */
  actions?: ReactNode;
  /** Alerts under the form (a failed download). */
  notices?: ReactNode;
  texts?: Partial<RecordTexts>;
}

/** The filter panel: selects and a day range edited as a draft, applied to the URL by Apply. */
export function RecordFilters<F extends FilterValues>({
  filters,
  selects = [],
  inputs = [],
  range,
  label,
  head,
  actions,
  notices,
  texts: overrides,
}: RecordFiltersProps<F>) {
  const texts = useTexts(overrides);
  const base = useId();
  const { draft, setDraft } = filters;
  const invalid = range ? badRange(draft[range.from]!, draft[range.to]!, range.required) : false;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) filters.apply();
  };
  const date = (
    name: keyof F & string,
    text: string,
    bounds: { min?: string; max?: string },
    last: boolean,
  ) => (
    <div className="records__field">
      <label htmlFor={`${base}-${name}`}>{text}</label>
      <input
        id={`${base}-${name}`}
        type="date"
        value={draft[name]}
        {...bounds}
        onChange={(e) => setDraft({ [name]: e.target.value } as Partial<F>)}
        aria-invalid={(last && invalid) || undefined}
      />
    </div>
  );
  return (
    <div className="records__filters">
      {head}
      <form className="records__form" onSubmit={submit} aria-label={label}>
        {inputs.map((f) => (
          <div className="records__field" key={f.name}>
            <label htmlFor={`${base}-${f.name}`}>{f.label}</label>
            <input
              id={`${base}-${f.name}`}
              type="search"
              value={draft[f.name]}
              placeholder={f.placeholder}
              maxLength={f.maxLength ?? 64}
              autoComplete="off"
              onChange={(e) => setDraft({ [f.name]: e.target.value.trim() } as Partial<F>)}
            />
          </div>
        ))}
        {selects.map((s) => (
          <div className="records__field" key={s.name}>
            <label htmlFor={`${base}-${s.name}`}>{s.label}</label>
            <select
              id={`${base}-${s.name}`}
              value={draft[s.name]}
              onChange={(e) => setDraft({ [s.name]: e.target.value } as Partial<F>)}
            >
              <option value="">{s.all}</option>
              {s.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          </div>
        ))}
        {range && date(range.from, texts.from, { max: draft[range.to] || undefined }, false)}
        {range && date(range.to, texts.to, { min: draft[range.from] || undefined }, true)}
        <div className="records__actions">
          <Button type="submit" variant="primary" disabled={invalid}>
            {texts.apply}
          </Button>
          {actions}
        </div>
        {invalid && (
          <p className="records__error" role="alert">
            {texts.badRange}
          </p>
        )}
        {notices}
      </form>
    </div>
  );
}

export interface RecordStatesProps {
  query: Pick<UseQueryResult, 'isPending' | 'isError' | 'error' | 'refetch'>;
  /** The answer has nothing to list. */
  empty: boolean;
  icon?: CoreIconName;
  texts?: Partial<RecordTexts>;
  /** Rows of the loading skeleton. */
  loadingRows?: number;
  /** The list is narrowed by filters: when empty, say so and offer to clear them (not "nothing yet"). */
  filtered?: { clear: () => void } | undefined;
  children: ReactNode;
}

/** Loading (skeleton rows), failed (with a retry), empty, or the data. */
export function RecordStates({
  query,
  empty,
  icon = 'receipt',
  texts: overrides,
  loadingRows = 4,
  filtered,
  children,
}: RecordStatesProps) {
  const texts = useTexts(overrides);
  if (query.isPending)
    return (
      <div className="records__loading" aria-busy="true">
        {Array.from({ length: loadingRows }, (_, i) => (
          <Skeleton key={i} height="48px" />
        ))}
      </div>
    );
  // A refused question (4xx: e.g. an account outside the agent's team) says why, in the member's
  // language, and offers to clear the filters; trying it again would only be refused again.
  if (query.isError && isApiError(query.error) && query.error.status >= 400 && query.error.status < 500)
    return (
      <Empty title={query.error.message} icon="search">
        {filtered && (
          <Button variant="outline" onClick={filtered.clear}>
            {texts.clearFilters}
          </Button>
        )}
      </Empty>
    );
  if (query.isError)
    return (
      <Empty title={texts.failed} icon={icon}>
        <Button variant="outline" onClick={() => void query.refetch()}>
          {texts.retry}
        </Button>
      </Empty>
    );
  if (empty && filtered)
    return (
      <Empty title={texts.emptyFiltered} hint={texts.emptyFilteredHint} icon="search">
        <Button variant="outline" onClick={filtered.clear}>
          {texts.clearFilters}
        </Button>
      </Empty>
    );
  if (empty) return <Empty title={texts.empty} hint={texts.emptyHint} icon={icon} />;
  return <>{children}</>;
}

export interface RecordPageProps<
  Row,
  P extends CursorPage<Row>,
  F extends FilterValues,
  K extends QueryKey = QueryKey,
> extends Omit<RecordTableProps<Row>, 'rows'> {
  /** One page of the list at `cursor` ('' the first) under the applied filters (a queryOptions). */
  pageQuery: (cursor: string) => UseQueryOptions<P, Error, P, K>;
  /** The page's filters (useUrlFilters) and how the panel offers them; none for an unfiltered list. */
  filters?: UrlFilters<F>;
  filterBar?: Omit<RecordFiltersProps<F>, 'filters' | 'texts' | 'actions'>;
  /** Buttons after Apply, knowing how many rows the list shows (a download of the filtered list). */
  actions?: (shown: { rows: number }) => ReactNode;
  /** Shown above the list once the first page is in (totals, turnover). */
  summary?: (first: P) => ReactNode;
  icon?: CoreIconName;
  texts?: Partial<RecordTexts>;
  /** Everything the page shows (filters, summary, list) goes in this element, a section when named. */
  title?: string;
}

/**
 * A record page: the filter panel (in the URL), a summary of the first page, the list as a table
 * (cards on a phone) with its loading, failed and empty states, and "load more" by keyset cursor.
 * The member's records use it; the back-office and the agent centre are meant to as well.
 */
export function RecordPage<
  Row,
  P extends CursorPage<Row>,
  F extends FilterValues = FilterValues,
  K extends QueryKey = QueryKey,
>({
  pageQuery,
  filters,
  filterBar,
  summary,
  actions,
  icon,
  texts: overrides,
  title,
  ...table
}: RecordPageProps<Row, P, F, K>) {
  const texts = useTexts(overrides);
  const list = useCursorPages(pageQuery, filters?.key ?? '');
  const titleId = useId();
  const content = (
    <>
      {title && (
        <h2 id={titleId} className="visually-hidden">
          {title}
        </h2>
      )}
      {filters && (
        <RecordFilters
          filters={filters}
          {...filterBar}
          actions={actions?.({ rows: list.items.length })}
          texts={texts}
        />
      )}
      {list.first.data && summary?.(list.first.data)}
      <RecordStates
        query={list.first}
        empty={list.items.length === 0}
        icon={icon}
        texts={texts}
        filtered={filters?.filtered ? filters : undefined}
      >
        <RecordTable rows={list.items as Row[]} {...table} />
        {(list.nextCursor !== null || list.loadingMore) && (
          <div className="records__more">
            <Button variant="secondary" onClick={list.loadMore} disabled={list.loadingMore}>
              {list.loadingMore ? texts.loading : texts.loadMore}
            </Button>
          </div>
        )}
      </RecordStates>
    </>
  );
  return title ? (
    <section className="records" aria-labelledby={titleId}>
      {content}
    </section>
  ) : (
    <div className="records">{content}</div>
  );
}
