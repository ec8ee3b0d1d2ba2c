import { useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { walletCalls } from '@banca/contract/routes';
import type { AdjustmentResult } from '@banca/contract';
import { opsCall, type ApiError } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { Notice } from '@/ui/Notice.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { formatMoney, parseMoneyInput } from '@/ui/format.ts';
import { ReasonField } from '@/ui/ReasonField.tsx';

/** A new client key per adjustment the dialog sends (a retry of the same submit reuses it). */
const newKey = () => `bo-${crypto.randomUUID()}`;

/**
 * Adjust a member's balance (balances.adjust): credit or debit, amount, reason. At or below the
 * merchant's threshold it posts at once; above it, the answer is a pending request a second operator
 * decides on the Adjustments page. Without `memberId` the dialog asks for it.
 */
export function AdjustDialog({
  memberId,
  account,
  onClose,
  onDone,
}: {
  memberId?: number;
  account?: string;
  onClose: () => void;
  onDone: (result: AdjustmentResult) => void;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [result, setResult] = useState<AdjustmentResult | null>(null);
  const key = useRef(newKey());
  const run = useMutation({
    mutationFn: (body: { memberId: number; amount: number; reason: string }) =>
      opsCall<AdjustmentResult>(walletCalls.adjustBalance, {
        body: { ...body, idempotencyKey: key.current },
      }),
    onSuccess: (r) => {
      setResult(r);
      onDone(r);
    },
    onError: (err) => setError((err as ApiError).message),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const minor = parseMoneyInput(String(form.get('amount') ?? ''));
    if (minor === null || minor <= 0) {
      setAmountError(t('adjust.amountInvalid'));
      return;
    }
    setAmountError(null);
    setError(null);
    const sign = form.get('direction') === 'debit' ? -1 : 1;
    run.mutate({
      memberId: memberId ?? Number(form.get('memberId')),
      amount: sign * minor,
      reason: String(form.get('reason') ?? ''),
    });
  };
  return (
    <Modal dialogRef={ref} labelledBy="adjust-title" onClose={onClose}>
      <form className="stack" onSubmit={submit} noValidate={false}>
        <h2 id="adjust-title">{account ? t('adjust.title', { account }) : t('adjustments.new')}</h2>
        {memberId === undefined && (
          <div className="field">
            <label htmlFor="adjust-member">{t('adjust.memberId')}</label>
            <input id="adjust-member" name="memberId" type="number" min={1} required disabled={!!result} />
          </div>
        )}
        <fieldset className="seg">
          <legend>{t('adjust.direction')}</legend>
          <label>
            <input type="radio" name="direction" value="credit" defaultChecked disabled={!!result} />
            {t('adjust.credit')}
          </label>
          <label>
            <input type="radio" name="direction" value="debit" disabled={!!result} />
            {t('adjust.debit')}
          </label>
        </fieldset>
        <div className="field">
          <label htmlFor="adjust-amount">{t('adjust.amount')}</label>
          <input
            id="adjust-amount"
            name="amount"
            inputMode="decimal"
            required
            autoComplete="off"
            placeholder="0,00"
            aria-invalid={amountError ? true : undefined}
            aria-describedby="adjust-amount-help"
            disabled={!!result}
          />
          <p id="adjust-amount-help" className="field__help">
            {t('adjust.amountHelp')}
          </p>
          {amountError && (
            <p className="field__error" role="alert">
              {amountError}
            </p>
          )}
        </div>
        <ReasonField id="adjust-reason" label={t('adjust.reason')} disabled={!!result} />
        {error && <Notice kind="error">{error}</Notice>}
        {result?.outcome === 'posted' && (
          <Notice kind="ok">
            {t('adjust.posted', {
              before: formatMoney(result.balanceBefore, result.currency),
              after: formatMoney(result.balanceAfter, result.currency),
            })}
          </Notice>
        )}
        {result?.outcome === 'pending' && (
          <Notice kind="ok">
            {t('adjust.pending', {
              threshold: formatMoney(result.threshold, result.request.currency),
              id: result.request.id,
            })}{' '}
            <Link to="/adjustments">{t('adjust.openRequests')}</Link>
          </Notice>
        )}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {result ? t('withdrawals.close') : t('common.cancel')}
          </button>
          {!result && (
            <button type="submit" className="btn btn--primary" disabled={run.isPending}>
              {t('adjust.submit')}
            </button>
          )}
        </div>
      </form>
    </Modal>
  );
}
