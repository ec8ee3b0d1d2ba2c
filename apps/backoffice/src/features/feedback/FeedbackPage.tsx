import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messagesCalls } from '@banca/contract/routes';
import { FEEDBACK_REPLY_MAX, type OpsFeedback, type OpsFeedbackList } from '@banca/contract';
import { useSession } from '@/app/session.tsx';
import { ApiError, errorText, opsCall } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { FilterBar } from '@/ui/FilterBar.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { formatTime } from '@/ui/format.ts';
import { useUrlFilters } from '@/ui/url-state.ts';
import { PagePager } from '@/ui/PagePager.tsx';
import { FEEDBACK_KEY, feedbackListKey, fetchFeedback, type FeedbackFilter } from './feedback-query.ts';
import './feedback.css';

const FILTERS = ['status', 'page'] as const;

/**
 * Members' feedback (members.messages): what they wrote from the site's Messages page, open first,
 * and an answer to each, which the gateway delivers to the member's inbox as a platform message
 * (once; audited as members.feedback.reply).
 */
export function FeedbackPage() {
  const { t } = useI18n();
  const client = useQueryClient();
  const { values, setFilters } = useUrlFilters(FILTERS);
  const status: FeedbackFilter =
    values.status === 'open' || values.status === 'answered' ? values.status : '';
  const pageNo = Math.max(1, Number.parseInt(values.page, 10) || 1);
  const key = feedbackListKey(status, pageNo);
  const query = useQuery({ queryKey: key, queryFn: () => fetchFeedback(status, pageNo) });
  const [answering, setAnswering] = useState<OpsFeedback | null>(null);
  const [answered, setAnswered] = useState<OpsFeedback | null>(null);
  const totalPages = query.data?.totalPages ?? 0;

  /** The answer in the row at once (it stays on this page until the next read, even under "Open"). */
  const onAnswered = (row: OpsFeedback) => {
    setAnswered(row);
    client.setQueryData<OpsFeedbackList>(key, (list) =>
      list
        ? {
            ...list,
            list: list.list.map((f) => (f.id === row.id ? row : f)),
            open: Math.max(0, list.open - 1),
          }
        : list,
    );
    void client.invalidateQueries({ queryKey: [...FEEDBACK_KEY, 'count'] });
  };

  return (
    <section className="page">
      <PageHeader
        title={t('feedback.title')}
        subtitle={t('feedback.subtitle')}
        action={
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void client.invalidateQueries({ queryKey: FEEDBACK_KEY })}
            disabled={query.isFetching}
          >
            {t('feedback.refresh')}
          </button>
        }
      />
      <FilterBar
        filters={[
          {
            name: 'status',
            label: t('feedback.status'),
            type: 'select',
            options: [
              { value: '', label: t('feedback.all') },
              { value: 'open', label: t('feedback.statuses.open') },
              { value: 'answered', label: t('feedback.statuses.answered') },
            ],
          },
        ]}
        values={{ status }}
        onApply={(next) => {
          setAnswered(null);
          setFilters({ status: next.status, page: '' });
        }}
      />
      {query.data && (
        <p className="muted" data-testid="feedback-open-count">
          {query.data.open === 1 ? t('feedback.openOne') : t('feedback.openN', { n: query.data.open })}
        </p>
      )}
      {query.isError && <Notice kind="error">{errorText(query.error)}</Notice>}
      {answered && (
        <Notice kind="ok">
          {t('feedback.sent', { member: answered.username ?? `#${answered.memberId}` })}
        </Notice>
      )}
      <FeedbackTable
        rows={query.data?.list ?? []}
        loading={query.isPending}
        onAnswer={(row) => {
          setAnswered(null);
          setAnswering(row);
        }}
      />
      <PagePager
        pageNo={pageNo}
        totalPages={totalPages}
        onPage={(n) => setFilters({ page: n > 1 ? String(n) : '' })}
        label={t('feedback.paging')}
      />
      {answering && (
        <AnswerDialog
          feedback={answering}
          onAnswered={onAnswered}
          onStale={() => void client.invalidateQueries({ queryKey: FEEDBACK_KEY })}
          onClose={() => setAnswering(null)}
        />
      )}
    </section>
  );
}

function FeedbackTable({
  rows,
  loading,
  onAnswer,
}: {
  rows: OpsFeedback[];
  loading: boolean;
  onAnswer: (row: OpsFeedback) => void;
}) {
  const { t } = useI18n();
  const { can } = useSession();
  const columns: DataColumn<OpsFeedback>[] = [
    {
      id: 'createdAt',
      header: t('feedback.receivedAt'),
      value: (f) => f.createdAt,
      cell: (f) => <span className="nowrap">{formatTime(f.createdAt)}</span>,
    },
    {
      id: 'member',
      header: t('feedback.member'),
      value: (f) => `${f.username ?? ''} #${f.memberId}`,
      cell: (f) => (
        <span className="stack-tight">
          <strong>{f.username ?? t('common.none')}</strong>
          <small className="muted">
            {can('members.read') ? (
              <Link to={`/members/${f.memberId}`}>{t('feedback.memberId', { id: f.memberId })}</Link>
            ) : (
              t('feedback.memberId', { id: f.memberId })
            )}
          </small>
        </span>
      ),
    },
    {
      id: 'type',
      header: t('feedback.type'),
      value: (f) => t(`feedback.types.${f.questionType}`),
      cell: (f) => <span className="nowrap">{t(`feedback.types.${f.questionType}`)}</span>,
    },
    {
      id: 'content',
      header: t('feedback.content'),
      value: (f) => f.content,
      cell: (f) => <p className="feedback-text">{f.content}</p>,
    },
    {
      id: 'status',
      header: t('feedback.status'),
      value: (f) => f.status,
      cell: (f) => (
        <span className={`badge ${f.status === 'open' ? 'badge--pending' : 'badge--ok'}`}>
          {t(`feedback.statuses.${f.status}`)}
        </span>
      ),
    },
    {
      id: 'answer',
      header: t('feedback.answer'),
      value: (f) => f.reply,
      cell: (f) =>
        f.status === 'answered' ? (
          <span className="stack-tight">
            {f.reply && <p className="feedback-text feedback-reply">{f.reply}</p>}
            <small className="muted">
              {t('feedback.answeredByAt', {
                by: f.answeredBy ?? t('common.none'),
                at: f.answeredAt ? formatTime(f.answeredAt) : t('common.none'),
              })}
            </small>
          </span>
        ) : (
          // Named with the member (several rows): the visible word first (WCAG label in name).
          <button
            type="button"
            className="btn btn--sm btn--primary nowrap"
            aria-label={t('feedback.answerMember', { member: f.username ?? `#${f.memberId}` })}
            onClick={() => onAnswer(f)}
          >
            {t('feedback.answerAction')}
          </button>
        ),
    },
  ];
  return (
    <DataTable
      caption={t('feedback.title')}
      columns={columns}
      rows={rows}
      rowKey={(f) => String(f.id)}
      loading={loading}
      exportName="feedback.csv"
      exportRows={async () => rows}
    />
  );
}

/** The member's text, then the answer (plain text, up to 2000 characters) for their inbox. */
function AnswerDialog({
  feedback,
  onAnswered,
  onStale,
  onClose,
}: {
  feedback: OpsFeedback;
  onAnswered: (row: OpsFeedback) => void;
  onStale: () => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement | null>(null);
  const id = useId();
  const [reply, setReply] = useState('');
  const [touched, setTouched] = useState(false);
  const member = feedback.username ?? `#${feedback.memberId}`;
  const empty = reply.trim().length === 0;
  const send = useMutation({
    mutationFn: (text: string) =>
      opsCall<OpsFeedback>(messagesCalls.opsFeedbackReply, {
        params: { id: feedback.id },
        body: { reply: text },
      }),
    onSuccess: (row) => {
      onAnswered(row);
      ref.current?.close(); // onClose unmounts the dialog
    },
    onError: (error) => {
      // Answered elsewhere or gone: the list is out of date.
      if (error instanceof ApiError && (error.status === 404 || error.status === 409)) onStale();
    },
  });
  const error = touched && empty ? t('feedback.replyRequired') : null;
  return (
    <Modal dialogRef={ref} labelledBy={`${id}-title`} onClose={onClose} wide>
      <form
        className="stack feedback-answer"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (empty) return;
          send.mutate(reply.trim());
        }}
      >
        <h2 id={`${id}-title`}>{t('feedback.dialogTitle', { member })}</h2>
        <figure className="feedback-quote">
          <figcaption className="muted small">
            {t(`feedback.types.${feedback.questionType}`)} · {formatTime(feedback.createdAt)}
          </figcaption>
          <blockquote className="feedback-text">{feedback.content}</blockquote>
        </figure>
        <div className="field">
          <label htmlFor={`${id}-reply`}>{t('feedback.replyLabel')}</label>
          <textarea
            id={`${id}-reply`}
            name="reply"
            rows={6}
            maxLength={FEEDBACK_REPLY_MAX}
            value={reply}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-help ${id}-count${error ? ` ${id}-error` : ''}`}
            onChange={(e) => setReply(e.target.value)}
          />
          <div className="row row--between feedback-help">
            <p id={`${id}-help`} className="field__help">
              {t('feedback.replyHelp', { member })}
            </p>
            <p id={`${id}-count`} className="field__help nowrap">
              {t('feedback.counter', { n: reply.length, max: FEEDBACK_REPLY_MAX })}
            </p>
          </div>
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        {send.isError && <Notice kind="error">{errorText(send.error)}</Notice>}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={send.isPending}>
            {t('feedback.send')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
