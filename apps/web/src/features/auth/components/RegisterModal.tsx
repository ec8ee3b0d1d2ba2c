import { helpArticle } from '@/config/paths';
import { useT } from '@/i18n';
import { Empty, Modal, Skeleton, Tabs, tabPanelProps } from '@/ui';
import { Alert, SubmitButton, TextField } from '@/ui/form';
import { openLogin } from '../actions';
import { useRegisterForm, type RegisterForm } from '../hooks/useRegisterForm';
import { AuthHero } from './AuthHero';
import { CaptchaField, MobileField, SmsCodeField } from './fields';
import { FIELD_INPUT, type VisibleField } from './register-form';
import './auth.css';

interface Props {
  props: Record<string, never>;
  close: () => void;
}

/** One register field by its kind: captcha, SMS code, mobile number with its dialing code, or text. */
function RegisterFieldInput({
  field,
  index,
  register,
}: {
  field: VisibleField;
  index: number;
  register: RegisterForm;
}) {
  const { t } = useT();
  const { form } = register;
  const bound = form.bind(field.name);
  const label = t(`register.fields.${field.name}`);
  if (field.name === 'captcha') {
    return <CaptchaField {...bound} {...register.captcha} required={field.required} />;
  }
  if (field.name === 'verificationCode') {
    return (
      <SmsCodeField
        {...bound}
        purpose="register"
        label={label}
        required={field.required}
        target={register.smsTarget}
      />
    );
  }
  const input = FIELD_INPUT[field.name] ?? {};
  const common = {
    ...bound,
    name: field.name,
    label,
    required: field.required,
    autoComplete: input.autoComplete ?? 'off',
    inputMode: input.inputMode,
    maxLength: field.setting?.maxLength || 128,
    'data-autofocus': index === 0 ? true : undefined,
  };
  if (field.name === 'mobileNum') {
    return (
      <MobileField
        {...common}
        dial={register.dial}
        onDialChange={(value) => form.setValue('countryDialingCode', value)}
      />
    );
  }
  const placeholder =
    field.setting?.patternId === 12
      ? t('register.datePlaceholderIso')
      : field.setting?.patternId === 13
        ? t('register.datePlaceholderUs')
        : undefined;
  return <TextField {...common} type={input.type ?? 'text'} placeholder={placeholder} />;
}

/**
 * Registration (spec sections 4, 5, 8): username or mobile mode, the merchant's fields, terms, and
 * the submit button; the flow (checks, affiliate code, SMS code, captcha, server errors, login) is
 * useRegisterForm's. Success logs in and goes to /. When the address has reached the registration
 * limit, the limit's message shows instead of the form (no captcha or SMS code is spent).
 */
export default function RegisterModal({ close }: Props) {
  const { t } = useT();
  const register = useRegisterForm({ close });
  const { form, modes, mode, settings } = register;
  const tabsId = form.idOf('mode');
  const termsId = form.idOf('terms');
  const termsError = form.errors.terms;
  const toLogin = () => {
    close();
    openLogin();
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
          if (value === 'login') toLogin();
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
          onChange={register.setMode}
        />
      )}
      {register.limited ? (
        <div className="form">
          <Alert>{register.limited}</Alert>
          <p className="form__foot">
            {t('auth.haveAccount')}{' '}
            <button type="button" className="link-btn" onClick={toLogin}>
              {t('auth.loginTab')}
            </button>
          </p>
        </div>
      ) : settings.isPending ? (
        <div className="form" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height="64px" />
          ))}
        </div>
      ) : settings.isError ? (
        <Empty title={t('auth.registerUnavailable')} icon="user" />
      ) : (
        <div {...(modes.length > 1 ? tabPanelProps(tabsId, mode) : {})}>
          <form
            className="form form--register"
            onSubmit={register.onSubmit}
            noValidate
            aria-label={t('auth.registerTitle')}
          >
            {register.fields.map((field, index) => (
              <RegisterFieldInput key={field.name} field={field} index={index} register={register} />
            ))}
            <div className={`field${termsError ? ' field--error' : ''}`}>
              <label className="checkbox">
                <input
                  id={termsId}
                  type="checkbox"
                  checked={form.values.terms}
                  onChange={(e) => {
                    form.setValue('terms', e.target.checked);
                    if (e.target.checked) form.clearError('terms');
                  }}
                  aria-invalid={!!termsError}
                  aria-describedby={termsError ? `${termsId}-error` : undefined}
                />
                <span>
                  {t('auth.terms')}{' '}
                  {/* A new tab keeps the form as typed: the register modal stays open behind it. */}
                  <a href={helpArticle('term')} target="_blank" rel="noopener noreferrer">
                    {t('auth.termsLink')}
                    <span className="visually-hidden"> {t('auth.newTab')}</span>
                  </a>
                </span>
              </label>
              {termsError && (
                <p className="field__error" id={`${termsId}-error`}>
                  {termsError}
                </p>
              )}
            </div>
            <Alert>{form.alert}</Alert>
            <SubmitButton busy={register.busy}>{t('auth.submitRegister')}</SubmitButton>
            <p className="form__foot">
              {t('auth.haveAccount')}{' '}
              <button type="button" className="link-btn" onClick={toLogin}>
                {t('auth.loginTab')}
              </button>
            </p>
          </form>
        </div>
      )}
    </Modal>
  );
}
