import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { systemCalls } from '@banca/contract/routes';
import {
  CS_TYPES,
  CUSTOMER_SERVICE_LABEL_MAX,
  CUSTOMER_SERVICE_LINK_MAX,
  customerServiceLinkKind,
  type CreateCustomerServiceBody,
  type OpsCustomerService,
  type UpdateCustomerServiceBody,
} from '@banca/contract';
import { errorText, invalidFields, opsCall } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { Field } from '@/ui/Field.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';
import { useOrderedList } from '@/ui/ordered-list.tsx';

const KEY = ['ops', 'customer-service'];
type Entries = { entries: OpsCustomerService[] };
type CsType = OpsCustomerService['csType'];

/** What is wrong with a link for this kind of entry (the contract's rule, checked again on save). */
function linkProblem(csType: CsType, link: string): 'linkInvalid' | 'linkEmail' | 'linkNotEmail' | null {
  const kind = customerServiceLinkKind(link.trim());
  if (!kind) return 'linkInvalid';
  if (csType === 'EMAIL' && kind !== 'mailto') return 'linkEmail';
  if (csType !== 'EMAIL' && kind === 'mailto') return 'linkNotEmail';
  return null;
}

/**
 * Customer service: the channels the member site's customer-service buttons open (live chat, WhatsApp,
 * Telegram, ...), in the order the site picks them. Add, edit, switch off, reorder and delete; each
 * change is audited and the member site shows it at its next page load on every node.
 */
export function CustomerServicePage() {
  const { t } = useI18n();
  const client = useQueryClient();
  const [editing, setEditing] = useState<OpsCustomerService | 'new' | null>(null);
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => opsCall<Entries>(systemCalls.listCustomerServices),
  });
  const entries = query.data?.entries ?? [];
  const done = (data: Entries | OpsCustomerService) =>
    'entries' in data ? client.setQueryData(KEY, data) : client.invalidateQueries({ queryKey: KEY });
  const list = useOrderedList(
    entries,
    (e) => e.label,
    {
      toggle: (e): Promise<Entries | OpsCustomerService> =>
        opsCall<OpsCustomerService>(systemCalls.updateCustomerService, {
          params: { id: e.id },
          body: { enabled: !e.enabled } satisfies UpdateCustomerServiceBody,
        }),
      reorder: (ids) => opsCall<Entries>(systemCalls.reorderCustomerServices, { body: { ids } }),
      remove: (e) => opsCall<Entries>(systemCalls.deleteCustomerService, { params: { id: e.id } }),
      onSaved: done,
    },
    { onEdit: setEditing, confirmDelete: (label) => t('cs.confirmDelete', { label }) },
  );

  const columns: DataColumn<OpsCustomerService>[] = [
    list.columns.order,
    {
      id: 'type',
      header: t('cs.type'),
      value: (e) => e.csType,
      cell: (e) => <span className="nowrap">{t(`cs.types.${e.csType}`)}</span>,
    },
    { id: 'label', header: t('cs.label'), value: (e) => e.label, cell: (e) => e.label },
    {
      id: 'path',
      header: t('cs.link'),
      value: (e) => e.path,
      cell: (e) => <code className="break">{e.path || t('cs.linkUnreadable')}</code>,
    },
    list.columns.state,
    list.columns.actions,
  ];

  return (
    <section className="page">
      <PageHeader
        title={t('cs.title')}
        subtitle={t('cs.subtitle')}
        action={
          <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
            {t('cs.new')}
          </button>
        }
      />
      {editing && (
        <EntryEditor
          key={editing === 'new' ? 'new' : editing.id}
          entry={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      )}
      {query.isError && <Notice kind="error">{query.error.message}</Notice>}
      {list.failure && <Notice kind="error">{errorText(list.failure)}</Notice>}
      {query.isSuccess && !entries.some((e) => e.enabled) && (
        <Notice kind="error">{t('cs.noneEnabled')}</Notice>
      )}
      <DataTable
        caption={t('cs.title')}
        columns={columns}
        rows={entries}
        rowKey={(e) => String(e.id)}
        loading={query.isFetching}
        exportName="customer-service.csv"
        exportRows={async () => entries}
      />
    </section>
  );
}

function EntryEditor({ entry, onDone }: { entry: OpsCustomerService | null; onDone: () => void }) {
  const { t } = useI18n();
  const client = useQueryClient();
  const [csType, setCsType] = useState<CsType>(entry?.csType ?? 'LIVE_CHAT');
  const [link, setLink] = useState(entry?.path ?? '');
  const [touched, setTouched] = useState(false);
  const problem = linkProblem(csType, link);
  const save = useMutation({
    mutationFn: (input: CreateCustomerServiceBody) =>
      entry
        ? opsCall<OpsCustomerService>(systemCalls.updateCustomerService, {
            params: { id: entry.id },
            body: {
              csType: input.csType,
              label: input.label,
              path: input.path,
              enabled: input.enabled,
              ...(input.reason ? { reason: input.reason } : {}),
            } satisfies UpdateCustomerServiceBody,
          })
        : opsCall<OpsCustomerService>(systemCalls.createCustomerService, { body: input }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      onDone();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    const form = new FormData(event.currentTarget);
    const reason = String(form.get('reason') ?? '').trim();
    save.mutate({
      csType,
      label: String(form.get('label') ?? '').trim(),
      path: link.trim(),
      enabled: form.get('enabled') === 'on',
      ...(reason ? { reason } : {}),
    });
  };
  const serverFields = invalidFields(save.error);
  return (
    <form className="card stack" onSubmit={submit} aria-labelledby="cs-editor-title" noValidate>
      <h2 id="cs-editor-title">{entry ? t('cs.editTitle', { label: entry.label }) : t('cs.new')}</h2>
      <div className="grid2">
        <div className="field">
          <label htmlFor="cs-type">{t('cs.type')}</label>
          <select id="cs-type" value={csType} onChange={(e) => setCsType(e.target.value as CsType)}>
            {CS_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`cs.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('cs.label')}
          help={t('cs.labelHelp', { max: CUSTOMER_SERVICE_LABEL_MAX })}
          name="label"
          required
          maxLength={CUSTOMER_SERVICE_LABEL_MAX}
          defaultValue={entry?.label}
          error={serverFields.label ? t('cs.labelInvalid') : undefined}
        />
      </div>
      <Field
        label={t('cs.link')}
        help={t(csType === 'EMAIL' ? 'cs.linkHelpEmail' : 'cs.linkHelp')}
        name="path"
        required
        maxLength={CUSTOMER_SERVICE_LINK_MAX}
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        value={link}
        onChange={(e) => setLink(e.target.value)}
        onBlur={() => setTouched(true)}
        error={(touched && problem) || serverFields.path ? t(`cs.${problem ?? 'linkInvalid'}`) : undefined}
      />
      <div className="grid2">
        <label className="check">
          <input type="checkbox" name="enabled" defaultChecked={entry?.enabled ?? true} />{' '}
          {t('cs.enabledHelp')}
        </label>
        <Field label={t('cs.reason')} name="reason" maxLength={500} />
      </div>
      {save.isError && <Notice kind="error">{errorText(save.error)}</Notice>}
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
