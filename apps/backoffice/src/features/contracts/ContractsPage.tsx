import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { agentContractOpsCalls, type OpsPermission } from '@banca/contract/routes';
import type {
  ContractKind,
  OpsContract,
  OpsContractSettingsValue,
  OpsContractsPage,
  OpsDebt,
  OpsDebtsPage,
  OpsRerunValue,
  OpsRun,
  OpsRunsPage,
} from '@banca/contract';
import { ApiError, opsCall } from '@/api/client.ts';
import { useSession } from '@/app/session.tsx';
import { useI18n, type MessageKey } from '@/i18n/i18n.ts';
import { allPages, DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { Field } from '@/ui/Field.tsx';
import { FilterBar } from '@/ui/FilterBar.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { formatMoney, formatTime, parseMoneyInput } from '@/ui/format.ts';
import { AgentSettingsCard } from '../agents/AgentSettingsCard.tsx';
import { useUrlCursor, useUrlFilters } from '@/ui/url-state.ts';
import {
  bestRate,
  bpInput,
  ContractStatusBadge,
  KINDS,
  parsePercentInput,
  STATUSES,
} from './contract-format.tsx';
import { ReasonField } from '@/ui/ReasonField.tsx';

const TABS = ['contracts', 'runs', 'debts', 'settings'] as const;
type Tab = (typeof TABS)[number];
const TAB_PERMISSION: Record<Tab, OpsPermission> = {
  contracts: 'contracts.read',
  runs: 'contracts.settlements',
  debts: 'contracts.settlements',
  settings: 'contracts.read',
};
const TAB_LABEL: Record<Tab, MessageKey> = {
  contracts: 'contracts.tabs.contracts',
  runs: 'contracts.tabs.runs',
  debts: 'contracts.tabs.debts',
  settings: 'contracts.tabs.settings',
};

export const errorText = (error: unknown) =>
  error instanceof ApiError
    ? `${error.message}${error.code === 'invalid_input' && error.value ? ` ${JSON.stringify(error.value)}` : ''}`
    : String(error);

/**
 * Agent contracts (issue 24 item 6): the contracts (admin), settlement runs per (kind, period) with
 * the re-run of a failed or partial period, the uplines' open debts (admin and finance), and the
 * contract settings (admin). Each tab's filters and page live in the URL; lists export CSV.
 */
export function ContractsPage() {
  const { t } = useI18n();
  const { can } = useSession();
  const { values, setFilters } = useUrlFilters(['tab', 'kind', 'status', 'account'] as const);
  const tabs = TABS.filter((k) => can(TAB_PERMISSION[k]));
  const tab: Tab = (tabs as readonly string[]).includes(values.tab)
    ? (values.tab as Tab)
    : (tabs[0] ?? 'runs');
  return (
    <section className="page">
      <h1>{t('contracts.title')}</h1>
      <p className="muted">{t('contracts.subtitle')}</p>
      <div className="tabs" role="tablist" aria-label={t('contracts.title')}>
        {tabs.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`tab${tab === k ? ' tab--on' : ''}`}
            // Another tab's filters do not carry over.
            onClick={() => setFilters({ tab: k, kind: '', status: '', account: '' })}
          >
            {t(TAB_LABEL[k])}
          </button>
        ))}
      </div>
      {tab === 'contracts' && <ContractsTab />}
      {tab === 'runs' && <RunsTab />}
      {tab === 'debts' && <DebtsTab />}
      {tab === 'settings' && <SettingsTab />}
    </section>
  );
}

function useKindOptions() {
  const { t } = useI18n();
  return [
    { value: '', label: t('contracts.allKinds') },
    ...KINDS.map((k) => ({ value: k, label: t(`contracts.kinds.${k}`) })),
  ];
}

function ContractsTab() {
  const { t } = useI18n();
  const { values, setFilters } = useUrlFilters(['kind', 'status', 'account'] as const);
  const { cursor, go } = useUrlCursor();
  const kinds = useKindOptions();
  const fetchPage = (after: string | undefined) =>
    opsCall<OpsContractsPage>(agentContractOpsCalls.opsContracts, {
      query: {
        kind: values.kind || undefined,
        status: values.status || undefined,
        account: values.account || undefined,
        after,
        limit: 50,
      },
    });
  const query = useQuery({
    queryKey: ['ops', 'contracts', values, cursor],
    queryFn: () => fetchPage(cursor),
    placeholderData: keepPreviousData,
  });
  const currency = query.data?.currency ?? 'BRL';
  const columns: DataColumn<OpsContract>[] = [
    {
      id: 'id',
      header: t('contracts.id'),
      value: (c) => c.id,
      cell: (c) => (
        <Link to={`/contracts/${c.id}`} className="nowrap">
          #{c.id}
        </Link>
      ),
      sortable: true,
      numeric: true,
    },
    {
      id: 'kind',
      header: t('contracts.kind'),
      value: (c) => c.kind,
      cell: (c) => t(`contracts.kinds.${c.kind}`),
      sortable: true,
    },
    { id: 'product', header: t('contracts.product'), value: (c) => c.product, cell: (c) => c.product },
    {
      id: 'period',
      header: t('contracts.period'),
      value: (c) => c.period,
      cell: (c) => t(`contracts.periods.${c.period}`),
    },
    {
      id: 'upline',
      header: t('contracts.upline'),
      value: (c) => c.upline.account,
      cell: (c) => c.upline.account,
    },
    {
      id: 'downline',
      header: t('contracts.downline'),
      value: (c) => c.downline.account,
      cell: (c) => c.downline.account,
    },
    {
      id: 'status',
      header: t('contracts.status'),
      value: (c) => c.status,
      cell: (c) => <ContractStatusBadge status={c.status} />,
      sortable: true,
    },
    {
      id: 'rate',
      header: t('contracts.bestRate'),
      value: (c) => bestRate(c, currency),
      cell: (c) => bestRate(c, currency),
      numeric: true,
    },
    {
      id: 'settlements',
      header: t('contracts.settlementsCount'),
      value: (c) => c.settlements,
      cell: (c) => c.settlements,
      numeric: true,
    },
    {
      id: 'paid',
      header: t('contracts.paid'),
      value: (c) => c.paid / 100,
      cell: (c) => formatMoney(c.paid, currency),
      numeric: true,
      sortable: true,
    },
    {
      id: 'createdAt',
      header: t('contracts.createdAt'),
      value: (c) => c.createdAt,
      cell: (c) => formatTime(c.createdAt),
      sortable: true,
    },
  ];
  return (
    <div className="stack">
      <FilterBar
        filters={[
          { name: 'kind', label: t('contracts.kind'), type: 'select', options: kinds },
          {
            name: 'status',
            label: t('contracts.status'),
            type: 'select',
            options: [
              { value: '', label: t('contracts.allStatuses') },
              ...STATUSES.map((s) => ({ value: s, label: t(`contracts.statuses.${s}`) })),
            ],
          },
          { name: 'account', label: t('contracts.partyAccount'), type: 'text' },
        ]}
        values={values}
        onApply={setFilters}
      />
      {query.isError && <Notice kind="error">{errorText(query.error)}</Notice>}
      <DataTable
        caption={t('contracts.tabs.contracts')}
        columns={columns}
        rows={query.data?.items ?? []}
        rowKey={(c) => String(c.id)}
        loading={query.isFetching}
        paging={{
          isFirst: cursor === undefined,
          hasNext: query.data?.nextCursor != null,
          onNext: () => go(String(query.data?.nextCursor)),
          onFirst: () => go(undefined),
        }}
        exportName="contracts.csv"
        exportRows={() =>
          allPages(async (c) => {
            const page = await fetchPage(c);
            return { items: page.items, next: page.nextCursor === null ? null : String(page.nextCursor) };
          })
        }
      />
    </div>
  );
}

function RunsTab() {
  const { t } = useI18n();
  const { can } = useSession();
  const { values, setFilters } = useUrlFilters(['kind'] as const);
  const { cursor, go } = useUrlCursor();
  const kinds = useKindOptions();
  const [rerun, setRerun] = useState<{ kind: ContractKind; day: string } | null>(null);
  const [result, setResult] = useState<OpsRerunValue | null>(null);
  const fetchPage = (after: string | undefined) =>
    opsCall<OpsRunsPage>(agentContractOpsCalls.opsRuns, {
      query: { kind: values.kind || undefined, after, limit: 50 },
    });
  const query = useQuery({
    queryKey: ['ops', 'contract-runs', values.kind, cursor],
    queryFn: () => fetchPage(cursor),
    placeholderData: keepPreviousData,
  });
  const currency = query.data?.currency ?? 'BRL';
  const money = (n: number) => formatMoney(n, currency);
  const columns: DataColumn<OpsRun>[] = [
    {
      id: 'period',
      header: t('contracts.periodKey'),
      value: (r) => r.period,
      cell: (r) => <code className="nowrap">{r.period}</code>,
    },
    {
      id: 'kind',
      header: t('contracts.kind'),
      value: (r) => r.kind,
      cell: (r) => t(`contracts.kinds.${r.kind}`),
      sortable: true,
    },
    {
      id: 'range',
      header: t('contracts.range'),
      value: (r) => `${r.from} – ${r.to}`,
      cell: (r) => (
        <span className="small">
          {formatTime(r.from)} – {formatTime(r.to)}
        </span>
      ),
    },
    {
      id: 'settled',
      header: t('contracts.settled'),
      value: (r) => r.settled,
      cell: (r) => r.settled,
      numeric: true,
    },
    {
      id: 'amount',
      header: t('contracts.amount'),
      value: (r) => r.amount / 100,
      cell: (r) => money(r.amount),
      numeric: true,
    },
    {
      id: 'paid',
      header: t('contracts.paid'),
      value: (r) => r.paid / 100,
      cell: (r) => money(r.paid),
      numeric: true,
    },
    {
      id: 'debt',
      header: t('contracts.debtRecorded'),
      value: (r) => r.debt / 100,
      cell: (r) => money(r.debt),
      numeric: true,
    },
    {
      id: 'failed',
      header: t('contracts.failed'),
      value: (r) => r.failed,
      cell: (r) => (r.failed > 0 ? <span className="badge badge--failed">{r.failed}</span> : 0),
      numeric: true,
      sortable: true,
    },
    {
      id: 'lastAt',
      header: t('contracts.lastAt'),
      value: (r) => r.lastAt,
      cell: (r) => formatTime(r.lastAt),
    },
    ...(can('contracts.manage')
      ? [
          {
            id: 'actions',
            header: t('contracts.actions'),
            value: () => null,
            cell: (r: OpsRun) => (
              <button
                type="button"
                className={`btn btn--sm nowrap ${r.failed > 0 ? 'btn--primary' : 'btn--ghost'}`}
                onClick={() => setRerun({ kind: r.kind, day: r.rerunDay })}
              >
                {t('contracts.rerun')}
              </button>
            ),
          } satisfies DataColumn<OpsRun>,
        ]
      : []),
  ];
  return (
    <div className="stack">
      <p className="muted small">{t('contracts.runsHint')}</p>
      <div className="row row--between">
        <FilterBar
          filters={[{ name: 'kind', label: t('contracts.kind'), type: 'select', options: kinds }]}
          values={values}
          onApply={setFilters}
        />
        {can('contracts.manage') && (
          <button
            type="button"
            className="btn"
            onClick={() => setRerun({ kind: (values.kind || 'DAILY') as ContractKind, day: '' })}
          >
            {t('contracts.rerunPeriod')}
          </button>
        )}
      </div>
      {result && (
        <Notice kind="ok">
          <span data-testid="rerun-result">
            {t('contracts.rerunDone', {
              settled: result.settled,
              skipped: result.skipped,
              paid: money(result.paid),
              debt: money(result.debt),
            })}
          </span>
        </Notice>
      )}
      {query.isError && <Notice kind="error">{errorText(query.error)}</Notice>}
      <DataTable
        caption={t('contracts.tabs.runs')}
        columns={columns}
        rows={query.data?.items ?? []}
        rowKey={(r) => `${r.kind}:${r.period}`}
        loading={query.isFetching}
        paging={{
          isFirst: cursor === undefined,
          hasNext: query.data?.nextCursor != null,
          onNext: () => go(query.data?.nextCursor ?? undefined),
          onFirst: () => go(undefined),
        }}
        exportName="settlement-runs.csv"
        exportRows={() =>
          allPages(async (c) => {
            const page = await fetchPage(c);
            return { items: page.items, next: page.nextCursor };
          })
        }
      />
      {rerun && (
        <RerunDialog
          initial={rerun}
          onClose={() => setRerun(null)}
          onDone={(v) => {
            setRerun(null);
            setResult(v);
          }}
        />
      )}
    </div>
  );
}

function RerunDialog({
  initial,
  onClose,
  onDone,
}: {
  initial: { kind: ContractKind; day: string };
  onClose: () => void;
  onDone: (v: OpsRerunValue) => void;
}) {
  const { t } = useI18n();
  const client = useQueryClient();
  const ref = useRef<HTMLDialogElement>(null);
  const run = useMutation({
    mutationFn: (body: { kind: string; day: string; reason: string }) =>
      opsCall<OpsRerunValue>(agentContractOpsCalls.opsRerun, { body }),
    onSuccess: (v) => {
      void client.invalidateQueries({ queryKey: ['ops', 'contract-runs'] });
      void client.invalidateQueries({ queryKey: ['ops', 'contract-debts'] });
      onDone(v);
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    run.mutate({
      kind: String(f.get('kind')),
      day: String(f.get('day')),
      reason: String(f.get('reason') ?? ''),
    });
  };
  return (
    <dialog
      ref={(el) => {
        ref.current = el;
        if (el && !el.open) el.showModal();
      }}
      className="dialog"
      aria-labelledby="rerun-title"
      onClose={onClose}
    >
      <form className="stack" onSubmit={submit}>
        <h2 id="rerun-title">{t('contracts.rerunTitle')}</h2>
        <p className="muted small">{t('contracts.rerunText')}</p>
        <div className="field">
          <label htmlFor="rerun-kind">{t('contracts.kind')}</label>
          <select id="rerun-kind" name="kind" defaultValue={initial.kind}>
            {KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`contracts.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('contracts.rerunDay')}
          help={t('contracts.rerunDayHelp')}
          name="day"
          type="date"
          required
          defaultValue={initial.day}
        />
        <ReasonField id="rerun-reason" label={t('contracts.reason')} />
        {run.isError && <Notice kind="error">{errorText(run.error)}</Notice>}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={run.isPending}>
            {t('contracts.rerun')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

function DebtsTab() {
  const { t } = useI18n();
  const { values, setFilters } = useUrlFilters(['account'] as const);
  const { cursor, go } = useUrlCursor();
  const fetchPage = (after: string | undefined) =>
    opsCall<OpsDebtsPage>(agentContractOpsCalls.opsDebts, {
      query: { account: values.account || undefined, after, limit: 50 },
    });
  const query = useQuery({
    queryKey: ['ops', 'contract-debts', values.account, cursor],
    queryFn: () => fetchPage(cursor),
    placeholderData: keepPreviousData,
  });
  const currency = query.data?.currency ?? 'BRL';
  const money = (n: number) => formatMoney(n, currency);
  type Agent = OpsDebtsPage['agents'][number];
  const agentColumns: DataColumn<Agent>[] = [
    {
      id: 'debtor',
      header: t('contracts.debtor'),
      value: (a) => a.debtor.account,
      cell: (a) => (
        <button
          type="button"
          className="btn btn--link"
          onClick={() => setFilters({ account: a.debtor.account })}
        >
          {a.debtor.account}
        </button>
      ),
      sortable: true,
    },
    {
      id: 'debts',
      header: t('contracts.openDebts'),
      value: (a) => a.debts,
      cell: (a) => a.debts,
      numeric: true,
    },
    {
      id: 'remaining',
      header: t('contracts.remaining'),
      value: (a) => a.remaining / 100,
      cell: (a) => <strong>{money(a.remaining)}</strong>,
      numeric: true,
      sortable: true,
    },
  ];
  const columns: DataColumn<OpsDebt>[] = [
    { id: 'id', header: t('contracts.id'), value: (d) => d.id, cell: (d) => d.id, numeric: true },
    {
      id: 'debtor',
      header: t('contracts.debtor'),
      value: (d) => d.debtor.account,
      cell: (d) => d.debtor.account,
    },
    {
      id: 'creditor',
      header: t('contracts.creditor'),
      value: (d) => d.creditor.account,
      cell: (d) => d.creditor.account,
    },
    {
      id: 'amount',
      header: t('contracts.debtAmount'),
      value: (d) => d.amount / 100,
      cell: (d) => money(d.amount),
      numeric: true,
    },
    {
      id: 'remaining',
      header: t('contracts.remaining'),
      value: (d) => d.remaining / 100,
      cell: (d) => money(d.remaining),
      numeric: true,
      sortable: true,
    },
    {
      id: 'settlement',
      header: t('contracts.fromSettlement'),
      value: (d) => `${d.settlement.contractId} ${d.settlement.kind} ${d.settlement.period}`,
      cell: (d) => (
        <span className="nowrap">
          <Link to={`/contracts/${d.settlement.contractId}`}>#{d.settlement.contractId}</Link>{' '}
          {t(`contracts.kinds.${d.settlement.kind}`)} · <code className="nowrap">{d.settlement.period}</code>
        </span>
      ),
    },
    {
      id: 'createdAt',
      header: t('contracts.createdAt'),
      value: (d) => d.createdAt,
      cell: (d) => formatTime(d.createdAt),
      sortable: true,
    },
  ];
  return (
    <div className="stack">
      <FilterBar
        filters={[{ name: 'account', label: t('contracts.debtorAccount'), type: 'text' }]}
        values={values}
        onApply={setFilters}
      />
      {query.isError && <Notice kind="error">{errorText(query.error)}</Notice>}
      <h2>{t('contracts.debtsByAgent')}</h2>
      <DataTable
        caption={t('contracts.debtsByAgent')}
        columns={agentColumns}
        rows={query.data?.agents ?? []}
        rowKey={(a) => String(a.debtor.id)}
        loading={query.isFetching}
      />
      <h2>{t('contracts.debtsList')}</h2>
      <DataTable
        caption={t('contracts.debtsList')}
        columns={columns}
        rows={query.data?.items ?? []}
        rowKey={(d) => String(d.id)}
        loading={query.isFetching}
        paging={{
          isFirst: cursor === undefined,
          hasNext: query.data?.nextCursor != null,
          onNext: () => go(String(query.data?.nextCursor)),
          onFirst: () => go(undefined),
        }}
        exportName="contract-debts.csv"
        exportRows={() =>
          allPages(async (c) => {
            const page = await fetchPage(c);
            return { items: page.items, next: page.nextCursor === null ? null : String(page.nextCursor) };
          })
        }
      />
    </div>
  );
}

const SETTINGS_KEY = ['ops', 'contract-settings'];

/** The contract settings and, beside them, the agent module's own rules (promote): the operator's
 *  flags and thresholds for agents in one place, each saved through its own module's call. */
function SettingsTab() {
  const { t } = useI18n();
  const { can } = useSession();
  const query = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => opsCall<OpsContractSettingsValue>(agentContractOpsCalls.opsSettings),
  });
  return (
    <div className="stack">
      {can('agents.read') && <AgentSettingsCard />}
      {query.isError ? (
        <Notice kind="error">{errorText(query.error)}</Notice>
      ) : query.data ? (
        <SettingsForm settings={query.data} key={JSON.stringify(query.data)} />
      ) : (
        <p className="muted">{t('contracts.loading')}</p>
      )}
    </div>
  );
}

function SettingsForm({ settings }: { settings: OpsContractSettingsValue }) {
  const { t } = useI18n();
  const { can } = useSession();
  const client = useQueryClient();
  const editable = can('contracts.manage');
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: unknown) =>
      opsCall<OpsContractSettingsValue>(agentContractOpsCalls.opsPutSettings, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SETTINGS_KEY }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const caps = Object.fromEntries(
      KINDS.map((k) => [k, parsePercentInput(String(f.get(`cap-${k}`) ?? ''))]),
    );
    const capFixed = parseMoneyInput(String(f.get('capFixed') ?? ''));
    const minBet = parseMoneyInput(String(f.get('minBet') ?? ''));
    const bad = KINDS.find((k) => caps[k] === null);
    if (bad) return setInvalid(t('contracts.badPercent', { kind: t(`contracts.kinds.${bad}`) }));
    if (capFixed === null || minBet === null) return setInvalid(t('contracts.badMoney'));
    setInvalid(null);
    save.mutate({
      enabledKinds: KINDS.filter((k) => f.get(`on-${k}`) === 'on'),
      capBp: caps,
      capFixed,
      activeMemberMinBet: minBet,
      reason: String(f.get('reason') ?? ''),
    });
  };
  const amount = (minor: number) => (minor / 100).toFixed(2);
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="contract-settings-title">
      <h2 id="contract-settings-title">{t('contracts.settingsTitle')}</h2>
      <p className="muted small">
        {settings.updatedAt
          ? t('contracts.updatedAt', { at: formatTime(settings.updatedAt) })
          : t('contracts.defaults')}
      </p>
      <fieldset className="group" disabled={!editable}>
        <legend>{t('contracts.enabledKinds')}</legend>
        <div className="flags">
          {KINDS.map((k) => (
            <label key={k} className="check flag">
              <input type="checkbox" name={`on-${k}`} defaultChecked={settings.enabledKinds.includes(k)} />
              <span>{t(`contracts.kinds.${k}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="group" disabled={!editable}>
        <legend>{t('contracts.caps')}</legend>
        <p className="muted small">{t('contracts.capsHelp')}</p>
        <div className="grid2">
          {KINDS.map((k) => (
            <Field
              key={k}
              label={t('contracts.capOf', { kind: t(`contracts.kinds.${k}`) })}
              name={`cap-${k}`}
              inputMode="decimal"
              required
              defaultValue={bpInput(settings.capBp[k])}
            />
          ))}
          <Field
            label={t('contracts.capFixed', { currency: settings.currency })}
            name="capFixed"
            inputMode="decimal"
            required
            defaultValue={amount(settings.capFixed)}
          />
          <Field
            label={t('contracts.activeMinBet', { currency: settings.currency })}
            help={t('contracts.activeMinBetHelp')}
            name="minBet"
            inputMode="decimal"
            required
            defaultValue={amount(settings.activeMemberMinBet)}
          />
        </div>
      </fieldset>
      {editable && (
        <>
          <ReasonField id="settings-reason" label={t('contracts.reason')} rows={2} />
          {invalid && <Notice kind="error">{invalid}</Notice>}
          {save.isError && <Notice kind="error">{errorText(save.error)}</Notice>}
          {save.isSuccess && <Notice kind="ok">{t('contracts.saved')}</Notice>}
          <div className="row row--end">
            <button type="submit" className="btn btn--primary" disabled={save.isPending}>
              {t('contracts.save')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
