import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { OperatorLoginValue, OperatorSessionValue } from '@banca/contract';
import { ApiError } from '@/api/client.ts';
import { loginCode, loginPassword } from '@/api/session.ts';
import { useSession } from '@/app/session.tsx';
import { useI18n } from '@/i18n/i18n.ts';
import { Field } from '@/ui/Field.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { Splash } from '@/ui/Splash.tsx';
import { PreferencesBar } from './PreferencesBar.tsx';

// The QR code library loads only for an enrolment, never on the login page's first load.
const EnrolStep = lazy(() => import('./EnrolStep.tsx'));
const RecoveryCodes = lazy(() => import('./RecoveryCodes.tsx'));

const message = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

/** Where to go after the login: a path of this app only (never another site). */
const safeNext = (next: string | null) =>
  next && next.startsWith('/') && !next.startsWith('//') ? next : '/';

export function LoginPage() {
  const { t } = useI18n();
  const { me, signedIn } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [challenge, setChallenge] = useState<OperatorLoginValue | null>(null);
  const [done, setDone] = useState<OperatorSessionValue | null>(null);

  useEffect(() => {
    if (me && !done) void navigate(next, { replace: true });
  }, [me, done, navigate, next]);

  const finish = (session: OperatorSessionValue) => {
    if (session.recoveryCodes) setDone(session);
    else signedIn({ operator: session.operator, permissions: session.permissions });
  };

  let body;
  if (done?.recoveryCodes) {
    body = (
      <RecoveryCodes
        codes={done.recoveryCodes}
        onDone={() => {
          setDone(null);
          signedIn({ operator: done.operator, permissions: done.permissions });
        }}
      />
    );
  } else if (challenge?.step === 'enrol' && challenge.enrolment) {
    body = (
      <EnrolStep
        enrolment={challenge.enrolment}
        onCode={async (code) => finish(await loginCode(challenge.challenge, { code }))}
        onBack={() => setChallenge(null)}
      />
    );
  } else if (challenge) {
    body = <CodeStep challenge={challenge.challenge} onSession={finish} onBack={() => setChallenge(null)} />;
  } else {
    body = <PasswordStep onChallenge={setChallenge} />;
  }

  return (
    <div className="auth">
      <PreferencesBar />
      <main className="auth__card" id="main">
        <div className="brand" aria-hidden="true">
          <span className="brand__mark">B</span>
          <span>
            {t('app.name')} · {t('app.backOffice')}
          </span>
        </div>
        <Suspense fallback={<Splash />}>{body}</Suspense>
      </main>
    </div>
  );
}

function PasswordStep({ onChallenge }: { onChallenge: (c: OperatorLoginValue) => void }) {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      onChallenge(await loginPassword(String(form.get('username')), String(form.get('password'))));
    } catch (err) {
      setError(message(err, t('common.error')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
      <h1>{t('login.title')}</h1>
      <p className="muted">{t('login.subtitle')}</p>
      <Field label={t('login.username')} name="username" autoComplete="username" required autoFocus />
      <Field
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      {error && <Notice kind="error">{error}</Notice>}
      <button className="btn btn--primary" type="submit" disabled={busy}>
        {t('login.submit')}
      </button>
    </form>
  );
}

function CodeStep({
  challenge,
  onSession,
  onBack,
}: {
  challenge: string;
  onSession: (s: OperatorSessionValue) => void;
  onBack: () => void;
}) {
  const { t } = useI18n();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      onSession(await loginCode(challenge, recovery ? { recoveryCode: value } : { code: value }));
    } catch (err) {
      setError(message(err, t('common.error')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="stack" onSubmit={(e) => void submit(e)} noValidate key={recovery ? 'r' : 'c'}>
      <h1>{t('login.codeTitle')}</h1>
      <p className="muted">{t('login.codeHelp')}</p>
      {recovery ? (
        <Field
          label={t('login.recoveryCode')}
          name="code"
          autoComplete="off"
          placeholder="xxxx-xxxx-xxxx"
          required
          autoFocus
        />
      ) : (
        <Field
          label={t('login.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]{6}"
          maxLength={6}
          required
          autoFocus
        />
      )}
      {error && <Notice kind="error">{error}</Notice>}
      <button className="btn btn--primary" type="submit" disabled={busy}>
        {t('login.verify')}
      </button>
      <div className="row row--between">
        <button type="button" className="btn btn--link" onClick={onBack}>
          {t('login.back')}
        </button>
        <button type="button" className="btn btn--link" onClick={() => setRecovery(!recovery)}>
          {recovery ? t('login.useCode') : t('login.useRecovery')}
        </button>
      </div>
    </form>
  );
}
