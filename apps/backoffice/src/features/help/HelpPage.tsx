import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { systemCalls } from '@banca/contract/routes';
import type { CreateHelpArticleBody, OpsHelpArticle, UpdateHelpArticleBody } from '@banca/contract';
import { ApiError, opsCall } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { Field } from '@/ui/Field.tsx';
import { FilterBar } from '@/ui/FilterBar.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { formatTime } from '@/ui/format.ts';
import { useUrlFilters } from '@/ui/url-state.ts';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { applyWrap, sanitizePreview, TOOLBAR } from './rich-text.ts';

const FILTERS = ['lang', 'state', 'q'] as const;
const KEY = ['ops', 'help-articles'];

/** Help centre: every article by language, an editor with a small toolbar and a live sanitised preview. */
export function HelpPage() {
  const { t } = useI18n();
  const { values, setFilters } = useUrlFilters(FILTERS);
  const [editing, setEditing] = useState<OpsHelpArticle | 'new' | null>(null);
  const query = useQuery({
    queryKey: [...KEY, values.lang],
    queryFn: () =>
      opsCall<{ articles: OpsHelpArticle[] }>(systemCalls.listHelpArticles, {
        query: { lang: values.lang || undefined },
      }),
  });
  const client = useQueryClient();
  const toggle = useMutation({
    mutationFn: (a: OpsHelpArticle) =>
      opsCall<OpsHelpArticle>(systemCalls.updateHelpArticle, {
        params: { id: a.id },
        body: { published: !a.published } satisfies UpdateHelpArticleBody,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
  const q = values.q.trim().toLowerCase();
  const rows = (query.data?.articles ?? []).filter(
    (a) =>
      (!values.state || (values.state === 'published') === a.published) &&
      (!q || a.title.toLowerCase().includes(q) || a.slug.includes(q)),
  );

  const columns: DataColumn<OpsHelpArticle>[] = [
    { id: 'lang', header: t('help.lang'), value: (a) => a.lang, cell: (a) => a.lang, sortable: true },
    {
      id: 'title',
      header: t('help.articleTitle'),
      value: (a) => a.title,
      cell: (a) => a.title,
      sortable: true,
    },
    { id: 'slug', header: t('help.slug'), value: (a) => a.slug, cell: (a) => <code>{a.slug}</code> },
    {
      id: 'device',
      header: t('help.device'),
      value: (a) => a.device,
      cell: (a) => t(`help.devices.${a.device}`),
    },
    {
      id: 'sort',
      header: t('help.sort'),
      value: (a) => a.sort,
      cell: (a) => a.sort,
      sortable: true,
      numeric: true,
    },
    {
      id: 'published',
      header: t('help.state'),
      value: (a) => (a.published ? 'published' : 'draft'),
      cell: (a) => (
        <span className={`badge ${a.published ? 'badge--ok' : 'badge--warn'}`}>
          {a.published ? t('help.published') : t('help.draft')}
        </span>
      ),
      sortable: true,
    },
    {
      id: 'updatedAt',
      header: t('help.updatedAt'),
      value: (a) => a.updatedAt,
      cell: (a) => formatTime(a.updatedAt),
      sortable: true,
    },
    {
      id: 'actions',
      header: t('help.actions'),
      value: () => null,
      cell: (a) => (
        <div className="actions">
          <button type="button" className="btn btn--sm" onClick={() => setEditing(a)}>
            {t('help.edit')}
          </button>
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            disabled={toggle.isPending}
            onClick={() => toggle.mutate(a)}
          >
            {a.published ? t('help.unpublish') : t('help.publish')}
          </button>
        </div>
      ),
    },
  ];

  return (
    <section className="page">
      <PageHeader
        title={t('help.title')}
        subtitle={t('help.subtitle')}
        action={
          <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
            {t('help.new')}
          </button>
        }
      />
      {editing && (
        <ArticleEditor
          key={editing === 'new' ? 'new' : editing.id}
          article={editing === 'new' ? null : editing}
          defaultLang={values.lang === 'EN' ? 'EN' : 'PT'}
          onDone={() => setEditing(null)}
        />
      )}
      <FilterBar
        filters={[
          { name: 'q', label: t('help.search'), type: 'text' },
          {
            name: 'lang',
            label: t('help.lang'),
            type: 'select',
            options: [
              { value: '', label: t('help.allLangs') },
              { value: 'PT', label: 'PT' },
              { value: 'EN', label: 'EN' },
            ],
          },
          {
            name: 'state',
            label: t('help.state'),
            type: 'select',
            options: [
              { value: '', label: t('help.allStates') },
              { value: 'published', label: t('help.published') },
              { value: 'draft', label: t('help.draft') },
            ],
          },
        ]}
        values={values}
        onApply={setFilters}
      />
      {query.isError && <Notice kind="error">{query.error.message}</Notice>}
      {toggle.isError && <Notice kind="error">{toggle.error.message}</Notice>}
      <DataTable
        caption={t('help.title')}
        columns={columns}
        rows={rows}
        rowKey={(a) => String(a.id)}
        loading={query.isFetching}
        exportName="help-articles.csv"
        exportRows={async () => rows}
      />
    </section>
  );
}

function ArticleEditor({
  article,
  defaultLang,
  onDone,
}: {
  article: OpsHelpArticle | null;
  defaultLang: 'PT' | 'EN';
  onDone: () => void;
}) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [body, setBody] = useState(article?.content ?? '');
  const area = useRef<HTMLTextAreaElement>(null);
  const save = useMutation({
    mutationFn: (input: CreateHelpArticleBody) =>
      article
        ? opsCall<OpsHelpArticle>(systemCalls.updateHelpArticle, {
            params: { id: article.id },
            body: {
              slug: input.slug,
              title: input.title,
              content: input.content,
              sort: input.sort,
              published: input.published,
              ...(input.reason ? { reason: input.reason } : {}),
            } satisfies UpdateHelpArticleBody,
          })
        : opsCall<OpsHelpArticle>(systemCalls.createHelpArticle, { body: input }),
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
      lang: form.get('lang') === 'EN' ? 'EN' : 'PT',
      slug: String(form.get('slug') ?? '').trim(),
      title: String(form.get('title') ?? '').trim(),
      content: body,
      sort: Number(form.get('sort') ?? 0),
      published: form.get('published') === 'on',
      ...(reason ? { reason } : {}),
    });
  };
  const wrap = (index: number) => {
    const el = area.current;
    const tool = TOOLBAR[index]!;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    const next = applyWrap(body, start, end, tool.wrap, t('help.sample'));
    setBody(next.text);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(next.selection[0], next.selection[1]);
    });
  };
  const error = save.error instanceof ApiError ? save.error : null;
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="help-editor-title">
      <h2 id="help-editor-title">
        {article ? t('help.editTitle', { title: article.title }) : t('help.new')}
      </h2>
      <div className="grid2">
        <div className="field">
          <label htmlFor="help-lang">{t('help.lang')}</label>
          <select id="help-lang" name="lang" defaultValue={article?.lang ?? defaultLang} disabled={!!article}>
            <option value="PT">{t('help.langs.PT')}</option>
            <option value="EN">{t('help.langs.EN')}</option>
          </select>
        </div>
        <Field
          label={t('help.slug')}
          help={t('help.slugHelp')}
          name="slug"
          required
          defaultValue={article?.slug}
        />
        <Field
          label={t('help.articleTitle')}
          name="title"
          required
          maxLength={120}
          defaultValue={article?.title}
        />
        <Field
          label={t('help.sort')}
          name="sort"
          type="number"
          min={0}
          max={10000}
          defaultValue={article?.sort ?? 0}
        />
      </div>
      <div className="editor">
        <div className="field">
          <label htmlFor="help-body">{t('help.body')}</label>
          <div className="toolbar" role="toolbar" aria-label={t('help.toolbar')} aria-controls="help-body">
            {TOOLBAR.map((tool, i) => (
              <button
                key={tool.id}
                type="button"
                className="btn btn--sm btn--ghost"
                title={t(`help.tools.${tool.id as 'bold'}`)}
                aria-label={t(`help.tools.${tool.id as 'bold'}`)}
                onClick={() => wrap(i)}
              >
                {tool.label}
              </button>
            ))}
          </div>
          <textarea
            id="help-body"
            ref={area}
            name="content"
            rows={14}
            value={body}
            maxLength={20000}
            onChange={(e) => setBody(e.target.value)}
            spellCheck
          />
          <p className="field__help">{t('help.bodyHelp')}</p>
        </div>
        <div className="field">
          <span className="label" id="help-preview-label">
            {t('help.preview')}
          </span>
          <div
            className="rich-text preview"
            aria-labelledby="help-preview-label"
            data-testid="help-preview"
            dangerouslySetInnerHTML={{ __html: sanitizePreview(body) }}
          />
        </div>
      </div>
      <div className="grid2">
        <label className="check">
          <input type="checkbox" name="published" defaultChecked={article?.published ?? false} />{' '}
          {t('help.publishNow')}
        </label>
        <Field label={t('help.reason')} name="reason" maxLength={500} />
      </div>
      {error && (
        <Notice kind="error">
          {error.message}
          {error.code === 'invalid_input' && error.value ? ` ${JSON.stringify(error.value)}` : ''}
        </Notice>
      )}
      <div className="row row--end">
        <button type="button" className="btn btn--ghost" onClick={onDone}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {t('common.save')}
        </button>
      </div>
    </form>
  );
}
