import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { walletCalls } from '@banca/contract/routes';
import type { WalletTransferValue } from '@banca/contract';
import { apiCall } from '@/api';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Button } from '@/ui';
import { Alert, SubmitButton, useMoneyMutation, useZodForm } from '@/ui/form';
import { fundsQuery, merchantWalletQuery } from '../api/wallet-api';
import { parseAmountInput } from '../amount-input';
import { formatMinorUnits } from '@/lib/money';
import './transfer.css';

type Direction = 'in' | 'out';
interface Values {
  amount: string;
}

/**
 * transferFund (spec section 7, member centre): the main wallet and each game vendor's wallet. In
 * transfer mode money moves main -> vendor ("in") or vendor -> main ("out"), and "recall all" brings
 * every vendor wallet back to main. In single mode one wallet plays every game: the page says so and
 * only offers to recall money left in vendor wallets from before.
 */
export default function TransferFund() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const queryClient = useQueryClient();
  const mode = useQuery(merchantWalletQuery());
  const funds = useQuery(fundsQuery(memberId));
  const [vendor, setVendor] = useState<string | null>(null);
  const [direction, setDirection] = useState<Direction>('in');
  const decimal = language === 'PT' ? ',' : '.';
  // Vendor codes come from the server; a code without a name here shows as itself.
  const vendorName = (code: string) =>
    code === 'BANCA' || code === 'SANDBOX' ? t(`wallet.transfer.vendors.${code}`) : code;
  const money = (minor: number) => `${funds.data?.currencySymbol ?? ''} ${formatMinorUnits(minor, language)}`;

  const form = useZodForm<Values>({
    defaultValues: { amount: '' },
    schema: () =>
      z.object({
        amount: z.string().refine((v) => (parseAmountInput(v, language) ?? 0) > 0, {
          message: t('wallet.transfer.amountInvalid'),
        }),
      }),
  });

  const settle = (value: WalletTransferValue) => {
    queryClient.setQueryData(fundsQuery(memberId).queryKey, value);
    void queryClient.invalidateQueries({ queryKey: ['wallet', 'balance'] });
  };
  // Each submission is its own movement: sent again unchanged only by the API client's own retry.
  const move = useMoneyMutation({
    send: (amount: number, requestId) => {
      const chosen = vendor ?? funds.data?.wallets[0]?.vendor ?? 'BANCA';
      return apiCall(walletCalls.walletTransfer, {
        body: {
          action: 'transfer',
          from: direction === 'in' ? 'MAIN' : chosen,
          to: direction === 'in' ? chosen : 'MAIN',
          amount,
          requestId,
        },
      });
    },
    renew: 'each',
    form,
    errors: { fields: ['amount'], codes: { insufficient_funds: 'amount' } },
    onSuccess: (value) => {
      settle(value);
      form.reset({ amount: '' });
      form.setAlert(null);
    },
  });
  const recall = useMoneyMutation({
    send: (_: void, requestId) =>
      apiCall(walletCalls.walletTransfer, { body: { action: 'recallAll', requestId } }),
    renew: 'each',
    form,
    onSuccess: settle,
  });

  const submit = form.handleSubmit(
    (values) => move.mutateAsync(parseAmountInput(values.amount, language)!).catch(() => undefined),
    (errors) => form.focusFirstError(['amount'], errors),
  );

  const data = funds.data;
  if (!data || !mode.data) {
    return (
      <p className="wt-status" role="status">
        {funds.isError || mode.isError ? t('wallet.transfer.loadFailed') : t('wallet.transfer.loading')}
      </p>
    );
  }
  const single = mode.data.isSingle;
  const chosen = vendor ?? data.wallets[0]?.vendor;
  const inVendors = data.wallets.reduce((sum, w) => sum + w.balance, 0);
  const amountField = form.bind('amount');

  return (
    <div className="wt">
      <section className="wt-cards" aria-label={t('wallet.transfer.wallets')}>
        <div className="wt-card wt-card--main">
          <span className="wt-card__name">{t('wallet.transfer.main')}</span>
          <strong className="wt-card__amount" data-testid="wt-main">
            {money(data.main)}
          </strong>
        </div>
        {data.wallets.map((w) => (
          <div key={w.vendor} className="wt-card">
            <span className="wt-card__name">{vendorName(w.vendor)}</span>
            <strong className="wt-card__amount" data-testid={`wt-vendor-${w.vendor}`}>
              {money(w.balance)}
            </strong>
          </div>
        ))}
        <div className="wt-card wt-card--total">
          <span className="wt-card__name">{t('wallet.transfer.total')}</span>
          <strong className="wt-card__amount">{money(data.total)}</strong>
        </div>
      </section>

      {single ? (
        <p className="wt-note" data-testid="wt-single">
          {t('wallet.transfer.singleMode')}
        </p>
      ) : (
        <form
          className="wt-form"
          noValidate
          aria-label={t('wallet.transfer.formTitle')}
          onSubmit={(event) => {
            form.setAlert(null);
            void submit(event);
          }}
        >
          <fieldset className="wt-choice">
            <legend>{t('wallet.transfer.direction')}</legend>
            {(['in', 'out'] as const).map((d) => (
              <label key={d} className={`wt-pill${direction === d ? ' wt-pill--on' : ''}`}>
                <input
                  type="radio"
                  name="direction"
                  checked={direction === d}
                  onChange={() => setDirection(d)}
                />
                {t(`wallet.transfer.${d}`)}
              </label>
            ))}
          </fieldset>
          <fieldset className="wt-choice">
            <legend>{t('wallet.transfer.vendor')}</legend>
            {data.wallets.map((w) => (
              <label key={w.vendor} className={`wt-pill${chosen === w.vendor ? ' wt-pill--on' : ''}`}>
                <input
                  type="radio"
                  name="vendor"
                  checked={chosen === w.vendor}
                  onChange={() => setVendor(w.vendor)}
                />
                {vendorName(w.vendor)}
              </label>
            ))}
          </fieldset>
          <div className={`wt-field${amountField.error ? ' wt-field--error' : ''}`}>
            <label htmlFor={amountField.id}>
              {t('wallet.transfer.amount')} ({data.currencySymbol})
            </label>
            <input
              id={amountField.id}
              inputMode="decimal"
              autoComplete="off"
              value={amountField.value}
              onChange={(e) => amountField.onChange(e.target.value)}
              aria-invalid={!!amountField.error}
              aria-describedby={amountField.error ? `${amountField.id}-error` : undefined}
              placeholder={decimal === ',' ? '0,00' : '0.00'}
            />
            {amountField.error && (
              <p className="wt-field__error" id={`${amountField.id}-error`}>
                {amountField.error}
              </p>
            )}
          </div>
          <Alert>{form.alert}</Alert>
          <SubmitButton busy={move.isPending}>
            {direction === 'in' ? t('wallet.transfer.submitIn') : t('wallet.transfer.submitOut')}
          </SubmitButton>
        </form>
      )}
      {(!single || inVendors > 0) && (
        <div className="wt-recall">
          <p>{t('wallet.transfer.recallHint')}</p>
          <Button
            variant="secondary"
            busy={recall.isPending}
            disabled={inVendors === 0}
            onClick={() => recall.mutate()}
          >
            {t('wallet.transfer.recallAll')}
          </Button>
          {single && <Alert>{form.alert}</Alert>}
        </div>
      )}
    </div>
  );
}
