import type { MemberMessage } from '@banca/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '@/api';
import { FeedbackDialog } from '@/features/feedback';
import { useSiteName } from '@/features/system';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Button, Empty, FullIcon, Modal, Pagination, Skeleton, Tabs, tabPanelProps } from '@/ui';
import { deleteMessages, listKey, messageListQuery, readAllMessages, readMessage } from '../api/messages-api';
import { unreadKey, useUnreadMessages } from '../api/unread';
import { KIND_ICONS, messageTimeFormat, plainText, wordMessage } from './message-words';
import './messages.css';

type Tab = 'all' | 'unread';
type Notice = { tone: 'success' | 'error'; text: string } | null;

const TABS_ID = 'inbox';

/**
 * messageV2: the member's platform messages, newest first, 10 a page. All / Unread tabs; a message
 * opens in place (read on opening); mark all as read; select messages and delete them after a
 * confirmation. The gateway's own kinds (welcome, deposit credited, withdrawal paid, bonus credited)
 * are worded here, in the page's language; operator messages arrive written, their content as
 * sanitised HTML.
 */
export default function MessagesPage() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const client = useQueryClient();
  const brand = useSiteName();
  const [tab, setTab] = useState<Tab>('all');
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [confirming, setConfirming] = useState<number[] | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const query = useQuery(messageListQuery(memberId, language, tab === 'unread', pageNo));
  const unread = useUnreadMessages();
  const data = query.data;
  const list = useMemo(() => data?.list ?? [], [data]);
  const when = messageTimeFormat(language);

  const failure = (error: unknown) =>
    setNotice({ tone: 'error', text: isApiError(error) ? error.message : t('unknown_error') });

  // After deletes (here or elsewhere), a page past the end shows the last page there is.
  const lastPage = Math.max(1, data?.totalPages ?? 1);
  if (data && !query.isPlaceholderData && pageNo > lastPage) setPageNo(lastPage);

  // The list and the header's count (asked every minute and on focus) disagree: the newer answer
  // wins. A newer count (something arrived, or was read elsewhere) asks for the list again; a newer
  // list sets the count. Reads and deletes set both from one answer, so they agree.
  const listUnread = query.isPlaceholderData ? undefined : data?.unread;
  const listAt = query.dataUpdatedAt;
  const fetching = query.isFetching;
  useEffect(() => {
    if (unread === undefined || listUnread === undefined || fetching || unread === listUnread) return;
    const countAt = client.getQueryState(unreadKey(memberId))?.dataUpdatedAt ?? 0;
    if (listAt >= countAt) client.setQueryData(unreadKey(memberId), listUnread);
    else void client.invalidateQueries({ queryKey: listKey(memberId) });
  }, [unread, listUnread, listAt, fetching, client, memberId]);

  const read = useMutation({
    mutationFn: (id: number) => readMessage(client, memberId, id),
    onError: failure,
  });
  const readAll = useMutation({
    mutationFn: () => readAllMessages(client, memberId),
    onSuccess: () => setNotice({ tone: 'success', text: t('inbox.markedAllRead') }),
    onError: failure,
  });
  const remove = useMutation({
    mutationFn: (ids: number[]) => deleteMessages(client, memberId, ids),
    onSuccess: (_, ids) => {
      setConfirming(null);
      setSelected(new Set());
      if (openId !== null && ids.includes(openId)) setOpenId(null);
      setNotice({
        tone: 'success',
        text: ids.length === 1 ? t('inbox.deletedOne') : t('inbox.deleted', { count: ids.length }),
      });
    },
  });

  const showTab = (next: Tab) => {
    setTab(next);
    setPageNo(1);
    setOpenId(null);
    setSelected(new Set());
    setNotice(null);
  };
  const showPage = (next: number) => {
    setPageNo(next);
    setOpenId(null);
    setSelected(new Set());
  };
  const toggleOpen = (m: MemberMessage) => {
    if (openId === m.id) return setOpenId(null);
    setOpenId(m.id);
    setNotice(null);
    if (!m.read && !read.isPending) read.mutate(m.id);
  };
  const toggleSelected = (id: number) =>
    setSelected((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // Selection is of the page on screen: what it no longer lists is no longer selected.
  const chosen = list.filter((m) => selected.has(m.id)).map((m) => m.id);
  const allChosen = list.length > 0 && chosen.length === list.length;
  const selectAll = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = chosen.length > 0 && !allChosen;
  });

  const tabs = [
    { value: 'all' as const, label: t('inbox.all') },
    {
      value: 'unread' as const,
      label: unread ? t('inbox.unreadCount', { count: unread }) : t('inbox.unread'),
    },
  ];

  return (
    <div className="inbox">
      <div className="inbox__bar">
        <Tabs items={tabs} value={tab} onChange={showTab} label={t('inbox.filter')} idBase={TABS_ID} />
        <div className="inbox__actions">
          <Button
            variant="outline"
            size="sm"
            onClick={() => readAll.mutate()}
            busy={readAll.isPending}
            disabled={!unread}
          >
            {t('inbox.markAllRead')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setFeedbackOpen(true)}>
            {t('inbox.sendFeedback')}
          </Button>
        </div>
      </div>
      {feedbackOpen && (
        <Suspense fallback={null}>
          <FeedbackDialog open onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      )}

      {notice && (
        <p className={notice.tone === 'error' ? 'form__alert' : 'form__success'} role="status">
          {notice.text}
        </p>
      )}

      <div {...tabPanelProps(TABS_ID, tab)} className="inbox__panel">
        {query.isPending ? (
          <ul className="inbox__list" aria-busy="true" aria-label={t('inbox.loading')}>
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="inbox__item inbox__item--skeleton">
                <Skeleton width="40px" height="40px" radius="pill" />
                <span className="inbox__skeleton-lines">
                  <Skeleton width="55%" height="14px" />
                  <Skeleton width="85%" height="12px" />
                </span>
              </li>
            ))}
          </ul>
        ) : query.isError ? (
          isApiError(query.error) && query.error.status >= 400 && query.error.status < 500 ? (
            <Empty title={query.error.message} icon="search" />
          ) : (
            <Empty title={t('inbox.failed')} icon="megaphone">
              <Button variant="outline" onClick={() => void query.refetch()}>
                {t('inbox.retry')}
              </Button>
            </Empty>
          )
        ) : list.length === 0 ? (
          tab === 'unread' ? (
            <Empty title={t('inbox.emptyUnread')} hint={t('inbox.emptyUnreadHint')} icon="star" />
          ) : (
            <Empty title={t('inbox.empty')} hint={t('inbox.emptyHint')} icon="megaphone" />
          )
        ) : (
          <>
            <div className="inbox__select">
              <label className="checkbox">
                <input
                  ref={selectAll}
                  type="checkbox"
                  checked={allChosen}
                  onChange={() => setSelected(allChosen ? new Set() : new Set(list.map((m) => m.id)))}
                />
                <span>{t('inbox.selectPage')}</span>
              </label>
              {chosen.length > 0 && (
                <span className="inbox__chosen">
                  <span role="status">
                    {chosen.length === 1
                      ? t('inbox.selectedOne')
                      : t('inbox.selected', { count: chosen.length })}
                  </span>
                  <Button
                    variant="danger"
                    size="sm"
                    onClick={() => {
                      remove.reset();
                      setConfirming(chosen);
                    }}
                  >
                    {t('inbox.deleteSelected')}
                  </Button>
                </span>
              )}
            </div>
            <ul
              className="inbox__list"
              aria-label={t('inbox.list')}
              aria-busy={query.isFetching || undefined}
            >
              {list.map((m) => (
                <MessageItem
                  key={m.id}
                  message={m}
                  open={openId === m.id}
                  selected={selected.has(m.id)}
                  brand={brand}
                  when={when}
                  onOpen={() => toggleOpen(m)}
                  onSelect={() => toggleSelected(m.id)}
                  onDelete={() => {
                    remove.reset();
                    setConfirming([m.id]);
                  }}
                />
              ))}
            </ul>
            <Pagination page={pageNo} total={data?.totalPages ?? 1} onChange={showPage} />
          </>
        )}
      </div>

      {confirming && (
        <Modal
          title={t('inbox.deleteTitle')}
          onClose={() => setConfirming(null)}
          size="sm"
          role="alertdialog"
          describedBy="inbox-delete-text"
        >
          <p id="inbox-delete-text" className="dialog-text">
            {confirming.length === 1
              ? t('inbox.deleteTextOne')
              : t('inbox.deleteText', { count: confirming.length })}
          </p>
          {remove.error && (
            <p className="form__alert" role="alert">
              {isApiError(remove.error) ? remove.error.message : t('unknown_error')}
            </p>
          )}
          <div className="dialog-actions">
            <Button variant="secondary" onClick={() => setConfirming(null)} data-autofocus>
              {t('common.cancel')}
            </Button>
            <Button variant="danger" busy={remove.isPending} onClick={() => remove.mutate(confirming)}>
              {t('inbox.deleteSelected')}
            </Button>
          </div>
        </Modal>
      )}
    </div>
  );
}

interface ItemProps {
  message: MemberMessage;
  open: boolean;
  selected: boolean;
  brand: string;
  when: Intl.DateTimeFormat;
  onOpen: () => void;
  onSelect: () => void;
  onDelete: () => void;
}

/** One message: a select box, then its row (icon, title, preview, time), which opens it in place. */
function MessageItem({ message: m, open, selected, brand, when, onOpen, onSelect, onDelete }: ItemProps) {
  const { t, language } = useT();
  const words = wordMessage(m, language, brand);
  const preview = useMemo(
    () => words.text ?? (words.html ? plainText(words.html) : ''),
    [words.text, words.html],
  );
  const id = useId();
  const at = new Date(m.createdAt);
  return (
    <li
      className={`inbox__item${m.read ? '' : ' is-unread'}${open ? ' is-open' : ''}${selected ? ' is-selected' : ''}`}
      data-testid="message-item"
    >
      <div className="inbox__row">
        <input
          type="checkbox"
          className="inbox__check"
          checked={selected}
          onChange={onSelect}
          aria-label={t('inbox.select', { title: words.title })}
        />
        <button
          type="button"
          id={`${id}-head`}
          className="inbox__open"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={onOpen}
        >
          <span className={`inbox__icon inbox__icon--${m.kind}`} aria-hidden="true">
            <FullIcon name={KIND_ICONS[m.kind]} size={20} />
          </span>
          <span className="inbox__title">
            {!m.read && (
              <>
                <span className="inbox__dot" aria-hidden="true" />
                <span className="visually-hidden">{t('inbox.unreadMark')}: </span>
              </>
            )}
            {words.title}
          </span>
          {!open && <span className="inbox__preview">{preview}</span>}
          <time className="inbox__time" dateTime={m.createdAt}>
            {when.format(at)}
          </time>
          <FullIcon name="chevronDown" size={18} className="inbox__chevron" />
        </button>
      </div>
      {open && (
        <div id={`${id}-body`} className="inbox__body" role="region" aria-labelledby={`${id}-head`}>
          {words.html !== null ? (
            // Operator-written HTML, sanitised by the gateway (contract: memberMessageSchema).
            <div className="inbox__content" dangerouslySetInnerHTML={{ __html: words.html }} />
          ) : (
            <p className="inbox__content">{words.text}</p>
          )}
          <div className="inbox__actions">
            {words.links.map((link, i) => (
              <Link
                key={link.to}
                to={link.to}
                className={`btn ${i === 0 ? 'btn--primary' : 'btn--outline'} btn--sm`}
              >
                {t(link.label)}
              </Link>
            ))}
            <Button variant="ghost" size="sm" className="inbox__delete" onClick={onDelete}>
              {t('inbox.delete')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
