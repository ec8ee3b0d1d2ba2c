import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { DepositOptions, DepositSummary, DepositView } from '@banca/contract';
import { useT } from '@/i18n';
import { Button, Empty, FullIcon, Skeleton, StrokeIcon } from '@/ui';
import { Alert, SubmitButton, useMoneyMutation, useZodForm } from '@/ui/form';
import {
  DEPOSITS_KEY,
  createDeposit,
  depositOptionsQuery,
  depositQuery,
  recentDepositsQuery,
} from '../api/deposit-api';
import { parseAmountInput } from '../amount-input';
import { countdown, useNow } from '@/lib/clock';
import { zeroAmount } from '@/lib/locale';
import { formatMinorUnits } from '@/lib/money';
import './deposit.css';

const CHECK = 'M5 12.5l4.5 4.5L19 7.5';

/** Quick amounts in minor units, shown when inside the channel's limits. */
const QUICK = [2_000, 5_000, 10_000, 20_000, 50_000, 100_000];

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * depositv2: PIX deposit. The form (channel, amount within the channel's min/max, quick amounts)
 * creates a charge; the charge panel shows its QR code, the copy-and-paste code with a copy button and
 * the countdown to expiry, and moves from waiting to paid by itself (the live balance event refreshes
 * it; a slow poll backs it up). Recent deposits below.
 */
export default function DepositPage() {
  const { t } = useT();
  const options = useQuery(depositOptionsQuery);
  const [current, setCurrent] = useState<number | null>(null);

  return (
    // The member centre's layout already titles the page: the section is named, not headed again.
    <section className="dep" aria-label={t('wallet.deposit.title')}>
      <p className="dep__intro">{t('wallet.deposit.intro')}</p>
      {options.isPending ? (
        <div aria-busy="true" aria-label={t('wallet.deposit.loading')}>
          <Skeleton height="220px" />
        </div>
      ) : options.isError ? (
        <p className="form__alert" role="alert">
          {t('wallet.deposit.unavailable')}
        </p>
      ) : current === null ? (
        <DepositForm options={options.data} onCreated={(view) => setCurrent(view.depositId)} />
      ) : (
        <ChargePanel depositId={current} onNew={() => setCurrent(null)} />
      )}
      <RecentDeposits onOpen={setCurrent} />
    </section>
  );
}

interface FormValues {
  amount: string;
}

function DepositForm({
  options,
  onCreated,
}: {
  options: DepositOptions;
  onCreated: (view: DepositView) => void;
}) {
  const { t, language } = useT();
  const client = useQueryClient();
  const channel = options.channels[0];
  const money = (minor: number) => `${options.currencySymbol} ${formatMinorUnits(minor, language)}`;
  const parse = (text: string) => parseAmountInput(text, language);
  const schema = z.object({
    amount: z.string().superRefine((text, ctx) => {
      const minor = parse(text);
      if (minor === null || minor <= 0)
        ctx.addIssue({ code: 'custom', message: t('wallet.deposit.amountInvalid') });
      else if (channel && (minor < channel.min || minor > channel.max)) {
        ctx.addIssue({
          code: 'custom',
          message: t('wallet.deposit.amountRange', { min: money(channel.min), max: money(channel.max) }),
        });
      }
    }),
  });
  const form = useZodForm<FormValues>({ defaultValues: { amount: '' }, schema });
  const mutation = useMoneyMutation({
    send: (values: FormValues, idempotencyKey) =>
      createDeposit({ channel: channel!.channel, amount: parse(values.amount)!, idempotencyKey }),
    // A failed or unanswered charge is retried as the same charge: the key goes only once it is made.
    renew: 'success',
    form,
    errors: { fields: ['amount'], codes: { deposit_amount_out_of_range: 'amount' } },
    onSuccess: (view) => {
      client.setQueryData(depositQuery(view.depositId).queryKey, view);
      void client.invalidateQueries({ queryKey: [...DEPOSITS_KEY, 'recent'] });
      onCreated(view);
    },
  });

  if (!channel) return <Empty title={t('wallet.deposit.noChannels')} />;
  const field = form.bind('amount');
  const hintId = `${field.id}-hint`;
  const errorId = `${field.id}-error`;
  return (
    <form
      className="dep__form"
      noValidate
      onSubmit={(event) => {
        void form.handleSubmit(
          (values) => {
            form.setAlert(null);
            mutation.mutate(values);
          },
          () => form.focusFirstError(['amount']),
        )(event);
      }}
    >
      <fieldset className="dep__channels">
        <legend>{t('wallet.deposit.channel')}</legend>
        {options.channels.map((c) => (
          <label key={c.channel} className="dep__channel">
            <input
              type="radio"
              name="channel"
              value={c.channel}
              checked={c.channel === channel.channel}
              readOnly
            />
            <FullIcon name="deposit" size={22} />
            <span>
              <strong>{t('wallet.deposit.channelPix')}</strong>
              <small>{t('wallet.deposit.channelPixHint')}</small>
            </span>
          </label>
        ))}
      </fieldset>

      <div className={`dep__field${field.error ? ' dep__field--error' : ''}`}>
        <label htmlFor={field.id}>{t('wallet.deposit.amount')}</label>
        <div className="dep__input">
          <span aria-hidden="true">{options.currencySymbol}</span>
          <input
            id={field.id}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={zeroAmount(language)}
            value={field.value}
            onChange={(event) => field.onChange(event.target.value)}
            aria-invalid={!!field.error}
            aria-describedby={field.error ? errorId : hintId}
            maxLength={16}
            required
          />
        </div>
        {field.error ? (
          <p className="dep__error" id={errorId}>
            {field.error}
          </p>
        ) : (
          <p className="dep__hint" id={hintId}>
            {t('wallet.deposit.amountHint', { min: money(channel.min), max: money(channel.max) })}
          </p>
        )}
      </div>

      <div className="dep__quick" role="group" aria-label={t('wallet.deposit.quickAmounts')}>
        {QUICK.filter((q) => q >= channel.min && q <= channel.max).map((q) => (
          <button
            key={q}
            type="button"
            className="dep__chip"
            aria-pressed={parse(field.value) === q}
            onClick={() => field.onChange(formatMinorUnits(q, language).replace(/[.,]00$/, ''))}
          >
            {money(q)}
          </button>
        ))}
      </div>

      <Alert>{form.alert}</Alert>
      <SubmitButton busy={mutation.isPending}>{t('wallet.deposit.submit')}</SubmitButton>
    </form>
  );
}

function ChargePanel({ depositId, onNew }: { depositId: number; onNew: () => void }) {
  const { t, language } = useT();
  const query = useQuery(depositQuery(depositId));
  const view = query.data;
  const now = useNow(1000, { active: view?.status === 'pending' });
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  if (!view) return <Skeleton height="320px" />;
  const amount = formatMinorUnits(view.amount, language);
  const left = new Date(view.expiresAt).getTime() - now;
  const status = view.status === 'pending' && left <= 0 ? 'expired' : view.status;
  const qr = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(view.qrSvg)}`;

  return (
    <div className={`dep__charge dep__charge--${status}`}>
      <div className="dep__status" role="status" aria-live="polite">
        <span className={`dep__badge dep__badge--${status}`}>{t(`wallet.deposit.status.${status}`)}</span>
        <strong className="dep__amount">
          {view.currency === 'BRL' ? 'R$' : view.currency} {amount}
        </strong>
        {status === 'pending' && (
          <span className="dep__countdown">{t('wallet.deposit.expiresIn', { time: countdown(left) })}</span>
        )}
      </div>

      {status === 'paid' ? (
        <div className="dep__done">
          <StrokeIcon d={CHECK} size={40} />
          <p>{t('wallet.deposit.paidText', { amount: `R$ ${amount}` })}</p>
        </div>
      ) : status === 'expired' ? (
        <p className="dep__note">{t('wallet.deposit.expiredText')}</p>
      ) : (
        <>
          <p className="dep__note">{t('wallet.deposit.waitingText')}</p>
          <div className="dep__pay">
            <img className="dep__qr" src={qr} alt={t('wallet.deposit.qrAlt', { amount: `R$ ${amount}` })} />
            <div className="dep__code">
              <label htmlFor={`dep-code-${depositId}`}>{t('wallet.deposit.copyPasteLabel')}</label>
              <textarea id={`dep-code-${depositId}`} readOnly value={view.pixCopyPaste} rows={4} />
              <Button
                variant="secondary"
                block
                onClick={() => void copy(view.pixCopyPaste).then((ok) => setCopied(ok ? 'ok' : 'failed'))}
              >
                {t('wallet.deposit.copy')}
              </Button>
              <p className="dep__copied" role="status">
                {copied === 'ok'
                  ? t('wallet.deposit.copied')
                  : copied === 'failed'
                    ? t('wallet.deposit.copyFailed')
                    : ''}
              </p>
            </div>
          </div>
          {view.payUrl && (
            <div className="dep__sandbox">
              <a className="btn btn--outline btn--md" href={view.payUrl} target="_blank" rel="noopener">
                {t('wallet.deposit.sandboxPay')}
              </a>
              <small>{t('wallet.deposit.sandboxNote')}</small>
            </div>
          )}
        </>
      )}
      <Button variant={status === 'pending' ? 'ghost' : 'primary'} onClick={onNew}>
        {t('wallet.deposit.newDeposit')}
      </Button>
    </div>
  );
}

function RecentDeposits({ onOpen }: { onOpen: (id: number) => void }) {
  const { t, language } = useT();
  const query = useQuery(recentDepositsQuery);
  const rows: DepositSummary[] = query.data?.deposits ?? [];
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language === 'PT' ? 'pt-BR' : 'en-US', {
      dateStyle: 'short',
      timeStyle: 'short',
    }).format(new Date(iso));
  return (
    <section className="dep__recent" aria-labelledby="dep-recent">
      <h3 id="dep-recent">{t('wallet.deposit.recent')}</h3>
      {query.isPending ? (
        <Skeleton height="80px" />
      ) : rows.length === 0 ? (
        <p className="dep__none">{t('wallet.deposit.none')}</p>
      ) : (
        <ul>
          {rows.map((row) => (
            <li key={row.depositId}>
              <button type="button" onClick={() => onOpen(row.depositId)}>
                <span className="dep__recent-amount">R$ {formatMinorUnits(row.amount, language)}</span>
                <span className="dep__recent-date">
                  {t('wallet.deposit.at', { date: date(row.createdAt) })}
                </span>
                <span className={`dep__badge dep__badge--${row.status}`}>
                  {t(`wallet.deposit.status.${row.status}`)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
