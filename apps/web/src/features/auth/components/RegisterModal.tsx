import { useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { RegisterBody } from '@banca/contract';
import { isApiError } from '@/api';
import { registerSettingsQuery, useWhitelabel } from '@/features/system';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { openModal } from '@/state';
import { Button, Empty, Modal, Skeleton, Tabs, tabPanelProps } from '@/ui';
import { checkAffiliate, register } from '../api/auth-api';
import { completeLogin } from '../api/session';
import { openLogin } from '../actions';
import { AuthHero } from './AuthHero';
import { CaptchaField, MobileField, SmsCodeField, TextField, useDefaultDial } from './fields';
import { fieldErrorTexts } from './messages';
import {
  FIELD_INPUT,
  codesFromUrl,
  modeFlags,
  registerErrors,
  registerModes,
  visibleFields,
  type RegisterMode,
} from './register-form';
import './auth.css';

interface Props {
  props: Record<string, never>;
  close: () => void;
}

/**
 * Registration (spec sections 4, 5, 8): username or mobile mode by USERNAMEREG3 / MOBILENUMREG3;
 * fields and rules from GET /wps/system/setting/register, checked with the contract's
 * validateRegisterFields; terms; affiliate code check; SMS code (REGMOBVERF3); captcha; the server's
 * field errors under each field. Success logs in and goes to /.
 */
export default function RegisterModal({ close }: Props) {
  const { t } = useT();
  const navigate = useNavigate();
  const whitelabel = useWhitelabel();
  const settings = useQuery(registerSettingsQuery);
  const defaultDial = useDefaultDial();
  const modes = registerModes(whitelabel);
  const flags = modeFlags(whitelabel);
  const [mode, setMode] = useState<RegisterMode>(modes[0]!);
  const [values, setValues] = useState<Record<string, string>>(() => codesFromUrl(location.search));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [terms, setTerms] = useState(false);
  const [termsError, setTermsError] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [captchaId, setCaptchaId] = useState<string>();
  const [captchaReload, setCaptchaReload] = useState(0);
  const [busy, setBusy] = useState(false);
  const base = useId();
  const tabsId = `${base}-mode`;
  const list = useMemo(() => settings.data ?? [], [settings.data]);
  const fields = useMemo(
    () => visibleFields(list, mode, flags),
    // flags is derived from whitelabel
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [list, mode, whitelabel],
  );
  const dial = values.countryDialingCode || defaultDial;
  const idOf = (name: string) => `${base}-${name}`;

  const set = (name: string, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const focusFirst = (names: string[]) => {
    const first = fields.find((f) => names.includes(f.name));
    document.getElementById(first ? idOf(first.name) : `${base}-terms`)?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const next = registerErrors(values, list, mode, flags, fields);
    setErrors(next);
    setTermsError(!terms);
    if (!terms || Object.keys(next).length) return focusFirst(Object.keys(next));
    setBusy(true);
    try {
      const affiliate = values.affiliateCode?.trim();
      if (affiliate && fields.some((f) => f.name === 'affiliateCode')) {
        const check = await checkAffiliate(affiliate);
        if (!check.valid) {
          // Spec section 8: an invalid affiliate code shows a warning dialog.
          openModal('message', {
            title: 'in_popup_prompt',
            text: 'fieldError.affiliate_invalid',
            confirm: 'in_increase_submit',
          });
          setErrors((e) => ({ ...e, affiliateCode: t('fieldError.affiliate_invalid') }));
          return;
        }
      }
      const body: Record<string, string> = {};
      for (const field of fields) {
        const raw = values[field.name] ?? '';
        const value = field.name.toLowerCase().includes('password') ? raw : raw.trim();
        if (value) body[field.name] = value;
      }
      const value = await register(mode, {
        ...body,
        registerMethod: 'WEB',
        domain: location.hostname,
        registerUrl: location.href.slice(0, 2048),
        ...(fields.some((f) => f.name === 'mobileNum') ? { countryDialingCode: dial } : {}),
        ...(fields.some((f) => f.name === 'captcha') && captchaId ? { captchaId } : {}),
      } as RegisterBody);
      await completeLogin(value, { type: 'username', password: values.password, navigate });
      close();
      navigate(paths.home);
    } catch (error) {
      if (!isApiError(error)) return setServerError(t('unknown_error'));
      const texts = fieldErrorTexts(error.fields, list);
      if (texts.countryDialingCode && !texts.mobileNum) texts.mobileNum = texts.countryDialingCode;
      const shown = Object.keys(texts).filter((name) => fields.some((f) => f.name === name));
      setErrors((e) => ({ ...e, ...texts }));
      if (fields.some((f) => f.name === 'captcha')) setCaptchaReload((k) => k + 1);
      if (shown.length) focusFirst(shown);
      else setServerError(error.message);
    } finally {
      setBusy(false);
    }
  };

  const renderField = (field: (typeof fields)[number], index: number) => {
    const id = idOf(field.name);
    const error = errors[field.name];
    const label = t(`register.fields.${field.name}`);
    const onChange = (value: string) => set(field.name, value);
    if (field.name === 'captcha') {
      return (
        <CaptchaField
          key={field.name}
          id={id}
          value={values.captcha ?? ''}
          onChange={onChange}
          onCaptchaId={setCaptchaId}
          error={error}
          reloadKey={captchaReload}
          required={field.required}
        />
      );
    }
    if (field.name === 'verificationCode') {
      return (
        <SmsCodeField
          key={field.name}
          id={id}
          purpose="register"
          label={label}
          required={field.required}
          value={values.verificationCode ?? ''}
          onChange={onChange}
          error={error}
          target={() => {
            const mobileNum = (values.mobileNum ?? '').trim();
            if (/^\d{4,20}$/.test(mobileNum)) return { mobileNum, countryDialingCode: dial };
            setErrors((e) => ({ ...e, mobileNum: t('auth.enterMobile') }));
            document.getElementById(idOf('mobileNum'))?.focus();
            return null;
          }}
        />
      );
    }
    const input = FIELD_INPUT[field.name] ?? {};
    const common = {
      id,
      name: field.name,
      label,
      required: field.required,
      error,
      value: values[field.name] ?? '',
      onChange,
      autoComplete: input.autoComplete ?? 'off',
      inputMode: input.inputMode,
      maxLength: field.setting?.maxLength || 128,
      'data-autofocus': index === 0 ? true : undefined,
    };
    if (field.name === 'mobileNum') {
      return (
        <MobileField
          key={field.name}
          {...common}
          dial={dial}
          onDialChange={(v) => set('countryDialingCode', v)}
        />
      );
    }
    const placeholder =
      field.setting?.patternId === 12
        ? t('register.datePlaceholderIso')
        : field.setting?.patternId === 13
          ? t('register.datePlaceholderUs')
          : undefined;
    return <TextField key={field.name} {...common} type={input.type ?? 'text'} placeholder={placeholder} />;
  };

  return (
    <Modal
      title={t('auth.registerTitle')}
      onClose={close}
      size="md"
      hideTitle
      className="auth-modal"
      header={<AuthHero />}
    >
      <Tabs
        label={t('auth.loginOrRegister')}
        variant="line"
        className="auth-modal__switch"
        items={[
          { value: 'login', label: t('auth.loginTab') },
          { value: 'register', label: t('auth.registerTab') },
        ]}
        value="register"
        onChange={(value) => {
          if (value === 'login') {
            close();
            openLogin();
          }
        }}
      />
      {modes.length > 1 && (
        <Tabs
          label={t('auth.registerMethod')}
          idBase={tabsId}
          items={modes.map((m) => ({
            value: m,
            label: t(m === 'username' ? 'auth.byUsernameReg' : 'auth.byMobileReg'),
          }))}
          value={mode}
          onChange={(m) => {
            setMode(m);
            setErrors({});
            setServerError(null);
          }}
        />
      )}
      {settings.isPending ? (
        <div className="form" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="64px" />
          ))}
        </div>
      ) : settings.isError ? (
        <Empty title={t('auth.registerUnavailable')} icon="user" />
      ) : (
        <form
          className="form form--register"
          onSubmit={submit}
          noValidate
          aria-label={t('auth.registerTitle')}
          {...(modes.length > 1 ? tabPanelProps(tabsId, mode) : {})}
        >
          {fields.map(renderField)}
          <div className={`field${termsError ? ' field--error' : ''}`}>
            <label className="checkbox">
              <input
                id={`${base}-terms`}
                type="checkbox"
                checked={terms}
                onChange={(e) => {
                  setTerms(e.target.checked);
                  if (e.target.checked) setTermsError(false);
                }}
                aria-invalid={termsError}
                aria-describedby={termsError ? `${base}-terms-error` : undefined}
              />
              <span>{t('auth.terms')}</span>
            </label>
            {termsError && (
              <p className="field__error" id={`${base}-terms-error`}>
                {t('auth.termsRequired')}
              </p>
            )}
          </div>
          {serverError && (
            <p className="form__alert" role="alert">
              {serverError}
            </p>
          )}
          <Button type="submit" block size="lg" busy={busy}>
            {busy ? t('auth.submitting') : t('auth.submitRegister')}
          </Button>
          <p className="form__foot">
            {t('auth.haveAccount')}{' '}
            <button
              type="button"
              className="link-btn"
              onClick={() => {
                close();
                openLogin();
              }}
            >
              {t('auth.loginTab')}
            </button>
          </p>
        </form>
      )}
    </Modal>
  );
}
