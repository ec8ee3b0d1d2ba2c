import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { PROOF_MAX_BYTES, type Withdrawal } from '@banca/contract';
import { isApiError } from '@/api';
import { memberPage } from '@/config/paths';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Button } from '@/ui';
import { Alert, SubmitButton, TextField, useMoneyMutation, useZodForm } from '@/ui/form';
import {
  PAYMENT_REFUSALS,
  cancelWithdrawal,
  confirmWithdrawal,
  requestWithdrawal,
  withdrawalsQuery,
  withdrawOverviewQuery,
} from '../api/withdraw-api';
import { parseAmountInput } from '../amount-input';
import { useNow } from '@/lib/clock';
import { localeOf } from '@/lib/locale';
import { formatMinorUnits } from '@/lib/money';
import './withdraw.css';

const STEPS = ['requested', 'approved', 'paid', 'confirmed'] as const;

/** Minutes since the request, ticking each half minute: up to payment, then frozen at the payout. */
function useElapsedMinutes(w: Withdrawal): number {
  const stoppedAt = w.paidAt ?? w.rejectedAt ?? w.failedAt ?? w.cancelledAt;
  const now = useNow(30_000, { active: !stoppedAt });
  const end = stoppedAt ? Date.parse(stoppedAt) : now;
  return Math.max(0, Math.floor((end - Date.parse(w.requestedAt)) / 60_000));
}

function ConfirmReceipt({ w }: { w: Withdrawal }) {
  const { t } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const client = useQueryClient();
  const [notReceived, setNotReceived] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const mutation = useMutation({
    mutationFn: async (received: boolean) => {
      if (received) return confirmWithdrawal(w.id, { received: true });
      const file = fileRef.current?.files?.[0];
      if (!file || !/^image\/(png|jpeg)$/.test(file.type) || file.size > PROOF_MAX_BYTES)
        throw new Error('proof');
      const data = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error ?? new Error('read'));
        reader.readAsDataURL(file);
      });
      return confirmWithdrawal(w.id, { received: false, proof: data });
    },
    onSuccess: () => void client.invalidateQueries({ queryKey: withdrawalsQuery(memberId).queryKey }),
    onError: (e) => setError(isApiError(e) ? e.message : t('wallet.withdraw.proofHint')),
  });
  const proofId = `proof-${w.id}`;
  return (
    <div className="wd-confirm">
      <p className="wd-confirm__ask">{t('wallet.withdraw.confirmAsk')}</p>
      {!notReceived ? (
        <div className="wd-confirm__actions">
          <Button size="sm" busy={mutation.isPending} onClick={() => mutation.mutate(true)}>
            {t('wallet.withdraw.received')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setNotReceived(true)}>
            {t('wallet.withdraw.notReceived')}
          </Button>
        </div>
      ) : (
        <div className="field">
          <label htmlFor={proofId} className="field__label">
            {t('wallet.withdraw.proof')}
          </label>
          <input
            id={proofId}
            ref={fileRef}
            type="file"
            accept="image/png,image/jpeg"
            aria-describedby={`${proofId}-hint`}
          />
          <p className="field__hint" id={`${proofId}-hint`}>
            {t('wallet.withdraw.proofHint')}
          </p>
          <div className="wd-confirm__actions">
            <Button
              size="sm"
              variant="danger"
              busy={mutation.isPending}
              onClick={() => mutation.mutate(false)}
            >
              {t('wallet.withdraw.sendProof')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setNotReceived(false)}>
              {t('wallet.withdraw.cancel')}
            </Button>
          </div>
        </div>
      )}
      <Alert>{error}</Alert>
    </div>
  );
}

/** A withdrawal no one has decided yet can be taken back: the hold returns at once. */
function CancelRequest({ w, onCancelled }: { w: Withdrawal; onCancelled: (w: Withdrawal) => void }) {
  const { t } = useT();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => cancelWithdrawal(w.id),
    onSuccess: (value) => {
      onCancelled(value);
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
    // Refused (an operator decided meanwhile): the list shows the state it is in now.
    onSettled: () => void client.invalidateQueries({ queryKey: ['wallet', 'withdrawals'] }),
  });
  const hintId = `wd-cancel-${w.id}`;
  return (
    <div className="wd-cancel">
      <p className="wd-cancel__hint" id={hintId}>
        {t('wallet.withdraw.cancelHint')}
      </p>
      <Button
        size="sm"
        variant="outline"
        busy={mutation.isPending}
        aria-describedby={hintId}
        onClick={() => mutation.mutate()}
      >
        {t('wallet.withdraw.cancelRequest')}
      </Button>
      <Alert>
        {mutation.error
          ? isApiError(mutation.error)
            ? mutation.error.message
            : t('wallet.loadFailed')
          : null}
      </Alert>
    </div>
  );
}

/** One withdrawal's tracker: requested, approved, paid, confirmed, and the clock against the target. */
export function Tracker({
  w,
  focus = false,
  onCancelled,
}: {
  w: Withdrawal;
  /** Bring this tracker into view (the withdrawal just asked for). */
  focus?: boolean;
  onCancelled?: (w: Withdrawal) => void;
}) {
  const { t, language } = useT();
  const elapsed = useElapsedMinutes(w);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focus) ref.current?.scrollIntoView({ block: 'center' });
  }, [focus]);
  const at: Record<(typeof STEPS)[number], string | null> = {
    requested: w.requestedAt,
    approved: w.approvedAt,
    paid: w.paidAt,
    confirmed: w.confirmedAt,
  };
  // A rejected, failed or cancelled withdrawal is over: the money is back, no clock runs.
  const closed = w.status === 'REJECTED' || w.status === 'FAILED' || w.status === 'CANCELLED';
  const late = !closed && elapsed > w.payoutTargetMinutes;
  return (
    <li
      ref={ref}
      className={`wd-item${focus ? ' is-new' : ''}`}
      data-status={w.status}
      aria-label={t('wallet.withdraw.itemLabel', { id: w.id })}
    >
      <div className="wd-item__head">
        <strong className="wd-item__amount">
          {w.currency} {formatMinorUnits(w.amount, language)}
        </strong>
        <span className={`wd-badge wd-badge--${w.status.toLowerCase()}`} data-testid="wd-status">
          {t(`wallet.withdraw.status.${w.status}`)}
        </span>
      </div>
      <p className="wd-item__meta">
        {t(`wallet.security.keyTypes.${w.payoutKey.type}`)} {w.payoutKey.keyMasked}
      </p>
      {w.status === 'REJECTED' ? (
        <p className="wd-item__reason">{t('wallet.withdraw.rejected', { reason: w.rejectReason ?? '—' })}</p>
      ) : w.status === 'CANCELLED' ? (
        <p className="wd-item__reason">{t('wallet.withdraw.cancelledNote')}</p>
      ) : w.status === 'FAILED' ? (
        <p className="wd-item__reason" data-testid="wd-fail-reason">
          {t(`wallet.withdraw.failed.${w.failReason ?? 'payout_refused'}`)}
        </p>
      ) : (
        <ol className="wd-steps">
          {STEPS.map((step) => (
            <li key={step} className={`wd-step${at[step] ? ' is-done' : ''}`}>
              <span className="wd-step__dot" aria-hidden="true" />
              <span className="wd-step__label">{t(`wallet.withdraw.steps.${step}`)}</span>
              <span className="wd-step__time">
                {at[step]
                  ? new Date(at[step]).toLocaleTimeString(localeOf(language), {
                      hour: '2-digit',
                      minute: '2-digit',
                    })
                  : t('wallet.withdraw.pending')}
              </span>
            </li>
          ))}
        </ol>
      )}
      {!closed && (
        <p className={`wd-clock${late ? ' is-late' : ''}`}>
          {t('wallet.withdraw.clock', { elapsed, target: w.payoutTargetMinutes })}
        </p>
      )}
      {w.status === 'REQUESTED' && onCancelled && <CancelRequest w={w} onCancelled={onCancelled} />}
      {w.status === 'PAID' && <ConfirmReceipt w={w} />}
    </li>
  );
}

interface Values {
  amount: string;
  paymentPassword: string;
}

/** withdraw: the limits, what is left to wager, the request form and the trackers. */
export default function WithdrawPage() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const client = useQueryClient();
  const overview = useQuery(withdrawOverviewQuery(memberId));
  const list = useQuery(withdrawalsQuery(memberId));
  // What the member just did, said where the trackers are (and that tracker brought into view).
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const names: (keyof Values)[] = ['amount', 'paymentPassword'];
  const o = overview.data;
  const money = (n: number) => formatMinorUnits(n, language);
  const form = useZodForm<Values>({
    defaultValues: { amount: '', paymentPassword: '' },
    schema: () =>
      z.object({
        amount: z.string().refine(
          (v) => {
            const minor = parseAmountInput(v, language);
            return minor !== null && (!o || (minor >= o.min && minor <= o.max));
          },
          o
            ? t('wallet.withdraw.amountRange', { min: money(o.min), max: money(o.max) })
            : t('fieldError.invalid'),
        ),
        paymentPassword: z.string().min(1, t('fieldError.required')),
      }),
  });
  const mutation = useMoneyMutation({
    send: (v: Values, requestId) =>
      requestWithdrawal({
        amount: parseAmountInput(v.amount, language)!,
        paymentPassword: v.paymentPassword,
        requestId,
      }),
    // A refusal moved nothing: the next submission is a new request.
    renew: 'settled',
    form,
    errors: {
      fields: names,
      codes: {
        ...PAYMENT_REFUSALS,
        withdraw_amount_out_of_range: 'amount',
      },
    },
    onSuccess: (w) => {
      form.reset();
      setNotice({
        id: w.id,
        text: t('wallet.withdraw.requested', { amount: `${w.currency} ${money(w.amount)}` }),
      });
      // The new withdrawal is in the list at once, before the refetch lands.
      client.setQueryData(withdrawalsQuery(memberId).queryKey, (old) =>
        old && !old.items.some((x) => x.id === w.id) ? { ...old, items: [w, ...old.items] } : old,
      );
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
  const cancelled = (w: Withdrawal) =>
    setNotice({
      id: w.id,
      text: t('wallet.withdraw.cancelledDone', { amount: `${w.currency} ${money(w.amount)}` }),
    });
  const submit = form.handleSubmit(mutation.submit, (errors) => form.focusFirstError(names, errors));

  if (!o)
    return (
      <p className="wallet-card__lead">{overview.isError ? t('wallet.loadFailed') : t('wallet.loading')}</p>
    );
  const ready = o.paymentPasswordSet && o.payoutKey;
  const securityTab = t('member.pages.securityCenter');
  return (
    <div className="wallet-page">
      <section className="wallet-card" aria-labelledby="wd-summary">
        <h3 className="wallet-card__title" id="wd-summary">
          {t('wallet.withdraw.summary')}
        </h3>
        <dl className="wallet-facts">
          <div>
            <dt>{t('wallet.withdraw.balance')}</dt>
            <dd data-testid="wd-balance">
              {o.currency} {money(o.balance)}
            </dd>
          </div>
          <div>
            <dt>{t('wallet.withdraw.limits')}</dt>
            <dd>
              {money(o.min)} – {money(o.max)}
            </dd>
          </div>
          <div>
            <dt>{t('wallet.withdraw.today')}</dt>
            <dd>
              {t('wallet.withdraw.todayUsed', {
                count: o.usedTodayCount,
                maxCount: o.dailyCount,
                amount: money(o.usedTodayAmount),
                maxAmount: money(o.dailyAmount),
              })}
            </dd>
          </div>
          <div>
            <dt>{t('wallet.withdraw.turnover')}</dt>
            <dd data-testid="wd-turnover">
              {o.turnoverRemaining > 0 ? money(o.turnoverRemaining) : t('wallet.withdraw.turnoverNone')}
            </dd>
          </div>
        </dl>
      </section>

      {!ready ? (
        <section className="wallet-card">
          <p className="wallet-card__lead">{t('wallet.withdraw.notReady', { tab: securityTab })}</p>
          <Link
            to={`${memberPage('securityCenter')}#${o.paymentPasswordSet ? 'payout-key' : 'payment-password'}`}
            className="btn btn--primary btn--md"
          >
            {t('wallet.withdraw.goSecurity', { tab: securityTab })}
          </Link>
        </section>
      ) : (
        <form
          className="form wallet-card"
          noValidate
          aria-label={t('wallet.withdraw.formLabel')}
          onSubmit={(event) => {
            form.setAlert(null);
            void submit(event);
          }}
        >
          <p className="wallet-card__lead">
            {t('wallet.withdraw.to')} <strong>{o.payoutKey!.keyMasked}</strong> (
            {o.payoutKey!.payeeNameMasked})
          </p>
          <TextField
            {...form.bind('amount')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            label={t('wallet.withdraw.amount', { currency: o.currency })}
            hint={t('wallet.withdraw.amountRange', { min: money(o.min), max: money(o.max) })}
          />
          <TextField
            {...form.bind('paymentPassword')}
            name="withdrawPaymentPassword"
            type="password"
            reveal={false}
            autoComplete="off"
            label={t('wallet.security.paymentPassword')}
          />
          <Alert>{form.alert}</Alert>
          <SubmitButton busy={mutation.isPending}>{t('wallet.withdraw.submit')}</SubmitButton>
        </form>
      )}

      <section className="wallet-card" aria-labelledby="wd-list">
        <h3 className="wallet-card__title" id="wd-list">
          {t('wallet.withdraw.history')}
        </h3>
        {notice && (
          <p className="form__success" role="status" data-testid="wd-notice">
            {notice.text}
          </p>
        )}
        {list.data && list.data.items.length > 0 ? (
          <ul className="wd-list">
            {list.data.items.map((w) => (
              <Tracker key={w.id} w={w} focus={notice?.id === w.id} onCancelled={cancelled} />
            ))}
          </ul>
        ) : (
          <p className="wallet-card__lead">{t('wallet.withdraw.none')}</p>
        )}
      </section>
    </div>
  );
}
