import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { agentCalls } from '@banca/contract/routes';
import type { OpsAgent, OpsAgentsPage, OpsMoveMemberValue, OpsTreeNode, OpsTreePage } from '@banca/contract';
import { opsCall, type ApiError } from '@/api/client.ts';
import { useSession } from '@/app/session.tsx';
import { useI18n } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { FilterBar } from '@/ui/FilterBar.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { formatMoney, formatTime } from '@/ui/format.ts';
import { useKeysetList } from '@/ui/keyset-list.ts';
import { useUrlFilters } from '@/ui/url-state.ts';
import { ReasonField } from '@/ui/ReasonField.tsx';

const FILTERS = ['account'] as const;

/**
 * Agents (issue 24 item 6): every agent account with its team size, direct downline and the team's
 * deposits and valid bet this month (DataTable: URL filter, keyset pages, CSV); the downline tree of
 * the chosen agent (`?tree=<id>`), opened level by level; and moving a member with its team below
 * another agent, with a reason (agents.manage; audited).
 */
export function AgentsPage() {
  const { t } = useI18n();
  const { values, setFilters } = useUrlFilters(FILTERS);
  const [params, setParams] = useSearchParams();
  const treeId = Number(params.get('tree')) || undefined;
  const fetchPage = (after: string | undefined) =>
    opsCall<OpsAgentsPage>(agentCalls.opsAgents, {
      query: { account: values.account || undefined, after, limit: 50 },
    });
  const { query, table } = useKeysetList(['ops', 'agents', values.account], fetchPage, {
    items: (p) => p.items,
    next: (p) => p.nextCursor,
  });
  const openTree = (id: number) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('tree', String(id));
      return next;
    });

  const columns: DataColumn<OpsAgent>[] = [
    {
      id: 'account',
      header: t('agents.account'),
      value: (a) => a.account,
      cell: (a) => (
        <button type="button" className="btn btn--link agent-account" onClick={() => openTree(a.id)}>
          {a.account}
        </button>
      ),
      sortable: true,
    },
    { id: 'type', header: t('agents.type'), value: (a) => a.type, cell: (a) => a.type, numeric: true },
    {
      id: 'upline',
      header: t('agents.upline'),
      value: (a) => a.upline,
      cell: (a) => a.upline ?? t('common.none'),
    },
    {
      id: 'teamSize',
      header: t('agents.teamSize'),
      value: (a) => a.teamSize,
      cell: (a) => a.teamSize,
      sortable: true,
      numeric: true,
    },
    {
      id: 'direct',
      header: t('agents.direct'),
      value: (a) => a.directDownline,
      cell: (a) => a.directDownline,
      sortable: true,
      numeric: true,
    },
    {
      id: 'deposits',
      header: t('agents.teamDeposits'),
      value: (a) => a.teamDeposits / 100,
      cell: (a) => formatMoney(a.teamDeposits, a.currency),
      sortable: true,
      numeric: true,
    },
    {
      id: 'validBet',
      header: t('agents.teamValidBet'),
      value: (a) => a.teamValidBet / 100,
      cell: (a) => formatMoney(a.teamValidBet, a.currency),
      sortable: true,
      numeric: true,
    },
    {
      id: 'registeredAt',
      header: t('agents.registeredAt'),
      value: (a) => a.registeredAt,
      cell: (a) => formatTime(a.registeredAt),
      sortable: true,
    },
  ];

  return (
    <section className="page">
      <h1>{t('agents.title')}</h1>
      <p className="muted">{t('agents.subtitle')}</p>
      <FilterBar
        filters={[{ name: 'account', label: t('agents.account'), type: 'text' }]}
        values={values}
        onApply={setFilters}
      />
      {query.isError && <Notice kind="error">{query.error.message}</Notice>}
      <DataTable
        caption={t('agents.title')}
        columns={columns}
        rowKey={(a) => String(a.id)}
        exportName="agents.csv"
        {...table}
      />
      {treeId !== undefined && <TreeView rootId={treeId} />}
    </section>
  );
}

/** One level of the tree under `id` (queried when its node is opened). */
function useLevel(id: number, enabled = true) {
  return useQuery({
    queryKey: ['ops', 'agent-tree', id],
    queryFn: () =>
      opsCall<OpsTreePage>(agentCalls.opsAgentDownline, { params: { id }, query: { limit: 200 } }),
    enabled,
  });
}

function TreeView({ rootId }: { rootId: number }) {
  const { t } = useI18n();
  const level = useLevel(rootId);
  const [moving, setMoving] = useState<OpsTreeNode | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <section className="card stack agent-tree" aria-labelledby="tree-title">
      <h2 id="tree-title">{t('agents.treeOf', { account: level.data?.root.account ?? '…' })}</h2>
      <p className="muted small">{t('agents.treeHint')}</p>
      {done && <Notice kind="ok">{done}</Notice>}
      {level.isError && <Notice kind="error">{level.error.message}</Notice>}
      {level.data && (
        <ul className="tree" role="tree" aria-labelledby="tree-title">
          <TreeItem node={level.data.root} depth={1} startOpen onMove={setMoving} />
        </ul>
      )}
      {moving && (
        <MoveDialog
          node={moving}
          onClose={() => setMoving(null)}
          onDone={(v) => {
            setMoving(null);
            setDone(t('agents.moved', { account: v.account, to: v.toUpline }));
          }}
        />
      )}
    </section>
  );
}

function TreeItem({
  node,
  depth,
  startOpen = false,
  onMove,
}: {
  node: OpsTreeNode;
  depth: number;
  startOpen?: boolean;
  onMove: (n: OpsTreeNode) => void;
}) {
  const { t } = useI18n();
  const { can } = useSession();
  const [open, setOpen] = useState(startOpen);
  const children = useLevel(node.id, open && node.directDownline > 0);
  const expandable = node.directDownline > 0;
  return (
    <li
      role="treeitem"
      aria-level={depth}
      aria-expanded={expandable ? open : undefined}
      aria-selected={false}
      className="tree__item"
      data-testid="tree-node"
    >
      <div className="tree__row">
        {expandable ? (
          <button
            type="button"
            className="btn btn--ghost btn--sm tree__toggle"
            aria-label={t(open ? 'agents.collapse' : 'agents.expand', { account: node.account })}
            onClick={() => setOpen(!open)}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className="tree__toggle" aria-hidden="true" />
        )}
        <span className="tree__account">{node.account}</span>
        <span className={`badge ${node.isAgent ? 'badge--ok' : ''}`}>
          {t(node.isAgent ? 'agents.agent' : 'agents.member')}
        </span>
        <span className="muted small">
          {t('agents.counts', { direct: node.directDownline, team: node.teamSize })}
        </span>
        {depth > 1 && can('agents.manage') && (
          <button type="button" className="btn btn--ghost btn--sm" onClick={() => onMove(node)}>
            {t('agents.move')}
          </button>
        )}
      </div>
      {open && expandable && (
        <ul role="group" className="tree__group">
          {children.isPending && <li className="muted small">{t('agents.loading')}</li>}
          {children.data?.items.map((c) => (
            <TreeItem key={c.id} node={c} depth={depth + 1} onMove={onMove} />
          ))}
          {children.data?.nextCursor != null && <li className="muted small">{t('agents.more')}</li>}
        </ul>
      )}
    </li>
  );
}

function MoveDialog({
  node,
  onClose,
  onDone,
}: {
  node: OpsTreeNode;
  onClose: () => void;
  onDone: (v: OpsMoveMemberValue) => void;
}) {
  const { t } = useI18n();
  const client = useQueryClient();
  const ref = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (v: { uplineAccount: string; reason: string }) =>
      opsCall<OpsMoveMemberValue>(agentCalls.opsMoveMember, { body: { memberId: node.id, ...v } }),
    onSuccess: (v) => {
      void client.invalidateQueries({ queryKey: ['ops', 'agent-tree'] });
      void client.invalidateQueries({ queryKey: ['ops', 'agents'] });
      onDone(v);
    },
    onError: (err) => setError((err as ApiError).message),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    run.mutate({
      uplineAccount: String(form.get('upline') ?? '').trim(),
      reason: String(form.get('reason') ?? ''),
    });
  };
  return (
    <Modal dialogRef={ref} labelledBy="move-title" onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <h2 id="move-title">{t('agents.moveTitle', { account: node.account })}</h2>
        <p>{t('agents.moveText', { team: node.teamSize })}</p>
        <div className="field">
          <label htmlFor="move-upline">{t('agents.newUpline')}</label>
          <input id="move-upline" name="upline" required maxLength={64} autoComplete="off" autoFocus />
        </div>
        <ReasonField id="move-reason" label={t('agents.reason')} />
        {error && <Notice kind="error">{error}</Notice>}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={run.isPending}>
            {t('common.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
