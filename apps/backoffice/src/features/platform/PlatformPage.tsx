import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { systemCalls, walletCalls } from '@banca/contract/routes';
import type {
  PlatformSettings,
  RegisterFieldSetting,
  SetRegisterFieldsBody,
  SetWhitelabelFlagsBody,
  WalletSettings,
  Whitelabel,
  WhitelabelFlag,
} from '@banca/contract';
import { opsCall, errorText } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { Field } from '@/ui/Field.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { Splash } from '@/ui/Splash.tsx';

const KEY = ['ops', 'platform-settings'];
const FLAGS: WhitelabelFlag[] = [
  'USERNAMEREG3',
  'MOBILENUMREG3',
  'REGMOBVERF3',
  'MOBREGPASS3',
  'FREEPLAY3',
  'CHNGPASSVERIF3',
  'MOBCODELOGIN3',
  'PWDEXPIRY3',
  'AGENTPOLICY3',
  'vipEnabled',
  'referralEnabled',
];
const flagValue = (w: Whitelabel, f: WhitelabelFlag): boolean =>
  f === 'vipEnabled' ? w.vip.enabled : f === 'referralEnabled' ? w.referral.enabled : w[f];
/** Platform settings: white-label flags, the registration form (with its live preview), wallet settings. */
export function PlatformPage() {
  const { t } = useI18n();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => opsCall<PlatformSettings>(systemCalls.platformSettings),
  });
  if (query.isPending) return <Splash />;
  return (
    <section className="page">
      <h1>{t('platform.title')}</h1>
      <p className="muted">
        {t('platform.subtitle')} <Link to="/maintenance">{t('platform.maintenanceLink')}</Link>
      </p>
      {query.isError ? (
        <Notice kind="error">{query.error.message}</Notice>
      ) : (
        <>
          <FlagsCard whitelabel={query.data.whitelabel} />
          <RegisterFieldsCard fields={query.data.registerFields} />
        </>
      )}
      <WalletCard />
    </section>
  );
}

function FlagsCard({ whitelabel }: { whitelabel: Whitelabel }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (body: SetWhitelabelFlagsBody) =>
      opsCall<Whitelabel>(systemCalls.setWhitelabelFlags, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const flags = Object.fromEntries(
      FLAGS.map((flag) => [flag, f.get(flag) === 'on'] as const).filter(
        ([flag, v]) => v !== flagValue(whitelabel, flag),
      ),
    );
    const siteName = String(f.get('siteName') ?? '').trim();
    const reason = String(f.get('reason') ?? '').trim();
    const body: SetWhitelabelFlagsBody = {
      ...(Object.keys(flags).length > 0 ? { flags } : {}),
      ...(siteName !== whitelabel.siteName ? { siteName } : {}),
      ...(reason ? { reason } : {}),
    };
    if (body.flags || body.siteName !== undefined) save.mutate(body);
  };
  return (
    <form
      className="card stack"
      onSubmit={submit}
      aria-labelledby="flags-title"
      key={JSON.stringify(whitelabel)}
    >
      <h2 id="flags-title">{t('platform.flagsTitle')}</h2>
      <MerchantFacts whitelabel={whitelabel} />
      <Field
        label={t('platform.siteName')}
        help={t('platform.siteNameHelp')}
        name="siteName"
        defaultValue={whitelabel.siteName}
        required
        minLength={2}
        maxLength={40}
        autoComplete="off"
      />
      <div className="flags">
        {FLAGS.map((flag) => (
          <label key={flag} className="check flag">
            <input type="checkbox" name={flag} defaultChecked={flagValue(whitelabel, flag)} />
            <span>
              {t(`platform.flags.${flag}`)} <code className="small muted">{flag}</code>
            </span>
          </label>
        ))}
      </div>
      <Field label={t('platform.reason')} name="reason" maxLength={500} />
      {save.isError && <Notice kind="error">{errorText(save.error)}</Notice>}
      {save.isSuccess && <Notice kind="ok">{t('platform.saved')}</Notice>}
      <div className="row row--end">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t('platform.saveFlags')}
        </button>
      </div>
    </form>
  );
}

/**
 * The merchant's identity, read only: its code (MERCHANT at the first start) and currency are set
 * up once, since every balance, ledger row and report is kept in that currency and under that code.
 */
function MerchantFacts({ whitelabel }: { whitelabel: Whitelabel }) {
  const { t } = useI18n();
  return (
    <div className="stack">
      <dl className="facts" data-testid="merchant-facts">
        <div>
          <dt>{t('platform.merchantCode')}</dt>
          <dd>
            <code>{whitelabel.merchantCode}</code>
          </dd>
        </div>
        <div>
          <dt>{t('platform.currency')}</dt>
          <dd>
            {whitelabel.currency} ({whitelabel.currencySymbol})
          </dd>
        </div>
      </dl>
      <p className="small muted">{t('platform.merchantHelp')}</p>
    </div>
  );
}

type EditableField = SetRegisterFieldsBody['fields'][number];
const editable = (f: RegisterFieldSetting): EditableField => ({
  name: f.name,
  enabled: f.enabled,
  required: f.required,
  minLength: f.minLength,
  maxLength: f.maxLength,
});

function RegisterFieldsCard({ fields }: { fields: RegisterFieldSetting[] }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [draft, setDraft] = useState<EditableField[]>(() => fields.map(editable));
  const [reason, setReason] = useState('');
  const save = useMutation({
    mutationFn: (body: SetRegisterFieldsBody) =>
      opsCall<RegisterFieldSetting[]>(systemCalls.setRegisterFields, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
  const set = (i: number, patch: Partial<EditableField>) =>
    setDraft((d) =>
      d.map((f, j) =>
        j === i ? { ...f, ...patch, ...(patch.enabled === false ? { required: false } : {}) } : f,
      ),
    );
  // A field added to the contract before its label here shows its name rather than a key.
  const label = (name: string) => {
    const key = `platform.fieldNames.${name as 'username'}` as const;
    const text = t(key);
    return text === key ? name : text;
  };
  const changed = draft.filter((f, i) => JSON.stringify(f) !== JSON.stringify(editable(fields[i]!)));
  return (
    <section className="card stack" aria-labelledby="fields-title">
      <h2 id="fields-title">{t('platform.fieldsTitle')}</h2>
      <div className="fields-layout">
        <div className="datatable__scroll">
          <table className="datatable">
            <caption className="sr-only">{t('platform.fieldsTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('platform.field')}</th>
                <th scope="col">{t('platform.shown')}</th>
                <th scope="col">{t('platform.required')}</th>
                <th scope="col">{t('platform.minLength')}</th>
                <th scope="col">{t('platform.maxLength')}</th>
              </tr>
            </thead>
            <tbody>
              {draft.map((f, i) => (
                <tr key={f.name}>
                  <td>{label(f.name)}</td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${t('platform.shown')}: ${label(f.name)}`}
                      checked={f.enabled}
                      onChange={(e) => set(i, { enabled: e.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${t('platform.required')}: ${label(f.name)}`}
                      checked={f.required}
                      disabled={!f.enabled}
                      onChange={(e) => set(i, { required: e.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      className="input--small"
                      type="number"
                      min={0}
                      max={128}
                      aria-label={`${t('platform.minLength')}: ${label(f.name)}`}
                      value={f.minLength}
                      onChange={(e) => set(i, { minLength: Number(e.target.value) })}
                    />
                  </td>
                  <td>
                    <input
                      className="input--small"
                      type="number"
                      min={1}
                      max={128}
                      aria-label={`${t('platform.maxLength')}: ${label(f.name)}`}
                      value={f.maxLength}
                      onChange={(e) => set(i, { maxLength: Number(e.target.value) })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="stack-tight">
          <span className="label" id="register-preview-label">
            {t('platform.preview')}
          </span>
          <form
            className="preview register-preview stack-tight"
            aria-labelledby="register-preview-label"
            data-testid="register-preview"
            onSubmit={(e) => e.preventDefault()}
          >
            {draft
              .filter((f) => f.enabled)
              .map((f) => (
                <div className="field" key={f.name}>
                  <label htmlFor={`preview-${f.name}`}>
                    {label(f.name)}
                    {f.required && <span aria-hidden="true"> *</span>}
                  </label>
                  <input
                    id={`preview-${f.name}`}
                    type={/password/i.test(f.name) ? 'password' : 'text'}
                    required={f.required}
                    minLength={f.minLength}
                    maxLength={f.maxLength}
                    placeholder={t('platform.lengthHint', { min: f.minLength, max: f.maxLength })}
                    readOnly
                  />
                </div>
              ))}
            <button type="button" className="btn btn--primary" disabled>
              {t('platform.previewSubmit')}
            </button>
          </form>
        </div>
      </div>
      <Field
        label={t('platform.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        maxLength={500}
      />
      {save.isError && <Notice kind="error">{errorText(save.error)}</Notice>}
      {save.isSuccess && <Notice kind="ok">{t('platform.saved')}</Notice>}
      <div className="row row--end">
        <button
          type="button"
          className="btn btn--primary"
          disabled={save.isPending || changed.length === 0}
          onClick={() =>
            save.mutate({ fields: changed, ...(reason.trim() ? { reason: reason.trim() } : {}) })
          }
        >
          {t('platform.saveFields')}
        </button>
      </div>
    </section>
  );
}

/** The merchant's money settings (GET/PUT /ops/wallet/settings): amounts in minor units. */
function WalletCard() {
  const { t } = useI18n();
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['ops', 'wallet-settings'],
    queryFn: () => opsCall<WalletSettings>(walletCalls.getSettings),
  });
  const save = useMutation({
    mutationFn: (body: unknown) => opsCall<WalletSettings>(walletCalls.putSettings, { body }),
    onSuccess: (data) => client.setQueryData(['ops', 'wallet-settings'], data),
  });
  if (query.isPending) return null;
  if (query.isError)
    return (
      <section className="card">
        <Notice kind="error">{query.error.message}</Notice>
      </section>
    );
  const s = query.data;
  const pix = s.deposit.channels.find((c) => c.channel === 'PIX') ?? s.deposit.channels[0];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const n = (k: string) => Number(f.get(k));
    save.mutate({
      timeZone: String(f.get('timeZone') ?? 'UTC').trim(),
      walletMode: f.get('walletMode') === 'transfer' ? 'transfer' : 'single',
      deposit: {
        channels: s.deposit.channels.map((c) =>
          c === pix ? { ...c, enabled: f.get('depEnabled') === 'on', min: n('depMin'), max: n('depMax') } : c,
        ),
        chargeTtlMinutes: n('chargeTtl'),
      },
      withdraw: {
        ...s.withdraw,
        min: n('wMin'),
        max: n('wMax'),
        dailyCount: n('wCount'),
        dailyAmount: n('wAmount'),
        payoutTargetMinutes: n('wTarget'),
        confirmTimeoutMinutes: n('wConfirm'),
        turnoverMultiple: n('wTurnover'),
      },
      paymentPassword: { maxTries: n('ppTries'), lockMinutes: n('ppLock') },
    });
  };
  const num = (name: string, label: string, value: number, help?: string) => (
    <Field label={label} help={help} name={name} type="number" min={0} required defaultValue={value} />
  );
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="wallet-title" key={JSON.stringify(s)}>
      <h2 id="wallet-title">{t('platform.walletTitle')}</h2>
      <p className="muted small">{t('platform.walletHelp')}</p>
      <div className="grid2">
        <Field label={t('platform.timeZone')} name="timeZone" defaultValue={s.timeZone} required />
        <div className="field">
          <label htmlFor="wallet-mode">{t('platform.walletMode')}</label>
          <select id="wallet-mode" name="walletMode" defaultValue={s.walletMode}>
            <option value="single">{t('platform.walletModes.single')}</option>
            <option value="transfer">{t('platform.walletModes.transfer')}</option>
          </select>
        </div>
      </div>
      <fieldset className="group">
        <legend>{t('platform.deposit')}</legend>
        <div className="grid2">
          <label className="check">
            <input type="checkbox" name="depEnabled" defaultChecked={pix?.enabled ?? true} />{' '}
            {t('platform.pixEnabled')}
          </label>
          {num('depMin', t('platform.min'), pix?.min ?? 0)}
          {num('depMax', t('platform.max'), pix?.max ?? 0)}
          {num('chargeTtl', t('platform.chargeTtl'), s.deposit.chargeTtlMinutes)}
        </div>
      </fieldset>
      <fieldset className="group">
        <legend>{t('platform.withdraw')}</legend>
        <div className="grid2">
          {num('wMin', t('platform.min'), s.withdraw.min)}
          {num('wMax', t('platform.max'), s.withdraw.max)}
          {num('wCount', t('platform.dailyCount'), s.withdraw.dailyCount)}
          {num('wAmount', t('platform.dailyAmount'), s.withdraw.dailyAmount)}
          {num('wTarget', t('platform.payoutTarget'), s.withdraw.payoutTargetMinutes)}
          {num('wConfirm', t('platform.confirmTimeout'), s.withdraw.confirmTimeoutMinutes)}
          {num('wTurnover', t('platform.turnover'), s.withdraw.turnoverMultiple)}
        </div>
      </fieldset>
      <fieldset className="group">
        <legend>{t('platform.paymentPassword')}</legend>
        <div className="grid2">
          {num('ppTries', t('platform.maxTries'), s.paymentPassword.maxTries)}
          {num('ppLock', t('platform.lockMinutes'), s.paymentPassword.lockMinutes)}
        </div>
      </fieldset>
      {save.isError && <Notice kind="error">{errorText(save.error)}</Notice>}
      {save.isSuccess && <Notice kind="ok">{t('platform.saved')}</Notice>}
      <div className="row row--end">
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t('platform.saveWallet')}
        </button>
      </div>
    </form>
  );
}
