import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { agentCalls } from '@banca/contract/routes';
import type { OpsAgentSettingsValue } from '@banca/contract';
import { ApiError, opsCall } from '@/api/client.ts';
import { useSession } from '@/app/session.tsx';
import { useI18n } from '@/i18n/i18n.ts';
import { Notice } from '@/ui/Notice.tsx';
import { formatTime } from '@/ui/format.ts';
import { ReasonField } from '@/ui/ReasonField.tsx';

const KEY = ['ops', 'agent-settings'];

const errorText = (error: unknown) => (error instanceof ApiError ? error.message : String(error));

/**
 * The agent module's own rules (GET / PUT /ops/agent-settings, agents.read / agents.manage): whether
 * agents may promote a direct downline member to agent. Shown on the contract settings tab, where an
 * operator looks for the agents' flags and thresholds; saved on its own with a reason (audited).
 * Until an operator sets it, the server's config (AGENT_PROMOTE) is in force, and the card says so.
 */
export function AgentSettingsCard() {
  const { t } = useI18n();
  const query = useQuery({
    queryKey: KEY,
    queryFn: () => opsCall<OpsAgentSettingsValue>(agentCalls.opsAgentSettings),
  });
  if (query.isError) return <Notice kind="error">{errorText(query.error)}</Notice>;
  if (!query.data) return <p className="muted">{t('agentSettings.loading')}</p>;
  return <AgentSettingsForm settings={query.data} />;
}

function AgentSettingsForm({ settings }: { settings: OpsAgentSettingsValue }) {
  const { t } = useI18n();
  const { can } = useSession();
  const client = useQueryClient();
  const editable = can('agents.manage');
  const [on, setOn] = useState(settings.promoteAllowed);
  const save = useMutation({
    mutationFn: (body: { promoteAllowed: boolean; reason: string }) =>
      opsCall<OpsAgentSettingsValue>(agentCalls.opsPutAgentSettings, { body }),
    onSuccess: (v) => client.setQueryData(KEY, v),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const reason = String(new FormData(form).get('reason') ?? '');
    save.mutate({ promoteAllowed: on, reason }, { onSuccess: () => form.reset() });
  };
  return (
    <form
      className="card stack"
      onSubmit={submit}
      aria-labelledby="agent-settings-title"
      data-testid="agent-settings"
    >
      <h2 id="agent-settings-title">{t('agentSettings.title')}</h2>
      <p className="muted small">
        {settings.source === 'operator' && settings.updatedAt
          ? t('agentSettings.updatedAt', { at: formatTime(settings.updatedAt) })
          : t('agentSettings.fromConfig')}
      </p>
      <fieldset className="group" disabled={!editable}>
        <legend className="sr-only">{t('agentSettings.title')}</legend>
        <label className="check">
          <input
            type="checkbox"
            role="switch"
            name="promoteAllowed"
            checked={on}
            onChange={(e) => setOn(e.currentTarget.checked)}
          />
          <span>{t('agentSettings.promote')}</span>
        </label>
        <p className="muted small">{t('agentSettings.promoteHelp')}</p>
      </fieldset>
      {editable && (
        <>
          <ReasonField id="agent-settings-reason" label={t('agentSettings.reason')} rows={2} />
          {save.isError && <Notice kind="error">{errorText(save.error)}</Notice>}
          {save.isSuccess && <Notice kind="ok">{t('agentSettings.saved')}</Notice>}
          <div className="row row--end">
            <button
              type="submit"
              className="btn btn--primary"
              disabled={save.isPending || on === settings.promoteAllowed}
            >
              {t('agentSettings.save')}
            </button>
          </div>
        </>
      )}
    </form>
  );
}
