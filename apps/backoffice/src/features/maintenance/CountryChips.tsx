import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { ISO_COUNTRY_CODES, isIsoCountryCode } from '@banca/contract';
import { locale, useI18n } from '@/i18n/i18n.ts';

/** The codes typed (separated by commas, semicolons or spaces), upper case, split into known and not. */
export function parseCountryCodes(text: string): { codes: string[]; unknown: string[] } {
  const parts = text
    .split(/[\s,;]+/)
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean);
  return { codes: parts.filter(isIsoCountryCode), unknown: parts.filter((p) => !isIsoCountryCode(p)) };
}

/**
 * Blocked countries as chips: type an ISO 3166-1 code (or several) and press Enter or a comma; each
 * chip has its own remove button; Backspace in the empty box removes the last one. Only assigned ISO
 * codes are taken (the gateway checks the same list); the country's name shows in the operator's
 * language. `pending` reports text typed but not yet added, so the form can add it on save.
 */
export function CountryChips({
  label,
  help,
  value,
  onChange,
  error,
  onPendingChange,
}: {
  label: string;
  help: string;
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string | null;
  onPendingChange?: (text: string) => void;
}) {
  const { t, lang } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const names = useMemo(() => {
    const display = new Intl.DisplayNames([locale()], { type: 'region' });
    return (code: string) => display.of(code) ?? code;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the names follow the language
  }, [lang]);
  const setPending = (next: string) => {
    setText(next);
    onPendingChange?.(next);
  };

  const add = (raw: string): boolean => {
    const { codes, unknown } = parseCountryCodes(raw);
    const fresh = codes.filter((c, i) => !value.includes(c) && codes.indexOf(c) === i);
    if (fresh.length > 0) {
      onChange([...value, ...fresh]);
      setAnnounce(t('maintenance.chipsAdded', { codes: fresh.join(', ') }));
    }
    if (unknown.length > 0) {
      setProblem(t('maintenance.chipsUnknown', { codes: unknown.join(', ') }));
      setPending(unknown.join(', '));
      return false;
    }
    setProblem(null);
    setPending('');
    return true;
  };
  const remove = (code: string) => {
    onChange(value.filter((c) => c !== code));
    setAnnounce(t('maintenance.chipsRemoved', { code, name: names(code) }));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',' || e.key === ';') {
      e.preventDefault();
      if (text.trim()) add(text);
    } else if (e.key === 'Backspace' && text === '' && value.length > 0) {
      remove(value[value.length - 1]!);
    }
  };
  const shown = problem ?? error;
  const described = [`${id}-help`, shown ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field chips-field">
      <label htmlFor={id}>{label}</label>
      <div className={`chips${shown ? ' chips--invalid' : ''}`}>
        {value.length > 0 && (
          <ul className="chips__list" aria-label={label}>
            {value.map((code) => (
              <li key={code} className="chip">
                <span className="chip__code">{code}</span>
                <span className="chip__name">{names(code)}</span>
                <button
                  type="button"
                  className="chip__remove"
                  onClick={() => remove(code)}
                  aria-label={t('maintenance.chipRemove', { code, name: names(code) })}
                  title={t('maintenance.chipRemove', { code, name: names(code) })}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          id={id}
          className="chips__input"
          value={text}
          list={`${id}-codes`}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={200}
          placeholder={value.length === 0 ? t('maintenance.chipsPlaceholder') : ''}
          aria-invalid={shown ? true : undefined}
          aria-describedby={described}
          onChange={(e) => {
            const next = e.target.value;
            // A separator (comma, semicolon, space) typed or pasted adds what came before it.
            if (/[\s,;]/.test(next.trimStart())) add(next);
            else {
              setPending(next);
              if (problem) setProblem(null);
            }
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            if (text.trim()) add(text);
          }}
        />
        <datalist id={`${id}-codes`}>
          {ISO_COUNTRY_CODES.filter((c) => !value.includes(c)).map((c) => (
            <option key={c} value={c}>
              {names(c)}
            </option>
          ))}
        </datalist>
      </div>
      <p id={`${id}-help`} className="field__help">
        {help}
      </p>
      {shown && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {shown}
        </p>
      )}
      <span className="sr-only" role="status" aria-live="polite">
        {announce}
      </span>
    </div>
  );
}
