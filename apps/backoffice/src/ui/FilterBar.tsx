import { useId, type FormEvent } from 'react';
import { useI18n } from '@/i18n/i18n.ts';

export type FilterDef<N extends string> =
  | { name: N; label: string; type: 'text' | 'number' | 'datetime-local'; placeholder?: string }
  | { name: N; label: string; type: 'select'; options: { value: string; label: string }[] };

/** The filters of a list, written to the URL on submit (so a filtered list is a shareable link). */
export function FilterBar<N extends string>({
  filters,
  values,
  onApply,
}: {
  filters: FilterDef<N>[];
  values: Record<N, string>;
  onApply: (next: Record<N, string>) => void;
}) {
  const { t } = useI18n();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onApply(
      Object.fromEntries(filters.map((f) => [f.name, String(form.get(f.name) ?? '').trim()])) as Record<
        N,
        string
      >,
    );
  };
  return (
    <form className="filters" onSubmit={submit} aria-label={t('table.filters')} key={JSON.stringify(values)}>
      {filters.map((f) => (
        <div className="field field--inline" key={f.name}>
          <label htmlFor={`${id}-${f.name}`}>{f.label}</label>
          {f.type === 'select' ? (
            <select id={`${id}-${f.name}`} name={f.name} defaultValue={values[f.name]}>
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          ) : (
            <input
              id={`${id}-${f.name}`}
              name={f.name}
              type={f.type}
              defaultValue={values[f.name]}
              placeholder={'placeholder' in f ? f.placeholder : undefined}
            />
          )}
        </div>
      ))}
      <div className="filters__actions">
        <button type="submit" className="btn btn--primary">
          {t('table.apply')}
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          onClick={() => onApply(Object.fromEntries(filters.map((f) => [f.name, ''])) as Record<N, string>)}
        >
          {t('table.clear')}
        </button>
      </div>
    </form>
  );
}
