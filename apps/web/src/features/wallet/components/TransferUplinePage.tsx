import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { isApiError } from '@/api';
import { memberPage } from '@/config/paths';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Alert, SubmitButton, TextField, useMoneyMutation, useZodForm } from '@/ui/form';
import { PAYMENT_REFUSALS, memberTransfer, transferTargetsQuery } from '../api/withdraw-api';
import { parseAmountInput } from '../amount-input';
import { formatMinorUnits } from '@/lib/money';
import './withdraw.css';

interface Values {
  target: string;
  amount: string;
  paymentPassword: string;
}

/**
 * transferUpline: send money to the upline, or (agents) to a direct downline, with the payment password.
 * `target` preselects the receiver (the agent centre's downline list opens it for one member).
 */
export default function TransferUplinePage({ target }: { target?: string } = {}) {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const client = useQueryClient();
  const query = useQuery(transferTargetsQuery(memberId));
  const [sent, setSent] = useState<string | null>(null);
  const names: (keyof Values)[] = ['target', 'amount', 'paymentPassword'];
  const form = useZodForm<Values>({
    defaultValues: { target: target ?? '', amount: '', paymentPassword: '' },
    schema: () =>
      z.object({
        target: z.string().min(1, t('fieldError.required')),
        amount: z.string().refine((v) => (parseAmountInput(v, language) ?? 0) > 0, t('fieldError.invalid')),
        paymentPassword: z.string().min(1, t('fieldError.required')),
      }),
  });
  const mutation = useMoneyMutation({
    send: (v: Values, requestId) =>
      memberTransfer({
        target: v.target,
        amount: parseAmountInput(v.amount, language)!,
        paymentPassword: v.paymentPassword,
        requestId,
      }),
    // A refusal moved nothing: the next submission is a new transfer.
    renew: 'settled',
    form,
    errors: {
      fields: names,
      codes: {
        ...PAYMENT_REFUSALS,
        not_found: 'target',
      },
    },
    onSuccess: (value) => {
      form.reset({ target: form.getValues('target'), amount: '', paymentPassword: '' });
      setSent(
        t('wallet.transfer.sent', { amount: formatMinorUnits(value.amount, language), target: value.target }),
      );
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
  const submit = form.handleSubmit(mutation.submit, (errors) => form.focusFirstError(names, errors));
  const data = query.data;
  if (!data)
    return (
      <p className="wallet-card__lead">{query.isError ? t('wallet.loadFailed') : t('wallet.loading')}</p>
    );
  const targetId = form.idOf('target');
  return (
    <div className="wallet-page">
      <form
        className="form wallet-card"
        noValidate
        aria-label={t('wallet.transfer.title')}
        onSubmit={(event) => {
          form.setAlert(null);
          setSent(null);
          void submit(event);
        }}
      >
        <h3 className="wallet-card__title">{t('wallet.transfer.title')}</h3>
        <p className="wallet-card__lead">
          {t('wallet.withdraw.balance')}: {data.currency} {formatMinorUnits(data.balance, language)}
        </p>
        {data.targets.length === 0 ? (
          <p className="wallet-card__lead">{t('wallet.transfer.noTargets')}</p>
        ) : (
          <>
            <div className={`field${form.errors.target ? ' field--error' : ''}`}>
              <label htmlFor={targetId} className="field__label">
                {t('wallet.transfer.target')}
              </label>
              <select
                id={targetId}
                className="wallet-select"
                value={form.values.target ?? ''}
                aria-invalid={!!form.errors.target}
                aria-describedby={form.errors.target ? `${targetId}-error` : undefined}
                onChange={(event) => form.bind('target').onChange(event.target.value)}
              >
                <option value="">{t('wallet.transfer.choose')}</option>
                {data.targets.map((target) => (
                  <option key={target.account} value={target.account}>
                    {target.account} · {t(`wallet.transfer.relation.${target.relation}`)}
                  </option>
                ))}
              </select>
              {form.errors.target && (
                <p className="field__error" id={`${targetId}-error`}>
                  {form.errors.target}
                </p>
              )}
            </div>
            <TextField
              {...form.bind('amount')}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              label={t('wallet.withdraw.amount', { currency: data.currency })}
            />
            <TextField
              {...form.bind('paymentPassword')}
              name="transferPaymentPassword"
              type="password"
              reveal={false}
              autoComplete="off"
              label={t('wallet.security.paymentPassword')}
            />
            <Alert>{form.alert}</Alert>
            {isApiError(mutation.error) && mutation.error.code === 'payment_password_not_set' && (
              <p className="wallet-card__lead">
                {t('wallet.transfer.needPaymentPassword', { tab: t('member.pages.securityCenter') })}{' '}
                <Link to={`${memberPage('securityCenter')}#payment-password`}>
                  {t('wallet.transfer.setPaymentPassword')}
                </Link>
              </p>
            )}
            {sent && (
              <p className="form__success" role="status">
                {sent}
              </p>
            )}
            <SubmitButton busy={mutation.isPending}>{t('wallet.transfer.submit')}</SubmitButton>
          </>
        )}
      </form>
    </div>
  );
}
