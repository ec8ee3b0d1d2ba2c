import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import {
  lengthRangeLabel,
  matchesAcceptedPattern,
  normalisePixKey,
  PAYEE_NAME_PATTERN,
  PIX_KEY_TYPES,
  type PaymentPasswordRule,
  type PixKeyType,
} from '@banca/contract';
import { t as translate, useT, type TKey } from '@/i18n';
import { useUi } from '@/state';
import { Alert, SubmitButton, TextField, useZodForm } from '@/ui/form';
import { bindPayoutKey, securityQuery, setPaymentPassword } from '../api/withdraw-api';
import './withdraw.css';

const patternText = (rule: PaymentPasswordRule) =>
  translate(`reg_pattern_${rule.patternId}` as TKey, {
    range: lengthRangeLabel(rule.minLength, rule.maxLength),
  });

const paymentPasswordOf = (rule: PaymentPasswordRule) =>
  z
    .string()
    .refine(
      (v) =>
        [...v].length >= rule.minLength &&
        [...v].length <= rule.maxLength &&
        matchesAcceptedPattern(v, rule.acceptedPattern),
      { message: patternText(rule) },
    );

interface PwValues {
  loginPassword: string;
  paymentPassword: string;
  confirmPaymentPassword: string;
}

function PaymentPasswordForm({
  rule,
  isSet,
  loginRequired,
}: {
  rule: PaymentPasswordRule;
  isSet: boolean;
  loginRequired: boolean;
}) {
  const { t } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const client = useQueryClient();
  const [done, setDone] = useState(false);
  const names = (loginRequired ? ['loginPassword'] : []).concat([
    'paymentPassword',
    'confirmPaymentPassword',
  ]) as (keyof PwValues)[];
  const form = useZodForm<PwValues>({
    defaultValues: { loginPassword: '', paymentPassword: '', confirmPaymentPassword: '' },
    schema: () =>
      z
        .object({
          loginPassword: loginRequired ? z.string().min(1, t('fieldError.required')) : z.string(),
          paymentPassword: paymentPasswordOf(rule),
          confirmPaymentPassword: z.string(),
        })
        .refine((v) => v.paymentPassword === v.confirmPaymentPassword, {
          path: ['confirmPaymentPassword'],
          message: t('fieldError.inconsistent_twice'),
        }),
  });
  const mutation = useMutation({
    mutationFn: (v: PwValues) =>
      setPaymentPassword({
        ...(loginRequired ? { loginPassword: v.loginPassword } : {}),
        paymentPassword: v.paymentPassword,
        confirmPaymentPassword: v.confirmPaymentPassword,
      }),
    onSuccess: (value) => {
      client.setQueryData(securityQuery(memberId).queryKey, value);
      void client.invalidateQueries({ queryKey: ['wallet'] });
      form.reset();
      setDone(true);
    },
    onError: (error) =>
      form.showServerError(error, { fields: names, codes: { login_password_wrong: 'loginPassword' } }),
  });
  const submit = form.handleSubmit(
    (v) => mutation.mutateAsync(v).catch(() => undefined),
    (errors) => form.focusFirstError(names, errors),
  );
  const title = isSet ? t('wallet.security.changePaymentPassword') : t('wallet.security.setPaymentPassword');
  return (
    <form
      id="payment-password"
      className="form wallet-card"
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        form.setAlert(null);
        setDone(false);
        void submit(event);
      }}
    >
      <h3 className="wallet-card__title">{t('wallet.security.paymentPassword')}</h3>
      <p className="wallet-card__lead">
        {isSet ? t('wallet.security.paymentPasswordSet') : t('wallet.security.paymentPasswordNone')}
      </p>
      {loginRequired && (
        <TextField
          {...form.bind('loginPassword')}
          name="loginPassword"
          type="password"
          reveal={false}
          autoComplete="current-password"
          label={t('wallet.security.loginPassword')}
        />
      )}
      <TextField
        {...form.bind('paymentPassword')}
        name="paymentPassword"
        type="password"
        reveal={false}
        autoComplete="off"
        inputMode={rule.patternId === 3 ? 'numeric' : undefined}
        maxLength={rule.maxLength || undefined}
        label={t('wallet.security.newPaymentPassword')}
        hint={patternText(rule)}
      />
      <TextField
        {...form.bind('confirmPaymentPassword')}
        name="confirmPaymentPassword"
        type="password"
        reveal={false}
        autoComplete="off"
        inputMode={rule.patternId === 3 ? 'numeric' : undefined}
        maxLength={rule.maxLength || undefined}
        label={t('wallet.security.confirmPaymentPassword')}
      />
      <Alert>{form.alert}</Alert>
      {done && (
        <p className="form__success" role="status">
          {t('wallet.security.paymentPasswordSaved')}
        </p>
      )}
      <SubmitButton busy={mutation.isPending}>{title}</SubmitButton>
    </form>
  );
}

interface KeyValues {
  type: PixKeyType;
  key: string;
  payeeName: string;
  paymentPassword: string;
}

function PayoutKeyForm({
  canBind,
  current,
}: {
  canBind: boolean;
  current: { type: PixKeyType; keyMasked: string; payeeNameMasked: string } | null;
}) {
  const { t } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const client = useQueryClient();
  const [done, setDone] = useState(false);
  const names: (keyof KeyValues)[] = ['key', 'payeeName', 'paymentPassword'];
  const form = useZodForm<KeyValues>({
    defaultValues: { type: 'CPF', key: '', payeeName: '', paymentPassword: '' },
    schema: () =>
      z
        .object({
          type: z.enum(PIX_KEY_TYPES),
          key: z.string(),
          payeeName: z
            .string()
            .refine((v) => PAYEE_NAME_PATTERN.test(v.trim()), t('fieldError.payee_name_invalid')),
          paymentPassword: z.string().min(1, t('fieldError.required')),
        })
        .superRefine((v, ctx) => {
          if (!normalisePixKey(v.type, v.key))
            ctx.addIssue({
              code: 'custom',
              path: ['key'],
              message: t(`fieldError.pix_key_invalid_${v.type.toLowerCase()}` as TKey),
            });
        }),
  });
  const mutation = useMutation({
    mutationFn: (v: KeyValues) => bindPayoutKey(v),
    onSuccess: (value) => {
      client.setQueryData(securityQuery(memberId).queryKey, value);
      void client.invalidateQueries({ queryKey: ['wallet'] });
      form.reset({ type: form.getValues('type'), key: '', payeeName: '', paymentPassword: '' });
      setDone(true);
    },
    onError: (error) =>
      form.showServerError(error, {
        fields: names,
        codes: { payment_password_wrong: 'paymentPassword', payment_password_locked: 'paymentPassword' },
      }),
  });
  const submit = form.handleSubmit(
    (v) => mutation.mutateAsync(v).catch(() => undefined),
    (errors) => form.focusFirstError(names, errors),
  );
  const type = form.values.type ?? 'CPF';
  const typeId = form.idOf('type');
  return (
    <form
      id="payout-key"
      className="form wallet-card"
      noValidate
      aria-label={t('wallet.security.payoutKey')}
      onSubmit={(event) => {
        form.setAlert(null);
        setDone(false);
        void submit(event);
      }}
    >
      <h3 className="wallet-card__title">{t('wallet.security.payoutKey')}</h3>
      {current ? (
        <dl className="wallet-facts" aria-label={t('wallet.security.boundKey')}>
          <div>
            <dt>{t(`wallet.security.keyTypes.${current.type}`)}</dt>
            <dd data-testid="bound-key">{current.keyMasked}</dd>
          </div>
          <div>
            <dt>{t('wallet.security.payeeName')}</dt>
            <dd>{current.payeeNameMasked}</dd>
          </div>
        </dl>
      ) : (
        <p className="wallet-card__lead">{t('wallet.security.payoutKeyNone')}</p>
      )}
      {!canBind ? (
        <p className="wallet-card__lead">
          {t('wallet.security.needPaymentPassword')}{' '}
          <a
            href="#payment-password"
            onClick={(event) => {
              // The form above: scrolled to, its first field focused (no navigation needed).
              event.preventDefault();
              const target = document.getElementById('payment-password');
              target?.scrollIntoView({ block: 'start' });
              target?.querySelector('input')?.focus();
            }}
          >
            {t('wallet.security.goPaymentPassword')}
          </a>
        </p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={typeId} className="field__label">
              {t('wallet.security.keyType')}
            </label>
            <select
              id={typeId}
              className="wallet-select"
              value={type}
              onChange={(event) => {
                form.setValue('type', event.target.value as PixKeyType);
                form.clearError('key');
              }}
            >
              {PIX_KEY_TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`wallet.security.keyTypes.${k}`)}
                </option>
              ))}
            </select>
          </div>
          <TextField
            {...form.bind('key')}
            name="pixKey"
            autoComplete="off"
            inputMode={type === 'CPF' || type === 'PHONE' ? 'tel' : type === 'EMAIL' ? 'email' : 'text'}
            label={t('wallet.security.key')}
            hint={t(`wallet.security.keyHints.${type}`)}
          />
          <TextField
            {...form.bind('payeeName')}
            name="payeeName"
            autoComplete="name"
            label={t('wallet.security.payeeName')}
          />
          <TextField
            {...form.bind('paymentPassword')}
            name="keyPaymentPassword"
            type="password"
            reveal={false}
            autoComplete="off"
            label={t('wallet.security.paymentPassword')}
          />
          <Alert>{form.alert}</Alert>
          {done && (
            <p className="form__success" role="status">
              {t('wallet.security.payoutKeySaved')}
            </p>
          )}
          <SubmitButton busy={mutation.isPending}>
            {current ? t('wallet.security.changeKey') : t('wallet.security.bindKey')}
          </SubmitButton>
        </>
      )}
    </form>
  );
}

/** The security centre's money settings: the payment password and the bound payout PIX key. */
export default function MoneySettings() {
  const { t } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const query = useQuery(securityQuery(memberId));
  if (!query.data)
    return (
      <p className="wallet-card__lead">{query.isError ? t('wallet.loadFailed') : t('wallet.loading')}</p>
    );
  const s = query.data;
  return (
    <section className="money-settings" aria-label={t('wallet.security.title')}>
      {s.lockedUntil && (
        <p className="form__alert" role="alert">
          {t('wallet.security.locked', { time: new Date(s.lockedUntil).toLocaleTimeString() })}
        </p>
      )}
      <PaymentPasswordForm
        rule={s.paymentPasswordRule}
        isSet={s.paymentPasswordSet}
        loginRequired={s.loginPasswordRequired}
      />
      <PayoutKeyForm canBind={s.paymentPasswordSet} current={s.payoutKey} />
    </section>
  );
}
