import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { operatorCalls, OPERATOR_ROLE_NAMES } from '@banca/contract/routes';
import type { Operator } from '@banca/contract';
import { useSession } from '@/app/session.tsx';
import { opsCall, errorText } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { Field } from '@/ui/Field.tsx';
import { FilterBar } from '@/ui/FilterBar.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { formatTime } from '@/ui/format.ts';
import { useUrlFilters } from '@/ui/url-state.ts';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { ReasonField } from '@/ui/ReasonField.tsx';

const KEY = ['ops', 'operators'];
/** A temporary password for a new operator: 16 characters from the browser's CSPRNG. */
function temporaryPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

/** Operators (admin): the list, a new operator (2FA enrolled at its first login), disable, IP allow-list. */
export function OperatorsPage() {
  const { t } = useI18n();
  const { me } = useSession();
  const { values, setFilters } = useUrlFilters(['role', 'status'] as const);
  const [creating, setCreating] = useState(false);
  const [ipFor, setIpFor] = useState<Operator | null>(null);
  const [disabling, setDisabling] = useState<Operator | null>(null);
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => opsCall<{ operators: Operator[] }>(operatorCalls.listOperators),
  });
  const rows = (query.data?.operators ?? []).filter(
    (o) => (!values.role || o.role === values.role) && (!values.status || o.status === values.status),
  );
  const columns: DataColumn<Operator>[] = [
    {
      id: 'id',
      header: t('operators.id'),
      value: (o) => o.id,
      cell: (o) => o.id,
      sortable: true,
      numeric: true,
    },
    {
      id: 'username',
      header: t('operators.username'),
      value: (o) => o.username,
      cell: (o) => o.username,
      sortable: true,
    },
    {
      id: 'role',
      header: t('operators.role'),
      value: (o) => o.role,
      cell: (o) => t(`operators.roles.${o.role}`),
      sortable: true,
    },
    {
      id: 'status',
      header: t('operators.status'),
      value: (o) => o.status,
      cell: (o) => (
        <span className={`badge ${o.status === 'ACTIVE' ? 'badge--ok' : 'badge--rejected'}`}>
          {t(`operators.statuses.${o.status}`)}
        </span>
      ),
      sortable: true,
    },
    {
      id: 'totp',
      header: t('operators.totp'),
      value: (o) => (o.totpEnrolled ? 'yes' : 'no'),
      cell: (o) => (o.totpEnrolled ? t('common.yes') : t('operators.totpPending')),
      sortable: true,
    },
    {
      id: 'lastLogin',
      header: t('operators.lastLogin'),
      value: (o) => o.lastLoginAt ?? null,
      cell: (o) => (o.lastLoginAt ? formatTime(o.lastLoginAt) : t('operators.never')),
      sortable: true,
    },
    {
      id: 'ip',
      header: t('operators.ipAllowList'),
      value: (o) => o.ipAllowList.join(' '),
      cell: (o) => (o.ipAllowList.length ? o.ipAllowList.join(', ') : t('operators.anyIp')),
    },
    {
      id: 'created',
      header: t('operators.created'),
      value: (o) => o.createdAt,
      cell: (o) => `${formatTime(o.createdAt)} · ${o.createdBy}`,
      sortable: true,
    },
    {
      id: 'actions',
      header: t('operators.actions'),
      value: () => null,
      cell: (o) => (
        <div className="actions">
          <button type="button" className="btn btn--sm" onClick={() => setIpFor(o)}>
            {t('operators.editIp')}
          </button>
          {o.status === 'ACTIVE' && o.id !== me?.operator.id && (
            <button type="button" className="btn btn--sm btn--danger" onClick={() => setDisabling(o)}>
              {t('operators.disable')}
            </button>
          )}
        </div>
      ),
    },
  ];
  return (
    <section className="page">
      <PageHeader
        title={t('operators.title')}
        subtitle={t('operators.subtitle')}
        action={
          <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
            {t('operators.new')}
          </button>
        }
      />
      {creating && <CreateOperator onDone={() => setCreating(false)} />}
      <FilterBar
        filters={[
          {
            name: 'role',
            label: t('operators.role'),
            type: 'select',
            options: [
              { value: '', label: t('operators.allRoles') },
              ...OPERATOR_ROLE_NAMES.map((r) => ({ value: r, label: t(`operators.roles.${r}`) })),
            ],
          },
          {
            name: 'status',
            label: t('operators.status'),
            type: 'select',
            options: [
              { value: '', label: t('operators.allStatuses') },
              { value: 'ACTIVE', label: t('operators.statuses.ACTIVE') },
              { value: 'DISABLED', label: t('operators.statuses.DISABLED') },
            ],
          },
        ]}
        values={values}
        onApply={setFilters}
      />
      {query.isError && <Notice kind="error">{query.error.message}</Notice>}
      <DataTable
        caption={t('operators.title')}
        columns={columns}
        rows={rows}
        rowKey={(o) => String(o.id)}
        loading={query.isFetching}
        exportName="operators.csv"
        exportRows={async () => rows}
      />
      {ipFor && <IpDialog operator={ipFor} onClose={() => setIpFor(null)} />}
      {disabling && <DisableDialog operator={disabling} onClose={() => setDisabling(null)} />}
    </section>
  );
}

function CreateOperator({ onDone }: { onDone: () => void }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [password, setPassword] = useState(temporaryPassword);
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  const create = useMutation({
    mutationFn: (body: { username: string; password: string; role: string }) =>
      opsCall<Operator>(operatorCalls.createOperator, { body }),
    onSuccess: async (op, body) => {
      setCreated({ username: op.username, password: body.password });
      await client.invalidateQueries({ queryKey: KEY });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    create.mutate({
      username: String(f.get('username') ?? '')
        .trim()
        .toLowerCase(),
      password,
      role: String(f.get('role') ?? 'support'),
    });
  };
  if (created)
    return (
      <section className="card stack" aria-labelledby="op-created">
        <h2 id="op-created">{t('operators.createdTitle', { username: created.username })}</h2>
        <p>{t('operators.createdHelp')}</p>
        <code className="secret" data-testid="operator-temp-password">
          {created.password}
        </code>
        <div className="row row--end">
          <button type="button" className="btn btn--primary" onClick={onDone}>
            {t('operators.createdDone')}
          </button>
        </div>
      </section>
    );
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="op-new">
      <h2 id="op-new">{t('operators.new')}</h2>
      <div className="grid2">
        <Field
          label={t('operators.username')}
          help={t('operators.usernameHelp')}
          name="username"
          required
          minLength={3}
          maxLength={32}
          pattern="[a-z0-9._\-]{3,32}"
          autoComplete="off"
        />
        <div className="field">
          <label htmlFor="op-role">{t('operators.role')}</label>
          <select id="op-role" name="role" defaultValue="support">
            {OPERATOR_ROLE_NAMES.map((r) => (
              <option key={r} value={r}>
                {t(`operators.roles.${r}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="op-password">{t('operators.tempPassword')}</label>
          <div className="actions">
            <input
              id="op-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              minLength={12}
              maxLength={128}
              required
              autoComplete="new-password"
            />
            <button
              type="button"
              className="btn btn--sm btn--ghost"
              onClick={() => setPassword(temporaryPassword())}
            >
              {t('operators.generate')}
            </button>
          </div>
          <p className="field__help">{t('operators.tempPasswordHelp')}</p>
        </div>
      </div>
      {create.isError && <Notice kind="error">{errorText(create.error)}</Notice>}
      <div className="row row--end">
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={create.isPending}>
          {t('operators.create')}
        </button>
      </div>
    </form>
  );
}

function IpDialog({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const ref = useRef<HTMLDialogElement | null>(null);
  const save = useMutation({
    mutationFn: (body: { ranges: string[]; reason: string }) =>
      opsCall<Operator>(operatorCalls.setIpAllowList, { params: { id: operator.id }, body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      ref.current?.close();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    save.mutate({
      ranges: String(f.get('ranges') ?? '')
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean),
      reason: String(f.get('reason') ?? ''),
    });
  };
  return (
    <Modal dialogRef={ref} labelledBy="ip-title" onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <h2 id="ip-title">{t('operators.ipTitle', { username: operator.username })}</h2>
        <div className="field">
          <label htmlFor="ip-ranges">{t('operators.ipRanges')}</label>
          <textarea id="ip-ranges" name="ranges" rows={4} defaultValue={operator.ipAllowList.join('\n')} />
          <p className="field__help">{t('operators.ipHelp')}</p>
        </div>
        <ReasonField id="ip-reason" label={t('operators.reason')} rows={2} />
        {save.isError && <Notice kind="error">{errorText(save.error)}</Notice>}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function DisableDialog({ operator, onClose }: { operator: Operator; onClose: () => void }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const ref = useRef<HTMLDialogElement | null>(null);
  const run = useMutation({
    mutationFn: () => opsCall<Operator>(operatorCalls.disableOperator, { params: { id: operator.id } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      ref.current?.close();
    },
  });
  return (
    <Modal dialogRef={ref} labelledBy="disable-title" onClose={onClose}>
      <div className="stack">
        <h2 id="disable-title">{t('operators.disableTitle', { username: operator.username })}</h2>
        <p>{t('operators.disableHelp')}</p>
        {run.isError && <Notice kind="error">{errorText(run.error)}</Notice>}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="btn btn--danger"
            disabled={run.isPending}
            onClick={() => run.mutate()}
          >
            {t('operators.disable')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
