import { Suspense, useState } from 'react';
import type { DownlineRow } from '@banca/contract';
import { TransferUplinePage } from '@/features/wallet';
import { Button, Modal, Spinner } from '@/ui';
import { useT } from '@/i18n';
import { dateTimeFormat } from '@/lib/clock';
import { useUi } from '@/state';
import { Money, RecordPage, useUrlFilters, type RecordColumn } from '@/ui/records';
import { downlinePageQuery, type DownlineFilters } from '../api/agent-api';

/**
 * downlineManagmentView: the direct downline or the whole team, newest first, with balance, last
 * login and the upline path, on the shared record page (filters in the URL, keyset pages).
 */
export default function DownlineView() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const filters = useUrlFilters<DownlineFilters>({ scope: '', kind: '' });
  const when = dateTimeFormat(language);
  const [transferTo, setTransferTo] = useState<DownlineRow | null>(null);
  const columns: RecordColumn<DownlineRow>[] = [
    {
      id: 'account',
      header: t('agent.downline.account'),
      card: 'title',
      render: (r) => (
        <span data-testid="downline-account">
          {r.account}
          {r.nickname ? <span className="downline__nick"> · {r.nickname}</span> : null}
        </span>
      ),
    },
    {
      id: 'kind',
      header: t('agent.downline.kind'),
      render: (r) => (
        <span className={`downline__badge${r.isAgent ? ' is-agent' : ''}`}>
          {t(r.isAgent ? 'agent.register.kinds.agent' : 'agent.register.kinds.member')}
        </span>
      ),
    },
    {
      id: 'balance',
      header: t('agent.downline.balance'),
      numeric: true,
      card: 'aside',
      render: (r) => <Money minor={r.balance} currency={r.currency} />,
    },
    {
      id: 'lastLogin',
      header: t('agent.downline.lastLogin'),
      render: (r) => (r.lastLoginAt ? when.format(new Date(r.lastLoginAt)) : t('agent.downline.never')),
    },
    {
      id: 'created',
      header: t('agent.downline.created'),
      render: (r) => when.format(new Date(r.createdAt)),
    },
    {
      id: 'path',
      header: t('agent.downline.path'),
      card: 'wide',
      className: 'downline__path',
      render: (r) => r.uplinePath.join(' › '),
    },
    {
      id: 'actions',
      header: t('agent.downline.actions'),
      card: 'wide',
      render: (r) =>
        // Money moves only to a direct downline (the wallet's tree-transfer rule).
        r.depth === 1 && r.status === 'ACTIVE' ? (
          <Button size="sm" variant="secondary" onClick={() => setTransferTo(r)}>
            {t('agent.downline.transfer')}
          </Button>
        ) : null,
    },
  ];
  return (
    <>
      {transferTo && (
        <Modal
          title={t('agent.downline.transferTo', { account: transferTo.account })}
          onClose={() => setTransferTo(null)}
          size="md"
        >
          <Suspense fallback={<Spinner />}>
            <TransferUplinePage target={transferTo.account} />
          </Suspense>
        </Modal>
      )}
      <RecordPage
        title={t('agent.pages.downlineManagmentView')}
        filters={filters}
        filterBar={{
          label: t('agent.downline.filters'),
          selects: [
            {
              name: 'scope',
              label: t('agent.downline.scope'),
              all: t('agent.downline.scopes.direct'),
              options: [{ value: 'team', label: t('agent.downline.scopes.team') }],
            },
            {
              name: 'kind',
              label: t('agent.downline.kind'),
              all: t('agent.downline.allKinds'),
              options: [
                { value: 'member', label: t('agent.register.kinds.member') },
                { value: 'agent', label: t('agent.register.kinds.agent') },
              ],
            },
          ],
        }}
        pageQuery={(cursor) => downlinePageQuery(memberId, filters.applied, cursor)}
        columns={columns}
        rowKey={(r) => String(r.memberId)}
        rowTestId="downline-row"
        caption={t('agent.pages.downlineManagmentView')}
        icon="user"
        texts={{ empty: t('agent.downline.empty'), emptyHint: t('agent.downline.emptyHint') }}
      />
    </>
  );
}
