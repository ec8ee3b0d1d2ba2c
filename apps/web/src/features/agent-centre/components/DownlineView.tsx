import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { isApiError } from '@/api';
import type { DownlineRow } from '@banca/contract';
import { TransferUplinePage } from '@/features/wallet';
import { Button, Modal, Spinner } from '@/ui';
import { useT } from '@/i18n';
import { dateTimeFormat } from '@/lib/clock';
import { useUi } from '@/state';
import { Money, RecordPage, useUrlFilters, type RecordColumn } from '@/ui/records';
import { downlinePageQuery, promoteDownline, type DownlineFilters } from '../api/agent-api';

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
  const [promote, setPromote] = useState<DownlineRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const client = useQueryClient();
  const promotion = useMutation({
    mutationFn: (row: DownlineRow) => promoteDownline(row.memberId),
    onSuccess: (v) => {
      setPromote(null);
      setNotice(t('agent.downline.promoted', { account: v.account }));
      void client.invalidateQueries({ queryKey: ['agent'] });
    },
  });
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
          <span className="downline__actions">
            <Button size="sm" variant="secondary" onClick={() => setTransferTo(r)}>
              {t('agent.downline.transfer')}
            </Button>
            {!r.isAgent && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => {
                  promotion.reset();
                  setPromote(r);
                }}
              >
                {t('agent.downline.promote')}
              </Button>
            )}
          </span>
        ) : null,
    },
  ];
  return (
    <>
      {notice && (
        <p className="form__success downline__notice" role="status">
          {notice}
        </p>
      )}
      {promote && (
        <Modal
          title={t('agent.downline.promoteTitle', { account: promote.account })}
          onClose={() => setPromote(null)}
          size="sm"
          footer={
            <>
              <Button variant="outline" onClick={() => setPromote(null)}>
                {t('common.cancel')}
              </Button>
              <Button variant="primary" busy={promotion.isPending} onClick={() => promotion.mutate(promote)}>
                {t('agent.downline.promote')}
              </Button>
            </>
          }
        >
          <p>{t('agent.downline.promoteText', { account: promote.account })}</p>
          {promotion.error && (
            <p className="records__error" role="alert">
              {isApiError(promotion.error) ? promotion.error.message : t('unknown_error')}
            </p>
          )}
        </Modal>
      )}
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
