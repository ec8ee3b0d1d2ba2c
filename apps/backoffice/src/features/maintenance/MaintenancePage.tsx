import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorCalls } from '@banca/contract/routes';
import type { StatusSettings } from '@banca/contract';
import { ApiError, opsCall } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { Field } from '@/ui/Field.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { Splash } from '@/ui/Splash.tsx';
import { formatTime, isoToLocalInput, localInputToIso } from '@/ui/format.ts';
import { CountryChips, parseCountryCodes } from './CountryChips.tsx';

const KEY = ['ops', 'status-settings'];
const lines = (text: string) =>
  text
    .split(/[\n,]/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Maintenance with an expected end, and the region rules: each change audited by the gateway. */
export function MaintenancePage() {
  const { t } = useI18n();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => opsCall<StatusSettings>(operatorCalls.statusSettings),
  });
  if (query.isPending) return <Splash />;
  if (query.isError)
    return (
      <section className="page">
        <h1>{t('maintenance.title')}</h1>
        <Notice kind="error">{query.error.message}</Notice>
      </section>
    );
  return (
    <section className="page">
      <h1 id="maint-title">{t('maintenance.title')}</h1>
      <MaintenanceCard settings={query.data} />
      <RegionCard settings={query.data} />
    </section>
  );
}

function useSave<B>(call: typeof operatorCalls.setMaintenance | typeof operatorCalls.setRegion) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => opsCall<StatusSettings>(call, { body }),
    onSuccess: (data) => client.setQueryData(KEY, data),
  });
}

function MaintenanceCard({ settings }: { settings: StatusSettings }) {
  const { t } = useI18n();
  const save = useSave<StatusSettings['maintenance']>(operatorCalls.setMaintenance);
  const [end, setEnd] = useState(isoToLocalInput(settings.maintenance.endTime));
  const on = settings.maintenance.enabled;
  const submit = (enabled: boolean) => (event?: FormEvent) => {
    event?.preventDefault();
    if (!window.confirm(t(enabled ? 'maintenance.confirmStart' : 'maintenance.confirmLift'))) return;
    save.mutate({ enabled, endTime: enabled ? localInputToIso(end) : null });
  };
  return (
    <form className="card stack" onSubmit={submit(true)} aria-labelledby="maint-status">
      <h2 id="maint-status">{t('maintenance.statusTitle')}</h2>
      <p className={`badge ${on ? 'badge--warn' : 'badge--ok'}`} data-testid="maintenance-state">
        {on ? t('maintenance.on') : t('maintenance.off')}
      </p>
      {on && (
        <p className="muted">
          {settings.maintenance.endTime
            ? t('maintenance.until', { time: formatTime(settings.maintenance.endTime) })
            : t('maintenance.noEnd')}
        </p>
      )}
      <Field
        label={t('maintenance.endTime')}
        help={t('maintenance.endHelp')}
        type="datetime-local"
        name="endTime"
        value={end}
        onChange={(e) => setEnd(e.target.value)}
      />
      {save.isError && <Notice kind="error">{(save.error as ApiError).message}</Notice>}
      {save.isSuccess && <Notice kind="ok">{t('maintenance.saved')}</Notice>}
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {on ? t('maintenance.update') : t('maintenance.start')}
        </button>
        {on && (
          <button type="button" className="btn btn--danger" onClick={submit(false)} disabled={save.isPending}>
            {t('maintenance.lift')}
          </button>
        )}
      </div>
    </form>
  );
}

function RegionCard({ settings }: { settings: StatusSettings }) {
  const { t } = useI18n();
  const save = useSave<StatusSettings['region']>(operatorCalls.setRegion);
  const r = settings.region;
  const [countries, setCountries] = useState(r.blockedCountries);
  const [pending, setPending] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Codes typed but not yet turned into chips are saved too, unless one is no country.
    const typed = parseCountryCodes(pending);
    if (typed.unknown.length > 0) return;
    const form = new FormData(event.currentTarget);
    save.mutate({
      blockedCountries: [...new Set([...countries, ...typed.codes])],
      blockedIpRanges: lines(String(form.get('blocked') ?? '')),
      allowedIpRanges: lines(String(form.get('allowed') ?? '')),
    });
  };
  const fields =
    save.error instanceof ApiError && save.error.value && typeof save.error.value === 'object'
      ? JSON.stringify((save.error.value as { fields?: unknown }).fields ?? '')
      : '';
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="region-title" key={JSON.stringify(r)}>
      <h2 id="region-title">{t('maintenance.regionTitle')}</h2>
      <CountryChips
        label={t('maintenance.countries')}
        help={t('maintenance.countriesHelp')}
        value={countries}
        onChange={setCountries}
        onPendingChange={setPending}
        error={fields.includes('blockedCountries') ? t('maintenance.chipsRefused') : null}
      />
      <div className="grid2">
        <div className="field">
          <label htmlFor="region-blocked">{t('maintenance.blockedRanges')}</label>
          <textarea id="region-blocked" name="blocked" rows={4} defaultValue={r.blockedIpRanges.join('\n')} />
        </div>
        <div className="field">
          <label htmlFor="region-allowed">{t('maintenance.allowedRanges')}</label>
          <textarea id="region-allowed" name="allowed" rows={4} defaultValue={r.allowedIpRanges.join('\n')} />
        </div>
      </div>
      {save.isError && (
        <Notice kind="error">
          {(save.error as ApiError).message} {fields}
        </Notice>
      )}
      {save.isSuccess && <Notice kind="ok">{t('maintenance.saved')}</Notice>}
      <div className="row">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t('maintenance.saveRegion')}
        </button>
      </div>
    </form>
  );
}
