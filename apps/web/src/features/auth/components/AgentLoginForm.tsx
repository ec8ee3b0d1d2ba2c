import { useState, type FormEvent } from 'react';
import { useT } from '@/i18n';
import { Button } from '@/ui';
import { useLoginSubmit } from '../hooks/useLoginSubmit';
import { CredentialFields } from './CredentialFields';
import { CaptchaField } from './fields';
import { SecondVerificationForm } from './SecondVerificationForm';
import './auth.css';

/**
 * The agent landing's embedded login (portal AGENT: the server refuses non-agents with agent_only,
 * shown as its message); success opens the agent centre. The submission is useLoginSubmit's (shared
 * with the login popup), the second step of a login from a new IP included.
 */
export default function AgentLoginForm() {
  const { t } = useT();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const form = useLoginSubmit({ portal: 'AGENT' });
  const { idOf } = form;
  const titleId = `${idOf('username')}-title`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit({ type: 'username', username, password });
  };

  if (form.challenge) {
    return (
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="agent-login__title">
          {t('auth.verifyTitle')}
        </h2>
        <SecondVerificationForm
          challenge={form.challenge.value}
          back={form.challenge.back}
          verified={form.challenge.verified}
        />
      </section>
    );
  }

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="agent-login__title">
        {t('agent.loginTitle')}
      </h2>
      <CredentialFields
        form={form}
        username={username}
        onUsername={setUsername}
        password={password}
        onPassword={setPassword}
      />
      {form.captcha && <CaptchaField {...form.captcha} />}
      {form.serverError && (
        <p className="form__alert" role="alert">
          {form.serverError}
        </p>
      )}
      <Button type="submit" block size="lg" busy={form.busy}>
        {form.busy ? t('auth.submitting') : t('auth.agentLogin')}
      </Button>
    </form>
  );
}
