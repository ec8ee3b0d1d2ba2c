import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { gamesCalls } from '@banca/contract/routes';
import type {
  ImportCatalogueValue,
  OpsGame,
  OpsGamesPage,
  OpsVendor,
  RotateVendorSecretValue,
  UpdateGameBody,
  UpdateVendorBody,
} from '@banca/contract';
import { useSession } from '@/app/session.tsx';
import { ApiError, opsCall } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { Field } from '@/ui/Field.tsx';
import { FilterBar } from '@/ui/FilterBar.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { formatRtp, formatTime, parseRtpInput, rtpInputValue } from '@/ui/format.ts';
import { useKeysetList } from '@/ui/keyset-list.ts';
import { useUrlFilters } from '@/ui/url-state.ts';
import { ReasonField } from '@/ui/ReasonField.tsx';

const GAME_TYPES = ['RNG', 'LIVE', 'FISH', 'PVP', 'SPORTS', 'LOTT', 'ELOTT'] as const;
const TABS = ['games', 'vendors', 'import'] as const;
type Tab = (typeof TABS)[number];
const GAMES_KEY = ['ops', 'catalogue', 'games'];
const VENDORS_KEY = ['ops', 'catalogue', 'vendors'];

const errorText = (error: unknown) =>
  error instanceof ApiError
    ? `${error.message}${error.code === 'invalid_input' && error.value ? ` ${JSON.stringify(error.value)}` : ''}`
    : String(error);

/** Catalogue: games and vendors (enable, hot, order, names, artwork), the import with a preview, secrets. */
export function CataloguePage() {
  const { t } = useI18n();
  const { values, setFilters } = useUrlFilters(['tab'] as const);
  const tab: Tab = (TABS as readonly string[]).includes(values.tab) ? (values.tab as Tab) : 'games';
  return (
    <section className="page">
      <h1>{t('catalogue.title')}</h1>
      <p className="muted">{t('catalogue.subtitle')}</p>
      <div className="tabs" role="tablist" aria-label={t('catalogue.title')}>
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`tab${tab === k ? ' tab--on' : ''}`}
            onClick={() => setFilters({ tab: k === 'games' ? '' : k })}
          >
            {t(`catalogue.tabs.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'games' && <GamesTab />}
      {tab === 'vendors' && <VendorsTab />}
      {tab === 'import' && <ImportTab />}
    </section>
  );
}

function useVendors() {
  return useQuery({
    queryKey: VENDORS_KEY,
    queryFn: () => opsCall<{ vendors: OpsVendor[] }>(gamesCalls.opsVendors),
  });
}

function GamesTab() {
  const { t } = useI18n();
  const { values, setFilters } = useUrlFilters(['q', 'vendor', 'type', 'enabled', 'hot'] as const);
  const vendors = useVendors();
  const client = useQueryClient();
  const [editing, setEditing] = useState<OpsGame | null>(null);
  const fetchPage = (after: string | undefined) =>
    opsCall<OpsGamesPage>(gamesCalls.opsGames, {
      query: {
        q: values.q || undefined,
        vendor: values.vendor || undefined,
        type: values.type || undefined,
        enabled: values.enabled || undefined,
        hot: values.hot || undefined,
        after,
        limit: 50,
      },
    });
  const { query, table } = useKeysetList([...GAMES_KEY, values], fetchPage, {
    items: (p) => p.items,
    next: (p) => p.nextCursor,
  });
  const toggle = useMutation({
    mutationFn: (g: OpsGame) =>
      opsCall<OpsGame>(gamesCalls.opsUpdateGame, {
        params: { nodeId: g.nodeId },
        body: { enabled: !g.enabled } satisfies UpdateGameBody,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ops', 'catalogue'] }),
  });
  const yesNo = (v: string) => [
    { value: '', label: t('catalogue.any') },
    { value: 'true', label: t(v === 'hot' ? 'catalogue.hotOnly' : 'catalogue.enabledOnly') },
    { value: 'false', label: t(v === 'hot' ? 'catalogue.notHot' : 'catalogue.disabledOnly') },
  ];

  const columns: DataColumn<OpsGame>[] = [
    {
      id: 'art',
      header: t('catalogue.art'),
      value: (g) => g.iconUrl,
      cell: (g) => <img className="thumb" src={g.iconUrl} alt="" width={48} height={48} loading="lazy" />,
    },
    {
      id: 'nodeId',
      header: t('catalogue.nodeId'),
      value: (g) => g.nodeId,
      cell: (g) => <code>{g.nodeId}</code>,
      sortable: true,
    },
    {
      id: 'namePT',
      header: t('catalogue.namePT'),
      value: (g) => g.namePT,
      cell: (g) => g.namePT,
      sortable: true,
    },
    {
      id: 'nameEN',
      header: t('catalogue.nameEN'),
      value: (g) => g.nameEN,
      cell: (g) => g.nameEN,
      sortable: true,
    },
    {
      id: 'type',
      header: t('catalogue.type'),
      value: (g) => g.gameType,
      cell: (g) => g.gameType,
      sortable: true,
    },
    {
      id: 'rtp',
      header: t('catalogue.rtp'),
      value: (g) => g.rtp,
      cell: (g) => (g.rtp === null ? <span className="muted">{t('common.none')}</span> : formatRtp(g.rtp)),
      sortable: true,
      numeric: true,
    },
    {
      id: 'hot',
      header: t('catalogue.hot'),
      value: (g) => (g.isHot ? g.hotRank : null),
      cell: (g) =>
        g.isHot ? (
          <span className="badge badge--warn">{t('catalogue.hotRank', { rank: g.hotRank })}</span>
        ) : (
          t('common.none')
        ),
      sortable: true,
    },
    {
      id: 'sort',
      header: t('catalogue.sort'),
      value: (g) => g.sort,
      cell: (g) => g.sort,
      sortable: true,
      numeric: true,
    },
    {
      id: 'enabled',
      header: t('catalogue.state'),
      value: (g) => (g.enabled ? 'enabled' : 'disabled'),
      cell: (g) => (
        <span className={`badge ${g.enabled ? 'badge--ok' : 'badge--rejected'}`}>
          {g.enabled ? t('catalogue.enabled') : t('catalogue.disabled')}
        </span>
      ),
      sortable: true,
    },
    {
      id: 'actions',
      header: t('catalogue.actions'),
      value: () => null,
      cell: (g) => (
        <div className="actions">
          <button type="button" className="btn btn--sm" onClick={() => setEditing(g)}>
            {t('catalogue.edit')}
          </button>
          <button
            type="button"
            className={`btn btn--sm ${g.enabled ? 'btn--ghost' : 'btn--primary'}`}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate(g)}
            aria-label={`${g.enabled ? t('catalogue.disable') : t('catalogue.enable')} ${g.namePT}`}
          >
            {g.enabled ? t('catalogue.disable') : t('catalogue.enable')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <div className="stack">
      <FilterBar
        // Mounted again once the vendors arrive, so the vendor from the URL is selected.
        key={vendors.data ? 'vendors' : 'loading'}
        filters={[
          { name: 'q', label: t('catalogue.search'), type: 'text' },
          {
            name: 'vendor',
            label: t('catalogue.vendor'),
            type: 'select',
            options: [
              { value: '', label: t('catalogue.allVendors') },
              ...(vendors.data?.vendors ?? []).map((v) => ({
                value: v.vendor,
                label: `${v.displayName} (${v.vendor})`,
              })),
            ],
          },
          {
            name: 'type',
            label: t('catalogue.type'),
            type: 'select',
            options: [
              { value: '', label: t('catalogue.allTypes') },
              ...GAME_TYPES.map((g) => ({ value: g, label: g })),
            ],
          },
          { name: 'enabled', label: t('catalogue.state'), type: 'select', options: yesNo('enabled') },
          { name: 'hot', label: t('catalogue.hot'), type: 'select', options: yesNo('hot') },
        ]}
        values={values}
        onApply={setFilters}
      />
      {query.isError && <Notice kind="error">{query.error.message}</Notice>}
      {toggle.isError && <Notice kind="error">{errorText(toggle.error)}</Notice>}
      <DataTable
        caption={t('catalogue.tabs.games')}
        columns={columns}
        rowKey={(g) => g.nodeId}
        exportName="games.csv"
        {...table}
      />
      {editing && <GameDialog game={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

function GameDialog({ game, onClose }: { game: OpsGame; onClose: () => void }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const ref = useRef<HTMLDialogElement | null>(null);
  const save = useMutation({
    mutationFn: (body: UpdateGameBody) =>
      opsCall<OpsGame>(gamesCalls.opsUpdateGame, { params: { nodeId: game.nodeId }, body }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['ops', 'catalogue'] });
      ref.current?.close();
    },
  });
  const [rtpText, setRtpText] = useState(game.rtp === null ? '' : rtpInputValue(game.rtp));
  const rtp = parseRtpInput(rtpText);
  const rtpBad = rtp === undefined || (rtp !== null && (rtp <= 0 || rtp > 10_000));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rtpBad) return;
    const f = new FormData(event.currentTarget);
    const reason = String(f.get('reason') ?? '').trim();
    save.mutate({
      rtp: rtp ?? null,
      namePT: String(f.get('namePT') ?? '').trim(),
      nameEN: String(f.get('nameEN') ?? '').trim(),
      iconUrl: String(f.get('iconUrl') ?? '').trim(),
      sort: Number(f.get('sort') ?? 0),
      isHot: f.get('isHot') === 'on',
      hotRank: Number(f.get('hotRank') ?? 0),
      enabled: f.get('enabled') === 'on',
      ...(reason ? { reason } : {}),
    });
  };
  return (
    <Modal dialogRef={ref} labelledBy="game-edit-title" onClose={onClose} wide>
      <form className="stack" onSubmit={submit}>
        <h2 id="game-edit-title">{t('catalogue.editGame', { game: game.nodeId })}</h2>
        <div className="grid2">
          <Field
            label={t('catalogue.namePT')}
            name="namePT"
            defaultValue={game.namePT}
            required
            maxLength={80}
          />
          <Field
            label={t('catalogue.nameEN')}
            name="nameEN"
            defaultValue={game.nameEN}
            required
            maxLength={80}
          />
          <Field
            label={t('catalogue.art')}
            help={t('catalogue.artHelp')}
            name="iconUrl"
            defaultValue={game.iconUrl}
            required
          />
          <Field label={t('catalogue.sort')} name="sort" type="number" defaultValue={game.sort} />
          <Field
            label={t('catalogue.rtpLabel')}
            help={t('catalogue.rtpHelp')}
            name="rtp"
            inputMode="decimal"
            value={rtpText}
            onChange={(e) => setRtpText(e.target.value)}
            error={rtpBad ? t('catalogue.rtpInvalid') : undefined}
          />
          <Field
            label={t('catalogue.hotRankLabel')}
            name="hotRank"
            type="number"
            min={0}
            defaultValue={game.hotRank}
          />
          <div className="stack-tight">
            <label className="check">
              <input type="checkbox" name="isHot" defaultChecked={game.isHot} /> {t('catalogue.hotFlag')}
            </label>
            <label className="check">
              <input type="checkbox" name="enabled" defaultChecked={game.enabled} /> {t('catalogue.enabled')}
            </label>
          </div>
        </div>
        <Field label={t('catalogue.reason')} name="reason" maxLength={500} />
        <p className="muted small">{t('catalogue.updatedAt', { time: formatTime(game.updatedAt) })}</p>
        {save.isError && <Notice kind="error">{errorText(save.error)}</Notice>}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--primary" disabled={save.isPending || rtpBad}>
            {t('common.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function VendorsTab() {
  const { t } = useI18n();
  const { can } = useSession();
  const vendors = useVendors();
  const client = useQueryClient();
  const [rotating, setRotating] = useState<OpsVendor | null>(null);
  const update = useMutation({
    mutationFn: ({ vendor, body }: { vendor: string; body: UpdateVendorBody }) =>
      opsCall<OpsVendor>(gamesCalls.opsUpdateVendor, { params: { vendor }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ops', 'catalogue'] }),
  });
  const columns: DataColumn<OpsVendor>[] = [
    {
      id: 'logo',
      header: t('catalogue.art'),
      value: (v) => v.logoUrl,
      cell: (v) => <img className="thumb" src={v.logoUrl} alt="" width={48} height={48} loading="lazy" />,
    },
    {
      id: 'vendor',
      header: t('catalogue.vendorCode'),
      value: (v) => v.vendor,
      cell: (v) => <code>{v.vendor}</code>,
      sortable: true,
    },
    {
      id: 'name',
      header: t('catalogue.vendorName'),
      value: (v) => v.displayName,
      cell: (v) => v.displayName,
      sortable: true,
    },
    {
      id: 'provider',
      header: t('catalogue.provider'),
      value: (v) => v.provider,
      cell: (v) => v.provider,
      sortable: true,
    },
    { id: 'type', header: t('catalogue.type'), value: (v) => v.gameType, cell: (v) => v.gameType },
    {
      id: 'games',
      header: t('catalogue.games'),
      value: (v) => v.games,
      cell: (v) => `${v.enabledGames} / ${v.games}`,
      sortable: true,
      numeric: true,
    },
    {
      id: 'sort',
      header: t('catalogue.sort'),
      value: (v) => v.sort,
      cell: (v) => (
        <input
          className="input--small"
          type="number"
          aria-label={`${t('catalogue.sort')} ${v.displayName}`}
          defaultValue={v.sort}
          onBlur={(e) => {
            const sort = Number(e.target.value);
            if (Number.isInteger(sort) && sort !== v.sort)
              update.mutate({ vendor: v.vendor, body: { sort } });
          }}
        />
      ),
      sortable: true,
      numeric: true,
    },
    {
      id: 'enabled',
      header: t('catalogue.state'),
      value: (v) => (v.enabled ? 'enabled' : 'disabled'),
      cell: (v) => (
        <span className={`badge ${v.enabled ? 'badge--ok' : 'badge--rejected'}`}>
          {v.enabled ? t('catalogue.enabled') : t('catalogue.disabled')}
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('catalogue.actions'),
      value: () => null,
      cell: (v) => (
        <div className="actions">
          <button
            type="button"
            className={`btn btn--sm ${v.enabled ? 'btn--ghost' : 'btn--primary'}`}
            disabled={update.isPending}
            onClick={() => update.mutate({ vendor: v.vendor, body: { enabled: !v.enabled } })}
          >
            {v.enabled ? t('catalogue.disable') : t('catalogue.enable')}
          </button>
          {can('vendors.secrets') && (
            <button type="button" className="btn btn--sm btn--danger" onClick={() => setRotating(v)}>
              {t('catalogue.rotate')}
            </button>
          )}
        </div>
      ),
    },
  ];
  return (
    <div className="stack">
      {vendors.isError && <Notice kind="error">{vendors.error.message}</Notice>}
      {update.isError && <Notice kind="error">{errorText(update.error)}</Notice>}
      <DataTable
        caption={t('catalogue.tabs.vendors')}
        columns={columns}
        rows={vendors.data?.vendors ?? []}
        rowKey={(v) => v.vendor}
        loading={vendors.isFetching}
        exportName="vendors.csv"
        exportRows={async () => vendors.data?.vendors ?? []}
      />
      {rotating && <RotateDialog vendor={rotating} onClose={() => setRotating(null)} />}
    </div>
  );
}

/** Rotation: asks for a reason, then shows the new secret this once (closing the dialog forgets it). */
function RotateDialog({ vendor, onClose }: { vendor: OpsVendor; onClose: () => void }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement | null>(null);
  const rotate = useMutation({
    mutationFn: (reason: string) =>
      opsCall<RotateVendorSecretValue>(gamesCalls.rotateVendorSecret, {
        params: { vendor: vendor.vendor },
        body: { reason },
      }),
  });
  const done = rotate.data;
  return (
    <Modal
      dialogRef={ref}
      labelledBy="rotate-title"
      onClose={() => {
        rotate.reset();
        onClose();
      }}
    >
      {done ? (
        <div className="stack">
          <h2 id="rotate-title">{t('catalogue.rotatedTitle', { vendor: vendor.displayName })}</h2>
          <p>{t('catalogue.rotatedOnce')}</p>
          <code className="secret" data-testid="vendor-secret">
            {done.secret}
          </code>
          {done.previousValidUntil && (
            <p className="muted">
              {t('catalogue.previousUntil', { time: formatTime(done.previousValidUntil) })}
            </p>
          )}
          <div className="row row--end">
            <button type="button" className="btn btn--primary" onClick={() => ref.current?.close()}>
              {t('catalogue.rotatedDone')}
            </button>
          </div>
        </div>
      ) : (
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            rotate.mutate(String(new FormData(e.currentTarget).get('reason') ?? ''));
          }}
        >
          <h2 id="rotate-title">{t('catalogue.rotateTitle', { vendor: vendor.displayName })}</h2>
          <p>{t('catalogue.rotateWarn')}</p>
          <ReasonField id="rotate-reason" label={t('catalogue.reasonRequired')} autoFocus />
          {rotate.isError && <Notice kind="error">{errorText(rotate.error)}</Notice>}
          <div className="row row--end">
            <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
              {t('common.cancel')}
            </button>
            <button type="submit" className="btn btn--danger" disabled={rotate.isPending}>
              {t('catalogue.rotate')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

function ImportTab() {
  const { t } = useI18n();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [format, setFormat] = useState<'json' | 'csv'>('json');
  const [preview, setPreview] = useState<ImportCatalogueValue | null>(null);
  const run = useMutation({
    mutationFn: (apply: boolean) =>
      opsCall<ImportCatalogueValue>(gamesCalls.opsImportCatalogue, { body: { format, text, apply } }),
    onSuccess: async (value) => {
      setPreview(value);
      if (value.applied) await client.invalidateQueries({ queryKey: ['ops', 'catalogue'] });
    },
  });
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setFormat(file.name.toLowerCase().endsWith('.csv') ? 'csv' : 'json');
    setText(await file.text());
    setPreview(null);
  };
  const fileErrors =
    run.error instanceof ApiError && run.error.code === 'catalogue_file_invalid'
      ? ((run.error.value as { errors?: { line: number; row: string; message: string }[] } | null)?.errors ??
        [])
      : [];
  return (
    <div className="stack">
      <form
        className="card stack"
        onSubmit={(e) => {
          e.preventDefault();
          run.mutate(false);
        }}
      >
        <h2>{t('catalogue.importTitle')}</h2>
        <p className="muted">{t('catalogue.importHelp')}</p>
        <div className="grid2">
          <div className="field">
            <label htmlFor="import-file">{t('catalogue.importFile')}</label>
            <input
              id="import-file"
              type="file"
              accept=".json,.csv,application/json,text/csv"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          </div>
          <div className="field">
            <label htmlFor="import-format">{t('catalogue.importFormat')}</label>
            <select
              id="import-format"
              value={format}
              onChange={(e) => setFormat(e.target.value === 'csv' ? 'csv' : 'json')}
            >
              <option value="json">JSON</option>
              <option value="csv">CSV</option>
            </select>
          </div>
        </div>
        <div className="field">
          <label htmlFor="import-text">{t('catalogue.importText')}</label>
          <textarea
            id="import-text"
            rows={8}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setPreview(null);
            }}
          />
        </div>
        {run.isError && <Notice kind="error">{errorText(run.error)}</Notice>}
        {fileErrors.length > 0 && (
          <ul className="stack-tight small">
            {fileErrors.map((e, i) => (
              <li key={i}>{t('catalogue.rowError', { line: e.line, row: e.row, message: e.message })}</li>
            ))}
          </ul>
        )}
        <div className="row row--end">
          <button type="submit" className="btn" disabled={!text.trim() || run.isPending}>
            {t('catalogue.preview')}
          </button>
          <button
            type="button"
            className="btn btn--primary"
            disabled={!preview || preview.applied || preview.changes === 0 || run.isPending}
            onClick={() => run.mutate(true)}
          >
            {t('catalogue.apply')}
          </button>
        </div>
      </form>
      {preview && <ImportReport report={preview} />}
    </div>
  );
}

function ImportReport({ report }: { report: ImportCatalogueValue }) {
  const { t } = useI18n();
  type GameRow = ImportCatalogueValue['games'][number];
  const columns: DataColumn<GameRow>[] = [
    {
      id: 'nodeId',
      header: t('catalogue.nodeId'),
      value: (g) => g.nodeId,
      cell: (g) => <code>{g.nodeId}</code>,
      sortable: true,
    },
    {
      id: 'change',
      header: t('catalogue.change'),
      value: (g) => g.change,
      cell: (g) => (
        <span
          className={`badge ${g.change === 'added' ? 'badge--ok' : g.change === 'disabled' ? 'badge--rejected' : 'badge--warn'}`}
        >
          {t(`catalogue.changes.${g.change}`)}
        </span>
      ),
      sortable: true,
    },
    {
      id: 'fields',
      header: t('catalogue.fields'),
      value: (g) => g.fields.join(' '),
      cell: (g) => g.fields.join(', ') || t('common.none'),
    },
    {
      id: 'rtp',
      header: t('catalogue.rtp'),
      value: (g) => (g.rtp ? `${g.rtp.from ?? ''} -> ${g.rtp.to ?? ''}` : ''),
      cell: (g) =>
        g.rtp ? (
          <span className="rtp-change">
            {g.rtp.from === null ? t('common.none') : formatRtp(g.rtp.from)}
            <span aria-label={t('catalogue.rtpTo')}> → </span>
            <strong>{g.rtp.to === null ? t('common.none') : formatRtp(g.rtp.to)}</strong>
          </span>
        ) : (
          ''
        ),
    },
  ];
  return (
    <section className="card stack" aria-labelledby="import-report">
      <h2 id="import-report">{report.applied ? t('catalogue.appliedTitle') : t('catalogue.previewTitle')}</h2>
      <Notice kind="ok">
        {report.changes === 0
          ? t('catalogue.noChanges')
          : t('catalogue.changesCount', { count: report.changes })}
      </Notice>
      <ul className="stack-tight">
        {report.vendors.map((v) => (
          <li key={v.vendor}>
            <strong>{v.vendor}</strong>{' '}
            {t('catalogue.vendorLine', {
              status: t(`catalogue.vendorStatus.${v.status}`),
              added: v.added,
              updated: v.updated,
              unchanged: v.unchanged,
              disabled: v.disabled,
            })}
          </li>
        ))}
      </ul>
      <DataTable
        caption={t('catalogue.changedGames')}
        columns={columns}
        rows={report.games}
        rowKey={(g) => g.nodeId}
      />
    </section>
  );
}
