import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { socialRoutes } from '@banca/contract';
import { isApiError } from '@/api';
import { useWhitelabel } from '@/features/system';
import { useT } from '@/i18n';
import { openModal } from '@/state';
import { Button, Modal, Tabs, tabPanelProps } from '@/ui';
import { Alert, SubmitButton } from '@/ui/form';
import { startFreePlay } from '../api/session';
import { openRegister } from '../actions';
import { useLoginSubmit } from '../hooks/useLoginSubmit';
import { rememberedLogin, saveRememberedLogin } from '../remember';
import { AuthHero } from './AuthHero';
import { ExtraIcon } from './ExtraIcon';
import { CredentialFields } from './CredentialFields';
import { CaptchaField, MobileField, SmsCodeField, useDefaultDial } from './fields';
import { isMobileNum } from '@banca/contract';
import { safeAppPath } from '@/config/paths';
import { SecondVerificationForm } from './SecondVerificationForm';
import './auth.css';

interface Props {
  props: { tab?: 'username' | 'sms'; next?: string };
  close: () => void;
}

/**
 * Social sign-in is a full-page navigation to the gateway, which returns to this page with
 * `?token=` (picked up at start-up) or `?socialError=`. /login itself would reopen the popup: go home.
 */
const socialStartHref = (provider: 'google' | 'facebook', next?: string): string => {
  const here = window.location.pathname === '/login' ? (next ?? '/') : window.location.pathname;
  return `${socialRoutes.socialStart.path.replace(':provider', provider)}?returnTo=${encodeURIComponent(here)}`;
};

/**
 * Login popup (spec sections 2, 4, 5, 8): username and password, or mobile and SMS code
 * (MOBCODELOGIN3); the captcha once the server asks for it; remember-me; forgot password; free play
 * (FREEPLAY3); the second step of a login from a new IP. The form is useLoginSubmit's (shared with
 * the agent landing); success closes the popup, agents go on to the agent centre.
 */
export default function LoginModal({ props, close }: Props) {
  const { t } = useT();
  const navigate = useNavigate();
  const whitelabel = useWhitelabel();
  const smsEnabled = !!whitelabel?.MOBCODELOGIN3;
  const defaultDial = useDefaultDial();
  const [remembered] = useState(() => rememberedLogin());
  const [remember, setRemember] = useState(remembered.remember);
  const [freeBusy, setFreeBusy] = useState(false);
  const form = useLoginSubmit({
    portal: 'MEMBER',
    defaultDial,
    defaultValues: {
      type: props.tab === 'sms' && smsEnabled ? 'sms' : 'username',
      username: remembered.username,
      dial: remembered.countryDialingCode,
      mobile: remembered.mobileNum,
    },
    onLoggedIn: (credentials, outcome) => {
      // A deep link opened while logged out: the member lands on the page asked for.
      const next = safeAppPath(props.next);
      if (outcome === 'home' && next) void navigate(next, { replace: true });
      saveRememberedLogin(
        remember,
        credentials.type === 'username'
          ? { username: credentials.username.trim() }
          : { countryDialingCode: credentials.countryDialingCode, mobileNum: credentials.mobileNum },
      );
      close();
    },
  });
  const tabsId = useId();
  const method = form.form.values.type;
  // The merchant's first dialing code until one is chosen (the country list may arrive later).
  const dial = form.form.values.dial || defaultDial;

  const freePlay = async () => {
    setFreeBusy(true);
    form.setServerError(null);
    try {
      await startFreePlay((to) => void navigate(to));
      close();
    } catch (error) {
      form.setServerError(isApiError(error) ? error.message : t('unknown_error'));
    } finally {
      setFreeBusy(false);
    }
  };

  return (
    <Modal
      title={form.challenge ? t('auth.verifyTitle') : t('auth.loginTitle')}
      onClose={close}
      size="sm"
      // The brand hero heads the login form; the second step shows its title under it.
      hideTitle={!form.challenge}
      className={form.challenge ? 'auth-modal auth-modal--titled' : 'auth-modal'}
      header={<AuthHero />}
    >
      {form.challenge ? (
        <SecondVerificationForm
          challenge={form.challenge.value}
          back={form.challenge.back}
          verified={form.challenge.verified}
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
                form.form.setValue('type', value);
                form.resetErrors();
              }}
            />
          )}
          <div {...(smsEnabled ? tabPanelProps(tabsId, method) : {})}>
            <form className="form" onSubmit={form.onSubmit} noValidate aria-label={t('auth.loginTitle')}>
              {method === 'username' ? (
                <CredentialFields form={form.form} autoFocus />
              ) : (
                <>
                  <MobileField
                    {...form.form.bind('mobile')}
                    dial={dial}
                    onDialChange={(value) => form.form.setValue('dial', value)}
                    data-autofocus
                  />
                  <SmsCodeField
                    {...form.form.bind('code')}
                    purpose="noLogin"
                    target={() => {
                      const mobile = form.form.getValues('mobile');
                      if (isMobileNum(mobile)) return { mobileNum: mobile, countryDialingCode: dial };
                      form.setError('mobile', t('auth.enterMobile'));
                      return null;
                    }}
                  />
                </>
              )}
              {form.captcha && <CaptchaField {...form.captcha} />}
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
              <Alert>{form.serverError}</Alert>
              <SubmitButton busy={form.busy}>{t('auth.submitLogin')}</SubmitButton>
              {whitelabel?.FREEPLAY3 && (
                <Button variant="outline" block busy={freeBusy} onClick={() => void freePlay()}>
                  {!freeBusy && <ExtraIcon name="play" size={18} />}
                  {t('auth.freePlay')}
                </Button>
              )}
              {(whitelabel?.socialLogin.google || whitelabel?.socialLogin.facebook) && (
                <div className="social-login">
                  <p className="social-login__or">{t('auth.social.or')}</p>
                  {whitelabel.socialLogin.google && (
                    <a
                      className="btn btn--outline btn--block"
                      href={socialStartHref('google', safeAppPath(props.next) ?? undefined)}
                    >
                      {t('auth.social.withGoogle')}
                    </a>
                  )}
                  {whitelabel.socialLogin.facebook && (
                    <a
                      className="btn btn--outline btn--block"
                      href={socialStartHref('facebook', safeAppPath(props.next) ?? undefined)}
                    >
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
          </div>
        </>
      )}
    </Modal>
  );
}
