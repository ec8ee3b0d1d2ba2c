import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { LoginBody, LoginValue, SecondVerificationValue } from '@banca/contract';
import { socialRoutes } from '@banca/contract';
import { isApiError } from '@/api';
import { useWhitelabel } from '@/features/system';
import { useT } from '@/i18n';
import { openModal } from '@/state';
import { Button, Modal, Tabs, tabPanelProps } from '@/ui';
import { captchaRequested, login, secondVerificationOf, verifyLogin } from '../api/auth-api';
import { completeLogin, startFreePlay } from '../api/session';
import { openRegister } from '../actions';
import { rememberedLogin, saveRememberedLogin } from '../remember';
import { AuthHero } from './AuthHero';
import { CaptchaField } from './CaptchaField';
import { DialSelect, useDefaultDial } from './DialSelect';
import { ExtraIcon } from './ExtraIcon';
import { FormField, describedBy } from './FormField';
import { PasswordInput } from './PasswordInput';
import { CODE_RE, MOBILE_RE } from './messages';
import { SmsCodeField, smsFailureDialog } from './SmsCodeField';
import './auth.css';

interface Props {
  props: { tab?: 'username' | 'sms' };
  close: () => void;
}

type Method = 'username' | 'sms';

/**
 * Social sign-in is a full-page navigation to the gateway, which returns to this page with
 * `?token=` (picked up at start-up) or `?socialError=`. /login itself would reopen the popup: go home.
 */
const socialStartHref = (provider: 'google' | 'facebook'): string => {
  const here = window.location.pathname === '/login' ? '/' : window.location.pathname;
  return `${socialRoutes.socialStart.path.replace(':provider', provider)}?returnTo=${encodeURIComponent(here)}`;
};
type Errors = Partial<Record<'username' | 'password' | 'mobile' | 'code' | 'captcha', string>>;

/**
 * Login popup (spec sections 2, 4, 5, 8): username and password, or mobile and SMS code
 * (MOBCODELOGIN3); the captcha once the server asks for it; remember-me; forgot password; free play
 * (FREEPLAY3); the second step of a login from a new IP.
 */
export default function LoginModal({ props, close }: Props) {
  const { t } = useT();
  const navigate = useNavigate();
  const whitelabel = useWhitelabel();
  const smsEnabled = !!whitelabel?.MOBCODELOGIN3;
  const defaultDial = useDefaultDial();
  const [remembered] = useState(() => rememberedLogin());
  const [method, setMethod] = useState<Method>(props.tab === 'sms' && smsEnabled ? 'sms' : 'username');
  const [username, setUsername] = useState(remembered.username);
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered.remember);
  const [dialCode, setDialCode] = useState(remembered.countryDialingCode);
  const [mobile, setMobile] = useState(remembered.mobileNum);
  const [code, setCode] = useState('');
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaId, setCaptchaId] = useState<string>();
  const [captchaReload, setCaptchaReload] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [freeBusy, setFreeBusy] = useState(false);
  const [challenge, setChallenge] = useState<{ value: SecondVerificationValue; password?: string } | null>(
    null,
  );
  const base = useId();
  const tabsId = `${base}-method`;
  const dial = dialCode || defaultDial;

  const finish = async (value: LoginValue, type: Method, typedPassword?: string) => {
    saveRememberedLogin(
      remember,
      type === 'username' ? { username: username.trim() } : { countryDialingCode: dial, mobileNum: mobile },
    );
    await completeLogin(value, { type, password: typedPassword, navigate, portal: 'MEMBER' });
    close();
  };

  const validate = (): Errors => {
    const next: Errors = {};
    if (method === 'username') {
      if (!username.trim()) next.username = t('auth.enterUsername');
      if (!password) next.password = t('auth.enterPassword');
    } else {
      if (!MOBILE_RE.test(mobile)) next.mobile = t('auth.enterMobile');
      if (!CODE_RE.test(code)) next.code = t('auth.enterCode');
    }
    if (needCaptcha && !captcha.trim()) next.captcha = t('auth.enterCaptcha');
    return next;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const next = validate();
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) return document.getElementById(`${base}-${first}`)?.focus();
    const body: LoginBody =
      method === 'username'
        ? { username: username.trim(), password, type: 'username', portal: 'MEMBER' }
        : { username: mobile, password: code, type: 'sms', countryDialingCode: dial, portal: 'MEMBER' };
    if (needCaptcha) Object.assign(body, { captcha: captcha.trim(), captchaId });
    setBusy(true);
    try {
      await finish(await login(body), method, method === 'username' ? password : undefined);
    } catch (error) {
      const second = secondVerificationOf(error);
      if (second) {
        setChallenge({ value: second, password: method === 'username' ? password : undefined });
        return;
      }
      if (captchaRequested(error)) {
        setNeedCaptcha(true);
        setCaptchaReload((k) => k + 1);
      }
      if (isApiError(error) && error.code === 'captcha_invalid') setErrors({ captcha: error.message });
      else if (method === 'sms') smsFailureDialog(error);
      else setServerError(isApiError(error) ? error.message : t('unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  const freePlay = async () => {
    setFreeBusy(true);
    setServerError(null);
    try {
      await startFreePlay(navigate);
      close();
    } catch (error) {
      setServerError(isApiError(error) ? error.message : t('unknown_error'));
    } finally {
      setFreeBusy(false);
    }
  };

  const input = (name: keyof Errors) => ({
    id: `${base}-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': describedBy(`${base}-${name}`, errors[name]),
  });
  const clear = (name: keyof Errors) => errors[name] && setErrors((e) => ({ ...e, [name]: undefined }));

  return (
    <Modal
      title={challenge ? t('auth.verifyTitle') : t('auth.loginTitle')}
      onClose={close}
      size="sm"
      hideTitle={!challenge}
      className="auth-modal"
      header={<AuthHero />}
    >
      {challenge ? (
        <SecondStep
          challenge={challenge.value}
          back={() => setChallenge(null)}
          verified={(value) => finish(value, method, challenge.password)}
        />
      ) : (
        <>
          <Tabs
            label={t('auth.loginOrRegister')}
            variant="line"
            className="auth-modal__switch"
            items={[
              { value: 'login', label: t('auth.loginTab') },
              { value: 'register', label: t('auth.registerTab') },
            ]}
            value="login"
            onChange={(value) => {
              if (value === 'register') {
                close();
                openRegister();
              }
            }}
          />
          {smsEnabled && (
            <Tabs
              label={t('auth.loginMethod')}
              idBase={tabsId}
              items={[
                { value: 'username', label: t('auth.byUsername') },
                { value: 'sms', label: t('auth.bySms') },
              ]}
              value={method}
              onChange={(value) => {
                setMethod(value);
                setErrors({});
                setServerError(null);
              }}
            />
          )}
          <form
            className="form"
            onSubmit={submit}
            noValidate
            aria-label={t('auth.loginTitle')}
            {...(smsEnabled ? tabPanelProps(tabsId, method) : {})}
          >
            {method === 'username' ? (
              <>
                <FormField
                  id={`${base}-username`}
                  label={t('auth.username')}
                  required
                  error={errors.username}
                >
                  <input
                    {...input('username')}
                    name="username"
                    autoComplete="username"
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={64}
                    value={username}
                    onChange={(e) => {
                      setUsername(e.target.value);
                      clear('username');
                    }}
                    data-autofocus
                  />
                </FormField>
                <FormField
                  id={`${base}-password`}
                  label={t('auth.password')}
                  required
                  error={errors.password}
                >
                  <PasswordInput
                    {...input('password')}
                    name="password"
                    autoComplete="current-password"
                    maxLength={128}
                    value={password}
                    onChange={(e) => {
                      setPassword(e.target.value);
                      clear('password');
                    }}
                  />
                </FormField>
              </>
            ) : (
              <>
                <div className="form__split">
                  <DialSelect id={`${base}-dial`} value={dial} onChange={setDialCode} />
                  <FormField id={`${base}-mobile`} label={t('auth.mobile')} required error={errors.mobile}>
                    <input
                      {...input('mobile')}
                      name="mobileNum"
                      type="tel"
                      autoComplete="tel-national"
                      inputMode="tel"
                      maxLength={15}
                      value={mobile}
                      onChange={(e) => {
                        setMobile(e.target.value.replace(/\D/g, ''));
                        clear('mobile');
                      }}
                      data-autofocus
                    />
                  </FormField>
                </div>
                <SmsCodeField
                  id={`${base}-code`}
                  purpose="noLogin"
                  value={code}
                  onChange={(value) => {
                    setCode(value);
                    clear('code');
                  }}
                  error={errors.code}
                  target={() => {
                    if (MOBILE_RE.test(mobile)) return { mobileNum: mobile, countryDialingCode: dial };
                    setErrors((e) => ({ ...e, mobile: t('auth.enterMobile') }));
                    document.getElementById(`${base}-mobile`)?.focus();
                    return null;
                  }}
                />
              </>
            )}
            {needCaptcha && (
              <CaptchaField
                id={`${base}-captcha`}
                value={captcha}
                onChange={(value) => {
                  setCaptcha(value);
                  clear('captcha');
                }}
                onCaptchaId={setCaptchaId}
                error={errors.captcha}
                reloadKey={captchaReload}
              />
            )}
            <div className="form__row">
              <label className="checkbox">
                <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
                <span>{t('auth.rememberMe')}</span>
              </label>
              <button
                type="button"
                className="link-btn"
                onClick={() => {
                  close();
                  openModal('forgotPassword', {});
                }}
              >
                {t('auth.forgotPassword')}
              </button>
            </div>
            {serverError && (
              <p className="form__alert" role="alert">
                {serverError}
              </p>
            )}
            <Button type="submit" block size="lg" busy={busy}>
              {busy ? t('auth.submitting') : t('auth.submitLogin')}
            </Button>
            {whitelabel?.FREEPLAY3 && (
              <Button variant="outline" block busy={freeBusy} onClick={freePlay}>
                {!freeBusy && <ExtraIcon name="play" size={18} />}
                {t('auth.freePlay')}
              </Button>
            )}
            {(whitelabel?.socialLogin.google || whitelabel?.socialLogin.facebook) && (
              <div className="social-login">
                <p className="social-login__or">{t('auth.social.or')}</p>
                {whitelabel.socialLogin.google && (
                  <a className="btn btn--outline btn--block" href={socialStartHref('google')}>
                    {t('auth.social.withGoogle')}
                  </a>
                )}
                {whitelabel.socialLogin.facebook && (
                  <a className="btn btn--outline btn--block" href={socialStartHref('facebook')}>
                    {t('auth.social.withFacebook')}
                  </a>
                )}
              </div>
            )}
            <p className="form__foot">
              {t('auth.noAccount')}{' '}
              <button
                type="button"
                className="link-btn"
                onClick={() => {
                  close();
                  openRegister();
                }}
              >
                {t('auth.createAccount')}
              </button>
            </p>
          </form>
        </>
      )}
    </Modal>
  );
}

/** Second verification (spec section 4): the codes sent by SMS and e-mail to the bound contacts. */
function SecondStep({
  challenge,
  back,
  verified,
}: {
  challenge: SecondVerificationValue;
  back: () => void;
  verified: (value: LoginValue) => Promise<void>;
}) {
  const { t } = useT();
  const base = useId();
  const wantsSms = challenge.channels.includes('sms');
  const wantsEmail = challenge.channels.includes('email');
  const [smsCode, setSmsCode] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [errors, setErrors] = useState<{ sms?: string; email?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const next = {
      sms: wantsSms && !CODE_RE.test(smsCode) ? t('auth.enterCode') : undefined,
      email: wantsEmail && !CODE_RE.test(emailCode) ? t('auth.enterCode') : undefined,
    };
    setErrors(next);
    if (next.sms || next.email) return;
    setBusy(true);
    try {
      await verified(
        await verifyLogin({
          challengeId: challenge.challengeId,
          ...(wantsSms ? { smsCode } : {}),
          ...(wantsEmail ? { emailCode } : {}),
        }),
      );
    } catch (error) {
      if (isApiError(error) && error.code === 'sms_code_invalid') setErrors({ sms: error.message });
      else if (isApiError(error) && error.code === 'email_code_invalid') setErrors({ email: error.message });
      else setServerError(isApiError(error) ? error.message : t('unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  const codeInput = (kind: 'sms' | 'email', value: string, set: (v: string) => void) => (
    <input
      id={`${base}-${kind}`}
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={8}
      value={value}
      onChange={(e) => set(e.target.value.replace(/\D/g, ''))}
      aria-invalid={!!errors[kind]}
      aria-describedby={describedBy(`${base}-${kind}`, errors[kind])}
      data-autofocus={kind === (wantsSms ? 'sms' : 'email') ? true : undefined}
    />
  );

  return (
    <form className="form" onSubmit={submit} noValidate aria-label={t('auth.verifyTitle')}>
      <p className="dialog-text">{t('auth.verifyLead')}</p>
      {wantsSms && (
        <FormField
          id={`${base}-sms`}
          label={t('auth.smsCode')}
          required
          error={errors.sms}
          hint={challenge.maskedMobile ? t('auth.sentTo', { target: challenge.maskedMobile }) : undefined}
        >
          {codeInput('sms', smsCode, setSmsCode)}
        </FormField>
      )}
      {wantsEmail && (
        <FormField
          id={`${base}-email`}
          label={t('auth.emailCode')}
          required
          error={errors.email}
          hint={challenge.maskedEmail ? t('auth.sentTo', { target: challenge.maskedEmail }) : undefined}
        >
          {codeInput('email', emailCode, setEmailCode)}
        </FormField>
      )}
      {serverError && (
        <p className="form__alert" role="alert">
          {serverError}
        </p>
      )}
      <Button type="submit" block size="lg" busy={busy}>
        {busy ? t('auth.submitting') : t('auth.verifySubmit')}
      </Button>
      <button type="button" className="link-btn auth-back" onClick={back}>
        {t('auth.backToLogin')}
      </button>
    </form>
  );
}
