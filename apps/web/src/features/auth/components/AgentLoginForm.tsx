import { useT } from '@/i18n';
import { Alert, SubmitButton } from '@/ui/form';
import { useLoginSubmit } from '../hooks/useLoginSubmit';
import { CredentialFields } from './CredentialFields';
import { CaptchaField } from './fields';
import { SecondVerificationForm } from './SecondVerificationForm';
import './auth.css';

/**
 * The agent landing's embedded login (portal AGENT: the server refuses non-agents with agent_only,
 * shown as its message); success opens the agent centre. The form is useLoginSubmit's (shared with
 * the login popup), the second step of a login from a new IP included.
 */
export default function AgentLoginForm() {
  const { t } = useT();
  const login = useLoginSubmit({ portal: 'AGENT' });
  const titleId = `${login.idOf('username')}-title`;

  if (login.challenge) {
    return (
      <section aria-labelledby={titleId}>
        <h2 id={titleId} className="agent-login__title">
          {t('auth.verifyTitle')}
        </h2>
        <SecondVerificationForm
          challenge={login.challenge.value}
          back={login.challenge.back}
          verified={login.challenge.verified}
        />
      </section>
    );
  }

  return (
    <form className="form" onSubmit={login.onSubmit} noValidate aria-labelledby={titleId}>
      <h2 id={titleId} className="agent-login__title">
        {t('agent.loginTitle')}
      </h2>
      <CredentialFields form={login.form} />
      {login.captcha && <CaptchaField {...login.captcha} />}
      <Alert>{login.serverError}</Alert>
      <SubmitButton busy={login.busy}>{t('auth.agentLogin')}</SubmitButton>
    </form>
  );
}
