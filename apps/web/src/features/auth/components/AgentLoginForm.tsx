import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { LoginBody } from '@banca/contract';
import { isApiError } from '@/api';
import { useT } from '@/i18n';
import { Button } from '@/ui';
import { captchaRequested, login } from '../api/auth-api';
import { completeLogin } from '../api/session';
import { CaptchaField } from './CaptchaField';
import { FormField, describedBy } from './FormField';
import { PasswordInput } from './PasswordInput';
import './auth.css';

type Errors = Partial<Record<'username' | 'password' | 'captcha', string>>;

/**
 * The agent landing's embedded login (portal AGENT: the server refuses non-agents with agent_only,
 * shown as its message); success opens the agent centre.
 */
export default function AgentLoginForm() {
  const { t } = useT();
  const navigate = useNavigate();
  const base = useId();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaId, setCaptchaId] = useState<string>();
  const [captchaReload, setCaptchaReload] = useState(0);
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const next: Errors = {};
    if (!username.trim()) next.username = t('auth.enterUsername');
    if (!password) next.password = t('auth.enterPassword');
    if (needCaptcha && !captcha.trim()) next.captcha = t('auth.enterCaptcha');
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) return document.getElementById(`${base}-${first}`)?.focus();
    setBusy(true);
    try {
      const body: LoginBody = { username: username.trim(), password, type: 'username', portal: 'AGENT' };
      if (needCaptcha) Object.assign(body, { captcha: captcha.trim(), captchaId });
      await completeLogin(await login(body), { type: 'username', password, navigate, portal: 'AGENT' });
    } catch (error) {
      if (captchaRequested(error)) {
        setNeedCaptcha(true);
        setCaptchaReload((k) => k + 1);
      }
      setServerError(isApiError(error) ? error.message : t('unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  const aria = (name: keyof Errors) => ({
    id: `${base}-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': describedBy(`${base}-${name}`, errors[name]),
  });

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby={`${base}-title`}>
      <h2 id={`${base}-title`} className="agent-login__title">
        {t('agent.loginTitle')}
      </h2>
      <FormField id={`${base}-username`} label={t('auth.username')} required error={errors.username}>
        <input
          {...aria('username')}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
      </FormField>
      <FormField id={`${base}-password`} label={t('auth.password')} required error={errors.password}>
        <PasswordInput
          {...aria('password')}
          name="password"
          autoComplete="current-password"
          maxLength={128}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      {needCaptcha && (
        <CaptchaField
          id={`${base}-captcha`}
          value={captcha}
          onChange={setCaptcha}
          onCaptchaId={setCaptchaId}
          error={errors.captcha}
          reloadKey={captchaReload}
        />
      )}
      {serverError && (
        <p className="form__alert" role="alert">
          {serverError}
        </p>
      )}
      <Button type="submit" block size="lg" busy={busy}>
        {busy ? t('auth.submitting') : t('auth.agentLogin')}
      </Button>
    </form>
  );
}
