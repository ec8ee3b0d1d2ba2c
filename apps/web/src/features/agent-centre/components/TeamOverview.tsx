import { useQuery } from '@tanstack/react-query';
import type { TeamOverviewValue } from '@banca/contract';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Button, FullIcon, Skeleton, type IconName } from '@/ui';
import { teamOverviewQuery } from '../api/agent-api';

const FIGURES: { key: keyof TeamOverviewValue; icon: IconName }[] = [
  { key: 'directMembers', icon: 'user' },
  { key: 'totalMembers', icon: 'users' },
  { key: 'directAgents', icon: 'briefcase' },
  { key: 'newThisMonth', icon: 'star' },
];

/**
 * The team overview: the head counts the gateway reports for this agent's downline, as stat cards.
 * While they load, placeholders of the same size; if they cannot be had, a message and a retry, never
 * a zero the server did not give. The rest of the team tools are not built yet: one line says so.
 */
export function TeamOverview() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const query = useQuery(teamOverviewQuery(memberId));
  const format = new Intl.NumberFormat(language === 'EN' ? 'en-US' : 'pt-BR');

  return (
    <section className="team-overview" aria-labelledby="ac-title">
      {query.data ? (
        <dl className="stat-row team-overview__stats">
          {FIGURES.map(({ key, icon }) => (
            <div className="stat" key={key}>
              <span className="stat__icon">
                <FullIcon name={icon} size={20} />
              </span>
              <dt className="stat__label">{t(`agent.team.${key}`)}</dt>
              <dd className="stat__value">{format.format(query.data[key])}</dd>
            </div>
          ))}
        </dl>
      ) : query.isError ? (
        <div className="team-overview__error" role="alert">
          <p>{t('agent.team.failed')}</p>
          <Button variant="outline" onClick={() => void query.refetch()} disabled={query.isFetching}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <div className="stat-row team-overview__stats" role="status" aria-label={t('common.loading')}>
          {FIGURES.map(({ key }) => (
            <Skeleton key={key} height="78px" radius="lg" className="team-overview__skeleton" />
          ))}
        </div>
      )}
      <p className="team-overview__later">
        <span className="coming-soon__badge">{t('comingSoon.badge')}</span>
        {t('agent.team.later')}
      </p>
    </section>
  );
}
