import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contentCalls } from '@banca/contract/routes';
import {
  ANNOUNCEMENT_KINDS,
  BANNER_GROUPS,
  bannerLinkageFits,
  CONTENT_BODY_MAX,
  CONTENT_TITLE_MAX,
  LINKAGE_TYPES,
  POPUP_EXECUTIONS,
  type CreateAnnouncementBody,
  type CreateBannerBody,
  type LinkageType,
  type OpsAnnouncement,
  type OpsBanner,
  type OpsContentList,
} from '@banca/contract';
import { errorText, invalidFields, opsCall } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { Field } from '@/ui/Field.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { useOrderedList } from '@/ui/ordered-list.tsx';
import { useUrlFilters } from '@/ui/url-state.ts';

const KEY = ['ops', 'content'];
const TABS = ['banners', 'announcements'] as const;
type Tab = (typeof TABS)[number];
type Kind = OpsAnnouncement['kind'];
type Execution = (typeof POPUP_EXECUTIONS)[number];
/** The same-origin image rule of the contract (artPathSchema), for the form's early message. */
const ART_PATH = /^\/(?!\/)[A-Za-z0-9/_.~%-]+$/;

/**
 * Banners and announcements: the site's banners (by group, with what a click opens) and its player
 * notices, popups, promotions and marquee lines. Add, edit, switch off, reorder and delete; each change
 * is audited and the member site shows it at its next page load on every node.
 */
export function BannersPage() {
  const { t } = useI18n();
  const { values, setFilters } = useUrlFilters(['tab'] as const);
  const tab: Tab = (TABS as readonly string[]).includes(values.tab) ? (values.tab as Tab) : 'banners';
  const [editing, setEditing] = useState<{ id: string } | 'new' | null>(null);
  const query = useQuery({ queryKey: KEY, queryFn: () => opsCall<OpsContentList>(contentCalls.listContent) });
  const open = (next: Tab) => {
    setEditing(null);
    setFilters({ tab: next === 'banners' ? '' : next });
  };
  const banners = query.data?.banners ?? [];
  const announcements = query.data?.announcements ?? [];
  return (
    <section className="page">
      <PageHeader
        title={t('banners.title')}
        subtitle={t('banners.subtitle')}
        action={
          <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
            {tab === 'banners' ? t('banners.newBanner') : t('banners.newAnnouncement')}
          </button>
        }
      />
      <div className="tabs" role="tablist" aria-label={t('banners.title')}>
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`tab${tab === k ? ' tab--on' : ''}`}
            onClick={() => open(k)}
          >
            {t(`banners.tabs.${k}`)}
          </button>
        ))}
      </div>
      {query.isError && <Notice kind="error">{query.error.message}</Notice>}
      {tab === 'banners' && editing && (
        <BannerEditor
          key={editing === 'new' ? 'new' : editing.id}
          banner={editing === 'new' ? null : (banners.find((b) => b.id === editing.id) ?? null)}
          onDone={() => setEditing(null)}
        />
      )}
      {tab === 'announcements' && editing && (
        <AnnouncementEditor
          key={editing === 'new' ? 'new' : editing.id}
          announcement={editing === 'new' ? null : (announcements.find((a) => a.id === editing.id) ?? null)}
          onDone={() => setEditing(null)}
        />
      )}
      {tab === 'banners' ? (
        <ContentTable
          rows={banners}
          loading={query.isFetching}
          onEdit={(id) => setEditing({ id })}
          subject="banner"
        />
      ) : (
        <ContentTable
          rows={announcements}
          loading={query.isFetching}
          onEdit={(id) => setEditing({ id })}
          subject="announcement"
        />
      )}
    </section>
  );
}

type Row = OpsBanner | OpsAnnouncement;
const isBanner = (r: Row): r is OpsBanner => 'groupName' in r;
/** A row's title (or, for a marquee line, its text without tags) in the back office's language. */
const rowLabel = (r: Row, lang: 'pt' | 'en') => {
  const title = lang === 'pt' ? r.titlePT : r.titleEN;
  if (isBanner(r) || title) return title;
  return (lang === 'pt' ? r.contentPT : r.contentEN).replace(/<[^>]*>/g, '');
};

/** One list (banners or announcements): order, what it is, status, actions. */
function ContentTable({
  rows,
  loading,
  onEdit,
  subject,
}: {
  rows: Row[];
  loading: boolean;
  onEdit: (id: string) => void;
  subject: 'banner' | 'announcement';
}) {
  const { t, lang } = useI18n();
  const client = useQueryClient();
  const banner = subject === 'banner';
  const done = (data: OpsContentList | Row) =>
    'banners' in data ? client.setQueryData(KEY, data) : client.invalidateQueries({ queryKey: KEY });
  const list = useOrderedList(
    rows,
    (r) => rowLabel(r, lang),
    {
      toggle: (r): Promise<OpsContentList | Row> =>
        opsCall<Row>(banner ? contentCalls.updateBanner : contentCalls.updateAnnouncement, {
          params: { id: r.id },
          body: { enabled: !r.enabled },
        }),
      reorder: (ids) =>
        opsCall<OpsContentList>(banner ? contentCalls.reorderBanners : contentCalls.reorderAnnouncements, {
          body: { ids },
        }),
      remove: (r) =>
        opsCall<OpsContentList>(banner ? contentCalls.deleteBanner : contentCalls.deleteAnnouncement, {
          params: { id: r.id },
        }),
      onSaved: done,
    },
    { onEdit: (r) => onEdit(r.id), confirmDelete: (label) => t('banners.confirmDelete', { label }) },
  );
  const columns: DataColumn<Row>[] = [
    list.columns.order,
    banner
      ? {
          id: 'group',
          header: t('banners.group'),
          value: (r) => (isBanner(r) ? r.groupName : ''),
          cell: (r) => (
            <span className="nowrap">{isBanner(r) ? t(`banners.groups.${r.groupName}`) : ''}</span>
          ),
        }
      : {
          id: 'kind',
          header: t('banners.kind'),
          value: (r) => (isBanner(r) ? '' : r.kind),
          cell: (r) => <span className="nowrap">{isBanner(r) ? '' : t(`banners.kinds.${r.kind}`)}</span>,
        },
    {
      id: 'title',
      header: banner ? t('banners.titleCol') : t('banners.text'),
      value: (r) => rowLabel(r, lang),
      cell: (r) => <span className="break">{rowLabel(r, lang)}</span>,
    },
    banner
      ? {
          id: 'link',
          header: t('banners.linkage'),
          value: (r) => (isBanner(r) ? `${r.linkageType} ${r.linkage}` : ''),
          cell: (r) =>
            isBanner(r) ? (
              <span className="nowrap">
                {t(`banners.linkageTypes.${r.linkageType}`)}{' '}
                {r.linkage && <code className="break">{r.linkage}</code>}
              </span>
            ) : null,
        }
      : {
          id: 'published',
          header: t('banners.publishedAt'),
          value: (r) => (isBanner(r) ? '' : r.publishedAt),
          cell: (r) =>
            isBanner(r) ? null : (
              <span className="nowrap">{r.publishedAt.slice(0, 16).replace('T', ' ')}</span>
            ),
        },
    list.columns.state,
    list.columns.actions,
  ];
  return (
    <>
      {list.failure && <Notice kind="error">{errorText(list.failure)}</Notice>}
      <DataTable
        caption={banner ? t('banners.tabs.banners') : t('banners.tabs.announcements')}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={loading}
        exportName={banner ? 'banners.csv' : 'announcements.csv'}
        exportRows={async () => rows}
      />
    </>
  );
}

function EditorButtons({ onDone, pending }: { onDone: () => void; pending: boolean }) {
  const { t } = useI18n();
  return (
    <div className="row row--end">
      <button type="button" className="btn btn--ghost" onClick={onDone}>
        {t('common.cancel')}
      </button>
      <button type="submit" className="btn btn--primary" disabled={pending}>
        {t('common.save')}
      </button>
    </div>
  );
}

function BannerEditor({ banner, onDone }: { banner: OpsBanner | null; onDone: () => void }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [linkageType, setLinkageType] = useState<LinkageType>(banner?.linkageType ?? 'NONE');
  const [linkage, setLinkage] = useState(banner?.linkage ?? '');
  const [imageUrl, setImageUrl] = useState(banner?.imageUrl ?? '');
  const [imageUrlEN, setImageUrlEN] = useState(banner?.imageUrlEN ?? '');
  const [touched, setTouched] = useState(false);
  const linkBad = !bannerLinkageFits(linkageType, linkage.trim());
  const imageBad = !ART_PATH.test(imageUrl.trim());
  const imageENBad = imageUrlEN.trim() !== '' && !ART_PATH.test(imageUrlEN.trim());
  const save = useMutation({
    mutationFn: (input: CreateBannerBody) =>
      banner
        ? opsCall<OpsBanner>(contentCalls.updateBanner, { params: { id: banner.id }, body: input })
        : opsCall<OpsBanner>(contentCalls.createBanner, { body: input }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      onDone();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (linkBad || imageBad || imageENBad) return;
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    save.mutate({
      groupName: String(form.get('groupName')) as OpsBanner['groupName'],
      titlePT: String(form.get('titlePT') ?? '').trim(),
      titleEN: String(form.get('titleEN') ?? '').trim(),
      imageUrl: imageUrl.trim(),
      imageUrlEN: imageUrlEN.trim() || null,
      linkageType,
      linkage: linkage.trim(),
      enabled: form.get('enabled') === 'on',
      ...(reason ? { reason } : {}),
    });
  };
  const server = invalidFields(save.error);
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="banner-editor-title" noValidate>
      <h2 id="banner-editor-title">
        {banner ? t('cs.editTitle', { label: banner.titleEN }) : t('banners.newBanner')}
      </h2>
      <TitleFields row={banner} server={server} />
      <div className="grid2">
        <Field
          label={t('banners.imageUrl')}
          help={t('banners.imageHelp')}
          name="imageUrl"
          required
          spellCheck={false}
          autoComplete="off"
          value={imageUrl}
          onChange={(e) => setImageUrl(e.target.value)}
          onBlur={() => setTouched(true)}
          error={(touched && imageBad) || server.imageUrl ? t('banners.imageInvalid') : undefined}
        />
        <Field
          label={t('banners.imageUrlEN')}
          help={t('banners.imageENHelp')}
          name="imageUrlEN"
          spellCheck={false}
          autoComplete="off"
          value={imageUrlEN}
          onChange={(e) => setImageUrlEN(e.target.value)}
          error={(touched && imageENBad) || server.imageUrlEN ? t('banners.imageInvalid') : undefined}
        />
      </div>
      <div className="grid2">
        <div className="field">
          <label htmlFor="banner-group">{t('banners.group')}</label>
          <select id="banner-group" name="groupName" defaultValue={banner?.groupName ?? 'w_home'}>
            {BANNER_GROUPS.map((g) => (
              <option key={g} value={g}>
                {t(`banners.groups.${g}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="banner-linkage-type">{t('banners.linkage')}</label>
          <select
            id="banner-linkage-type"
            value={linkageType}
            onChange={(e) => setLinkageType(e.target.value as LinkageType)}
          >
            {LINKAGE_TYPES.map((l) => (
              <option key={l} value={l}>
                {t(`banners.linkageTypes.${l}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {linkageType !== 'NONE' && (
        <Field
          label={t('banners.target')}
          help={t(`banners.targetHelp.${linkageType}`)}
          name="linkage"
          required
          spellCheck={false}
          autoComplete="off"
          value={linkage}
          onChange={(e) => setLinkage(e.target.value)}
          onBlur={() => setTouched(true)}
          error={(touched && linkBad) || server.linkage ? t('banners.targetInvalid') : undefined}
        />
      )}
      <div className="grid2">
        <label className="check">
          <input type="checkbox" name="enabled" defaultChecked={banner?.enabled ?? true} />{' '}
          {t('cs.enabledHelp')}
        </label>
        <Field label={t('cs.reason')} name="reason" maxLength={500} />
      </div>
      {save.isError && <Notice kind="error">{errorText(save.error)}</Notice>}
      <EditorButtons onDone={onDone} pending={save.isPending} />
    </form>
  );
}

function AnnouncementEditor({
  announcement,
  onDone,
}: {
  announcement: OpsAnnouncement | null;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [kind, setKind] = useState<Kind>(announcement?.kind ?? 'H');
  const save = useMutation({
    mutationFn: (input: CreateAnnouncementBody) =>
      announcement
        ? opsCall<OpsAnnouncement>(contentCalls.updateAnnouncement, {
            params: { id: announcement.id },
            body: input,
          })
        : opsCall<OpsAnnouncement>(contentCalls.createAnnouncement, { body: input }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      onDone();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    save.mutate({
      kind,
      titlePT: String(form.get('titlePT') ?? '').trim(),
      titleEN: String(form.get('titleEN') ?? '').trim(),
      contentPT: String(form.get('contentPT') ?? '').trim(),
      contentEN: String(form.get('contentEN') ?? '').trim(),
      execution: kind === 'PU' ? (String(form.get('execution')) as Execution) : null,
      enabled: form.get('enabled') === 'on',
      ...(reason ? { reason } : {}),
    });
  };
  const server = invalidFields(save.error);
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="announcement-editor-title" noValidate>
      <h2 id="announcement-editor-title">
        {announcement ? t('banners.editAnnouncement') : t('banners.newAnnouncement')}
      </h2>
      <div className="grid2">
        <div className="field">
          <label htmlFor="announcement-kind">{t('banners.kind')}</label>
          <select id="announcement-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)}>
            {ANNOUNCEMENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`banners.kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
        {kind === 'PU' && (
          <div className="field">
            <label htmlFor="announcement-execution">{t('banners.execution')}</label>
            <select
              id="announcement-execution"
              name="execution"
              defaultValue={announcement?.execution ?? 'B'}
            >
              {POPUP_EXECUTIONS.map((x) => (
                <option key={x} value={x}>
                  {t(`banners.executions.${x}`)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      {kind !== 'H' && <TitleFields row={announcement} server={server} />}
      <div className="grid2">
        <div className="field">
          <label htmlFor="announcement-pt">{t('banners.contentPT')}</label>
          <textarea
            id="announcement-pt"
            name="contentPT"
            rows={kind === 'H' ? 2 : 6}
            maxLength={CONTENT_BODY_MAX}
            defaultValue={announcement?.contentPT}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="announcement-en">{t('banners.contentEN')}</label>
          <textarea
            id="announcement-en"
            name="contentEN"
            rows={kind === 'H' ? 2 : 6}
            maxLength={CONTENT_BODY_MAX}
            defaultValue={announcement?.contentEN}
            required
          />
        </div>
      </div>
      <p className="field__help">{t('banners.contentHelp')}</p>
      <div className="grid2">
        <label className="check">
          <input type="checkbox" name="enabled" defaultChecked={announcement?.enabled ?? true} />{' '}
          {t('cs.enabledHelp')}
        </label>
        <Field label={t('cs.reason')} name="reason" maxLength={500} />
      </div>
      {save.isError && <Notice kind="error">{errorText(save.error)}</Notice>}
      <EditorButtons onDone={onDone} pending={save.isPending} />
    </form>
  );
}

/** The PT and EN titles of a banner or announcement, with what the server said of them. */
function TitleFields({
  row,
  server,
}: {
  row: { titlePT: string; titleEN: string } | null | undefined;
  server: Record<string, string>;
}) {
  const { t } = useI18n();
  return (
    <div className="grid2">
      {(['titlePT', 'titleEN'] as const).map((name) => (
        <Field
          key={name}
          label={t(`banners.${name}`)}
          name={name}
          required
          maxLength={CONTENT_TITLE_MAX}
          defaultValue={row?.[name]}
          error={server[name] ? t('banners.titleInvalid') : undefined}
        />
      ))}
    </div>
  );
}
