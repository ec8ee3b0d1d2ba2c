import { useRef, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { operatorCalls } from '@banca/contract/routes';
import type { DeadLetter, EventConsumerState, RedriveEventsValue } from '@banca/contract';
import { errorText, opsCall } from '@/api/client.ts';
import { useI18n, type MessageKey } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { formatTime } from '@/ui/format.ts';
import { ReasonField } from '@/ui/ReasonField.tsx';
import { BEHIND_WARN_SECONDS, EVENTS_KEY, useEventConsumers } from './events-query.ts';

/** Consumers the page names in words; another shows its code only. */
const KNOWN: Record<string, MessageKey> = {
  'wallet.live-balance': 'events.consumers.liveBalance',
  'reports.rollups': 'events.consumers.rollups',
  'games.winner-board': 'events.consumers.winnerBoard',
  'agent-contracts.rounds': 'events.consumers.contractRounds',
  'messages.inbox': 'events.consumers.inbox',
};

/** What a re-drive is about to ask for: a consumer's dead letters, all of them or one. */
type RedriveTarget = { consumer: string; eventIds?: number[]; count: number };

/**
 * The event dispatcher as an operator sees it: how far behind each consumer runs, what it is
 * retrying, the events it gave up on (dead letters) and a re-drive of them, audited. What the
 * dead-letter and lag alerts point to (docs/operator-guide.md).
 */
export function EventsPage() {
  const { t } = useI18n();
  const query = useEventConsumers({ refetchMs: 10_000 });
  // `loading` is the first read only: the reads every 10 s keep the rows (no "Loading…" flicker).
  const [target, setTarget] = useState<RedriveTarget | null>(null);
  const [done, setDone] = useState<RedriveEventsValue | null>(null);
  const name = useConsumerName();
  return (
    <section className="page">
      <PageHeader
        title={t('events.title')}
        subtitle={t('events.subtitle')}
        action={
          <button
            type="button"
            className="btn btn--ghost"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            {t('events.refresh')}
          </button>
        }
      />
      {query.isError && <Notice kind="error">{errorText(query.error)}</Notice>}
      {done && (
        <Notice kind="ok">
          {done.requested === 1
            ? t('events.redrivenOne', { consumer: name(done.consumer) })
            : t('events.redriven', { n: done.requested, consumer: name(done.consumer) })}
        </Notice>
      )}
      <ConsumersCard
        consumers={query.data?.consumers ?? []}
        loading={query.isPending}
        onRedrive={(c) => setTarget({ consumer: c.consumer, count: c.deadLetters })}
      />
      <DeadLettersCard
        letters={query.data?.deadLetters ?? []}
        loading={query.isPending}
        onRedrive={(d) => setTarget({ consumer: d.consumer, eventIds: [d.eventId], count: 1 })}
      />
      {target && <RedriveDialog target={target} onDone={setDone} onClose={() => setTarget(null)} />}
    </section>
  );
}

function useConsumerName() {
  const { t } = useI18n();
  return (consumer: string) => {
    const key = KNOWN[consumer];
    return key ? t(key) : consumer;
  };
}

/** Seconds as the page says them: "42 s", "3 min", "2 h 5 min". */
function useDuration() {
  const { t } = useI18n();
  return (seconds: number) => {
    const s = Math.round(seconds);
    if (s < 60) return t('events.seconds', { n: s });
    const minutes = Math.floor(s / 60);
    if (minutes < 60) return t('events.minutes', { n: minutes });
    return t('events.hours', { h: Math.floor(minutes / 60), m: minutes % 60 });
  };
}

function ConsumersCard({
  consumers,
  loading,
  onRedrive,
}: {
  consumers: EventConsumerState[];
  loading: boolean;
  onRedrive: (c: EventConsumerState) => void;
}) {
  const { t } = useI18n();
  const name = useConsumerName();
  const duration = useDuration();
  const columns: DataColumn<EventConsumerState>[] = [
    {
      id: 'consumer',
      header: t('events.consumer'),
      value: (c) => c.consumer,
      cell: (c) => (
        <span className="stack-tight">
          <strong>{name(c.consumer)}</strong>
          <small className="muted">
            <code>{c.consumer}</code>
          </small>
        </span>
      ),
    },
    {
      id: 'behind',
      header: t('events.behind'),
      value: (c) => c.lagSeconds,
      numeric: true,
      cell: (c) =>
        c.lagSeconds < 1 ? (
          <span className="badge badge--ok">{t('events.upToDate')}</span>
        ) : (
          <span className={`badge ${c.lagSeconds > BEHIND_WARN_SECONDS ? 'badge--warn' : 'badge--pending'}`}>
            {duration(c.lagSeconds)}
          </span>
        ),
    },
    {
      id: 'retrying',
      header: t('events.retrying'),
      value: (c) => c.retrying.length,
      cell: (c) =>
        c.retrying.length === 0 ? (
          <span className="muted">{t('common.none')}</span>
        ) : (
          <ul className="stack-tight plain-list">
            {c.retrying.map((r) => (
              <li key={r.partition}>
                <span className="badge badge--warn">
                  {t('events.attempt', { n: r.attempts, partition: r.partition })}
                </span>{' '}
                <small className="muted">{t('events.nextTry', { at: formatTime(r.nextAttemptAt) })}</small>
                {r.lastError && (
                  <small className="error-line" title={r.lastError}>
                    {r.lastError}
                  </small>
                )}
              </li>
            ))}
          </ul>
        ),
    },
    {
      id: 'dead',
      header: t('events.deadLetters'),
      value: (c) => c.deadLetters,
      numeric: true,
      cell: (c) => (
        <span className="stack-tight">
          <span className={`badge ${c.deadLetters > 0 ? 'badge--failed' : 'badge--ok'}`}>
            {c.deadLetters}
          </span>
          {c.redriving > 0 && <small className="muted">{t('events.redrivingN', { n: c.redriving })}</small>}
        </span>
      ),
    },
    {
      id: 'action',
      header: t('events.action'),
      value: () => null,
      cell: (c) =>
        c.deadLetters > 0 ? (
          <button type="button" className="btn btn--sm btn--primary nowrap" onClick={() => onRedrive(c)}>
            {t('events.redriveAll', { n: c.deadLetters })}
          </button>
        ) : null,
    },
  ];
  return (
    <div className="card stack">
      <h2>{t('events.consumersTitle')}</h2>
      <DataTable
        caption={t('events.consumersTitle')}
        columns={columns}
        rows={consumers}
        rowKey={(c) => c.consumer}
        loading={loading}
      />
    </div>
  );
}

function DeadLettersCard({
  letters,
  loading,
  onRedrive,
}: {
  letters: DeadLetter[];
  loading: boolean;
  onRedrive: (d: DeadLetter) => void;
}) {
  const { t } = useI18n();
  const name = useConsumerName();
  const columns: DataColumn<DeadLetter>[] = [
    {
      id: 'event',
      header: t('events.event'),
      value: (d) => `${d.event} #${d.eventId}`,
      cell: (d) => (
        <span className="stack-tight">
          <code>{d.event}</code>
          <small className="muted">{t('events.eventIdKey', { id: d.eventId, key: d.key })}</small>
        </span>
      ),
    },
    { id: 'consumer', header: t('events.consumer'), value: (d) => d.consumer, cell: (d) => name(d.consumer) },
    {
      id: 'deadAt',
      header: t('events.deadAt'),
      value: (d) => d.deadAt,
      sortable: true,
      cell: (d) => (
        <span className="stack-tight">
          {formatTime(d.deadAt)}
          <small className="muted">{t('events.recordedAt', { at: formatTime(d.recordedAt) })}</small>
        </span>
      ),
    },
    {
      id: 'status',
      header: t('events.status'),
      value: (d) => d.status,
      cell: (d) => (
        <span className="stack-tight">
          <span className={`badge badge--${STATUS_BADGE[d.status]}`}>{t(`events.statuses.${d.status}`)}</span>
          <small className="muted">{t('events.attempts', { n: d.attempts })}</small>
        </span>
      ),
    },
    {
      id: 'error',
      header: t('events.lastError'),
      value: (d) => d.lastError,
      cell: (d) =>
        d.lastError ? (
          <small className="error-line" title={d.lastError}>
            {d.lastError}
          </small>
        ) : (
          <span className="muted">{t('common.none')}</span>
        ),
    },
    {
      id: 'action',
      header: t('events.action'),
      value: () => null,
      cell: (d) =>
        d.status === 'dead' ? (
          <button type="button" className="btn btn--sm btn--ghost nowrap" onClick={() => onRedrive(d)}>
            {t('events.redrive')}
          </button>
        ) : null,
    },
  ];
  return (
    <div className="card stack">
      <h2>{t('events.deadTitle')}</h2>
      <p className="muted">{t('events.deadHelp')}</p>
      {letters.length === 0 && !loading ? (
        <p className="empty" data-testid="no-dead-letters">
          {t('events.noDeadLetters')}
        </p>
      ) : (
        <DataTable
          caption={t('events.deadTitle')}
          columns={columns}
          rows={letters}
          rowKey={(d) => `${d.consumer}:${d.eventId}`}
          loading={loading}
          exportName="dead-letters.csv"
          exportRows={async () => letters}
        />
      )}
    </div>
  );
}

const STATUS_BADGE: Record<DeadLetter['status'], string> = {
  dead: 'failed',
  redrive: 'pending',
  redriven: 'ok',
};

/** Asks why (kept in the audit), then asks the gateway to run the dead letters again. */
function RedriveDialog({
  target,
  onDone,
  onClose,
}: {
  target: RedriveTarget;
  onDone: (value: RedriveEventsValue) => void;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const name = useConsumerName();
  const client = useQueryClient();
  const ref = useRef<HTMLDialogElement | null>(null);
  const redrive = useMutation({
    mutationFn: (reason: string) =>
      opsCall<RedriveEventsValue>(operatorCalls.redriveEvents, {
        body: { consumer: target.consumer, eventIds: target.eventIds, reason },
      }),
    onSuccess: async (value) => {
      onDone(value);
      ref.current?.close(); // onClose unmounts the dialog
      await client.invalidateQueries({ queryKey: EVENTS_KEY });
    },
  });
  return (
    <Modal dialogRef={ref} labelledBy="redrive-title" onClose={onClose}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          redrive.mutate(String(new FormData(e.currentTarget).get('reason') ?? ''));
        }}
      >
        <h2 id="redrive-title">{t('events.redriveTitle', { consumer: name(target.consumer) })}</h2>
        <p>
          {target.eventIds
            ? t('events.redriveOne', { id: target.eventIds[0] ?? '' })
            : target.count === 1
              ? t('events.redriveEveryOne')
              : t('events.redriveEvery', { n: target.count })}
        </p>
        <p className="muted">{t('events.redriveWarn')}</p>
        <ReasonField id="redrive-reason" label={t('events.reason')} autoFocus />
        {redrive.isError && <Notice kind="error">{errorText(redrive.error)}</Notice>}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={redrive.isPending}>
            {t('events.redrive')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
