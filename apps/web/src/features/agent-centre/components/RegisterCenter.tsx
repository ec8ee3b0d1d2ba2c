import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { downlineAccountSchema, type Invitation } from '@banca/contract';
import { isApiError } from '@/api';
import { useT } from '@/i18n';
import { dateTimeFormat } from '@/lib/clock';
import { useUi } from '@/state';
import { Button, Skeleton } from '@/ui';
import { Alert, TextField } from '@/ui/form';
import { createInvitation, invitationsQuery, registerDownline } from '../api/agent-api';

// The QR code draws only on this page: its library stays out of every other chunk.
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

/** The member registration opened with the code filled in (RegisterModal reads ?affiliateCode=). */
export const invitationLink = (code: string, origin = window.location.origin): string =>
  `${origin}/register?affiliateCode=${encodeURIComponent(code)}`;

function InvitationCard({ invitation }: { invitation: Invitation }) {
  const { t, language } = useT();
  const [copied, setCopied] = useState<'link' | 'code' | null>(null);
  const link = invitationLink(invitation.code);
  const copy = (what: 'link' | 'code') => {
    void navigator.clipboard?.writeText(what === 'link' ? link : invitation.code).then(
      () => setCopied(what),
      () => setCopied(null),
    );
  };
  return (
    <li className="invite" data-testid="invitation">
      <div className="invite__qr" aria-hidden="true">
        <Suspense fallback={<Skeleton height="112px" />}>
          <QRCodeSVG value={link} size={112} marginSize={2} bgColor="#ffffff" fgColor="#111111" />
        </Suspense>
      </div>
      <div className="invite__body">
        <p className="invite__code">
          {t('agent.register.code')}: <strong data-testid="invitation-code">{invitation.code}</strong>
        </p>
        <p className="invite__link" data-testid="invitation-link">
          {link}
        </p>
        <p className="invite__meta">
          {t('agent.register.brought', { count: invitation.registrations })} ·{' '}
          {dateTimeFormat(language).format(new Date(invitation.createdAt))}
        </p>
        <div className="invite__actions">
          <Button size="sm" variant="secondary" onClick={() => copy('link')}>
            {copied === 'link' ? t('agent.register.copied') : t('agent.register.copyLink')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => copy('code')}>
            {copied === 'code' ? t('agent.register.copied') : t('agent.register.copyCode')}
          </Button>
        </div>
      </div>
    </li>
  );
}

function RegisterForm() {
  const { t } = useT();
  const base = useId();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [kind, setKind] = useState<'member' | 'agent'>('member');
  const [errors, setErrors] = useState<{ username?: string; password?: string; form?: string }>({});
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: registerDownline,
    onSuccess: (value) => {
      setDone(value.account);
      setUsername('');
      setPassword('');
      void queryClient.invalidateQueries({ queryKey: ['agent'] });
    },
    onError: (err) => {
      if (isApiError(err) && err.fields.username) setErrors({ username: t('agent.register.taken') });
      else setErrors({ form: err.message });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const next: typeof errors = {};
    if (!downlineAccountSchema.safeParse(username).success) next.username = t('agent.register.usernameRule');
    if (password.length < 6 || password.length > 64) next.password = t('agent.register.passwordRule');
    setErrors(next);
    if (Object.keys(next).length === 0) mutation.mutate({ username, password, kind });
  };
  return (
    <form className="register-downline" onSubmit={submit} noValidate aria-labelledby={`${base}-title`}>
      <h3 id={`${base}-title`} className="agent-panel__title">
        {t('agent.register.formTitle')}
      </h3>
      <div className="register-downline__kind" role="radiogroup" aria-label={t('agent.register.kind')}>
        {(['member', 'agent'] as const).map((k) => (
          <label key={k} className={`team-period__tab${kind === k ? ' is-active' : ''}`}>
            <input
              type="radio"
              name={`${base}-kind`}
              value={k}
              checked={kind === k}
              onChange={() => setKind(k)}
              className="visually-hidden"
            />
            {t(`agent.register.kinds.${k}`)}
          </label>
        ))}
      </div>
      <TextField
        id={`${base}-username`}
        label={t('agent.register.username')}
        value={username}
        onChange={setUsername}
        error={errors.username ?? null}
        hint={t('agent.register.usernameRule')}
        autoComplete="off"
        required
      />
      <TextField
        id={`${base}-password`}
        label={t('agent.register.password')}
        value={password}
        onChange={setPassword}
        error={errors.password ?? null}
        type="password"
        reveal
        autoComplete="new-password"
        required
      />
      <Alert>{errors.form}</Alert>
      {done && (
        <p className="register-downline__done" role="status">
          {t('agent.register.done', { account: done })}
        </p>
      )}
      <Button type="submit" disabled={mutation.isPending}>
        {t('agent.register.submit')}
      </Button>
    </form>
  );
}

/**
 * registerCenter: register a member or agent account directly below this agent, and the agent's
 * invitation links and codes (with a QR code each, and how many registrations each brought).
 */
export default function RegisterCenter() {
  const { t } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const queryClient = useQueryClient();
  const invitations = useQuery(invitationsQuery(memberId));
  const create = useMutation({
    mutationFn: createInvitation,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['agent', 'invitations'] }),
  });
  return (
    <div className="register-centre">
      <RegisterForm />
      <section className="agent-panel" aria-labelledby="invitations-title">
        <div className="agent-panel__head">
          <h3 id="invitations-title" className="agent-panel__title">
            {t('agent.register.invitations')}
          </h3>
          <Button size="sm" variant="outline" onClick={() => create.mutate()} disabled={create.isPending}>
            {t('agent.register.newCode')}
          </Button>
        </div>
        <p className="agent-panel__hint">{t('agent.register.invitationsHint')}</p>
        {create.isError && <Alert>{create.error.message}</Alert>}
        {invitations.data ? (
          invitations.data.items.length === 0 ? (
            <p className="agent-panel__hint">{t('agent.register.noCodes')}</p>
          ) : (
            <ul className="invite-list">
              {invitations.data.items.map((inv) => (
                <InvitationCard key={inv.code} invitation={inv} />
              ))}
            </ul>
          )
        ) : invitations.isError ? (
          <Button variant="outline" onClick={() => void invitations.refetch()}>
            {t('common.retry')}
          </Button>
        ) : (
          <Skeleton height="140px" radius="lg" />
        )}
      </section>
    </div>
  );
}
