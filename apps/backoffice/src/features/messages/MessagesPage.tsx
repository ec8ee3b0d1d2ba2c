import { useRef, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesCalls } from '@banca/contract/routes';
import type { OpsMessage, OpsMessageList } from '@banca/contract';
import { errorText, opsCall } from '@/api/client.ts';
import { useI18n, type Lang } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { ReasonField } from '@/ui/ReasonField.tsx';
import { formatTime } from '@/ui/format.ts';
import { useUrlFilters } from '@/ui/url-state.ts';
import { MESSAGE_TAGS, sanitizePreview } from '@/features/help/rich-text.ts';
import { PagePager } from '@/ui/PagePager.tsx';
import { MESSAGES_KEY, PAGE_SIZE } from './messages-form.ts';
import { SendMessageDialog } from './SendMessageDialog.tsx';

const titleOf = (m: OpsMessage, lang: Lang) => (lang === 'en' ? m.titleEN : m.titlePT);

/**
 * Platform messages: what operators sent (newest first, with how many members read each), a new
 * message to one member or to every member, and a withdrawal with its reason. Send and withdraw are
 * audited by the gateway (members.messages).
 */
export function MessagesPage() {
  const { t, lang } = useI18n();
  const client = useQueryClient();
  const { values, setFilters } = useUrlFilters(['page'] as const);
  const pageNo = Math.max(1, Math.trunc(Number(values.page)) || 1);
  const [composing, setComposing] = useState(false);
  const [withdrawing, setWithdrawing] = useState<OpsMessage | null>(null);
  const [viewing, setViewing] = useState<OpsMessage | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const query = useQuery({
    queryKey: [...MESSAGES_KEY, pageNo],
    queryFn: () => opsCall<OpsMessageList>(messagesCalls.opsList, { query: { pageNo, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.list ?? [];
  const total = query.data?.total ?? 0;
  const totalPages = query.data?.totalPages ?? 0;

  const sent = (message: OpsMessage) => {
    setNotice(
      message.audience === 'all'
        ? t('messages.sentAll')
        : t('messages.sentOne', { username: message.username ?? '' }),
    );
    // The new row on top of the first page at once; the read that follows confirms it.
    client.setQueryData<OpsMessageList>([...MESSAGES_KEY, 1], (old) =>
      old && !old.list.some((m) => m.id === message.id)
        ? {
            list: [message, ...old.list].slice(0, PAGE_SIZE),
            total: old.total + 1,
            totalPages: Math.max(1, Math.ceil((old.total + 1) / PAGE_SIZE)),
          }
        : old,
    );
    setFilters({ page: '' });
    void client.invalidateQueries({ queryKey: MESSAGES_KEY });
  };
  const withdrawn = (message: OpsMessage) => {
    setNotice(t('messages.withdrawnNotice', { title: titleOf(message, lang) }));
    client.setQueriesData<OpsMessageList>({ queryKey: MESSAGES_KEY }, (old) =>
      old ? { ...old, list: old.list.map((m) => (m.id === message.id ? message : m)) } : old,
    );
    void client.invalidateQueries({ queryKey: MESSAGES_KEY });
  };

  const columns: DataColumn<OpsMessage>[] = [
    {
      id: 'title',
      header: t('messages.colTitle'),
      value: (m) => titleOf(m, lang),
      cell: (m) => (
        <button
          type="button"
          className="btn btn--link message-title"
          aria-label={t('messages.open', { title: titleOf(m, lang) })}
          onClick={() => setViewing(m)}
        >
          {titleOf(m, lang)}
        </button>
      ),
    },
    {
      id: 'audience',
      header: t('messages.audience'),
      value: (m) => (m.audience === 'all' ? t('messages.allMembers') : audienceName(m, t)),
      cell: (m) =>
        m.audience === 'all' ? (
          <span className="badge badge--warn">{t('messages.allMembers')}</span>
        ) : (
          <span className="break-word">{audienceName(m, t)}</span>
        ),
    },
    {
      id: 'status',
      header: t('messages.status'),
      value: (m) => (m.withdrawnAt ? 'withdrawn' : 'active'),
      cell: (m) =>
        m.withdrawnAt ? (
          <span className="stack-tight">
            <span className="badge">{t('messages.withdrawn')}</span>
            <small className="muted nowrap">
              {t('messages.withdrawnAt', { at: formatTime(m.withdrawnAt) })}
            </small>
          </span>
        ) : (
          <span className="badge badge--ok">{t('messages.active')}</span>
        ),
    },
    { id: 'sentBy', header: t('messages.sentBy'), value: (m) => m.sentBy, cell: (m) => m.sentBy },
    {
      id: 'sentAt',
      header: t('messages.sentAt'),
      value: (m) => m.sentAt,
      cell: (m) => <span className="nowrap">{formatTime(m.sentAt)}</span>,
    },
    {
      id: 'readCount',
      header: t('messages.readCount'),
      value: (m) => m.readCount,
      numeric: true,
      cell: (m) => m.readCount,
    },
    {
      id: 'actions',
      header: t('messages.actions'),
      value: () => null,
      cell: (m) =>
        m.withdrawnAt ? null : (
          <button type="button" className="btn btn--sm btn--danger" onClick={() => setWithdrawing(m)}>
            {t('messages.withdraw')}
          </button>
        ),
    },
  ];

  return (
    <section className="page">
      <PageHeader
        title={t('messages.title')}
        subtitle={t('messages.subtitle')}
        action={
          <button
            type="button"
            className="btn btn--primary"
            onClick={() => {
              setNotice(null);
              setComposing(true);
            }}
          >
            {t('messages.new')}
          </button>
        }
      />
      {notice && <Notice kind="ok">{notice}</Notice>}
      {query.isError && <Notice kind="error">{errorText(query.error)}</Notice>}
      <DataTable
        caption={t('messages.title')}
        columns={columns}
        rows={rows}
        rowKey={(m) => String(m.id)}
        loading={query.isPending}
        exportName="messages.csv"
        exportRows={allMessages}
      />
      <PagePager
        pageNo={pageNo}
        totalPages={totalPages}
        onPage={(n) => setFilters({ page: n > 1 ? String(n) : '' })}
        label={t('messages.paging')}
      />
      {query.data && (
        <p className="muted small">
          {total === 1 ? t('messages.totalOne') : t('messages.total', { n: total })}
        </p>
      )}
      {composing && <SendMessageDialog onSent={sent} onClose={() => setComposing(false)} />}
      {withdrawing && (
        <WithdrawDialog message={withdrawing} onDone={withdrawn} onClose={() => setWithdrawing(null)} />
      )}
      {viewing && (
        <MessageDialog
          message={viewing}
          onWithdraw={() => {
            const m = viewing;
            setViewing(null);
            setWithdrawing(m);
          }}
          onClose={() => setViewing(null)}
        />
      )}
    </section>
  );
}

const audienceName = (m: OpsMessage, t: ReturnType<typeof useI18n>['t']) =>
  m.username ?? (m.memberId !== null ? t('messages.memberNo', { id: m.memberId }) : '');

/** Every sent message (pages of 100, capped), for the CSV export. */
async function allMessages(): Promise<OpsMessage[]> {
  const rows: OpsMessage[] = [];
  for (let pageNo = 1; pageNo <= 100; pageNo++) {
    const page = await opsCall<OpsMessageList>(messagesCalls.opsList, { query: { pageNo, pageSize: 100 } });
    rows.push(...page.list);
    if (pageNo >= page.totalPages) break;
  }
  return rows;
}

/** Asks why (kept in the audit), then takes the message out of every inbox it reached. */
function WithdrawDialog({
  message,
  onDone,
  onClose,
}: {
  message: OpsMessage;
  onDone: (message: OpsMessage) => void;
  onClose: () => void;
}) {
  const { t, lang } = useI18n();
  const ref = useRef<HTMLDialogElement | null>(null);
  const withdraw = useMutation({
    mutationFn: (reason: string) =>
      opsCall<OpsMessage>(messagesCalls.opsWithdraw, { params: { id: message.id }, body: { reason } }),
    onSuccess: (value) => {
      onDone(value);
      ref.current?.close(); // onClose unmounts the dialog
    },
  });
  const title = titleOf(message, lang);
  return (
    <Modal dialogRef={ref} labelledBy="withdraw-title" onClose={onClose}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          withdraw.mutate(String(new FormData(e.currentTarget).get('reason') ?? '').trim());
        }}
      >
        <h2 id="withdraw-title">{t('messages.withdrawTitle')}</h2>
        <p className="break-word">
          {message.audience === 'all'
            ? t('messages.withdrawAll', { title })
            : t('messages.withdrawOne', { title, username: message.username ?? '' })}
        </p>
        <ReasonField id="withdraw-reason" label={t('messages.reason')} autoFocus />
        {withdraw.isError && <Notice kind="error">{errorText(withdraw.error)}</Notice>}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--danger" disabled={withdraw.isPending}>
            {t('messages.withdraw')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** One message as sent: who it went to, who sent it, how many read it, and both languages' text. */
function MessageDialog({
  message: m,
  onWithdraw,
  onClose,
}: {
  message: OpsMessage;
  onWithdraw: () => void;
  onClose: () => void;
}) {
  const { t, lang } = useI18n();
  const ref = useRef<HTMLDialogElement | null>(null);
  const reads =
    m.readCount === 0
      ? t('messages.readsNone')
      : m.readCount === 1
        ? t('messages.readsOne')
        : t('messages.reads', { n: m.readCount });
  return (
    <Modal dialogRef={ref} labelledBy="message-detail-title" onClose={onClose} wide>
      <div className="stack">
        <h2 id="message-detail-title" className="break-word">
          {titleOf(m, lang)}
        </h2>
        <dl className="facts">
          <div>
            <dt>{t('messages.audience')}</dt>
            <dd>{m.audience === 'all' ? t('messages.allMembers') : audienceName(m, t)}</dd>
          </div>
          <div>
            <dt>{t('messages.sentBy')}</dt>
            <dd>{m.sentBy}</dd>
          </div>
          <div>
            <dt>{t('messages.sentAt')}</dt>
            <dd>{formatTime(m.sentAt)}</dd>
          </div>
          <div>
            <dt>{t('messages.readCount')}</dt>
            <dd>{reads}</dd>
          </div>
          <div>
            <dt>{t('messages.status')}</dt>
            <dd>
              {m.withdrawnAt
                ? `${t('messages.withdrawn')} (${t('messages.withdrawnAt', { at: formatTime(m.withdrawnAt) })})`
                : t('messages.active')}
            </dd>
          </div>
        </dl>
        {(['PT', 'EN'] as const).map((l) => (
          <section key={l} className="group" aria-labelledby={`message-detail-${l}`}>
            <h3 id={`message-detail-${l}`} className="label">
              {t(`messages.langs.${l}`)}
            </h3>
            <div className="preview preview--message" lang={l === 'PT' ? 'pt-BR' : 'en'}>
              <p>
                <strong>{l === 'PT' ? m.titlePT : m.titleEN}</strong>
              </p>
              <div
                className="rich-text"
                dangerouslySetInnerHTML={{
                  __html: sanitizePreview(l === 'PT' ? m.contentPT : m.contentEN, MESSAGE_TAGS),
                }}
              />
            </div>
          </section>
        ))}
        <div className="row row--end">
          {!m.withdrawnAt && (
            <button type="button" className="btn btn--danger" onClick={onWithdraw}>
              {t('messages.withdraw')}
            </button>
          )}
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('messages.close')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
