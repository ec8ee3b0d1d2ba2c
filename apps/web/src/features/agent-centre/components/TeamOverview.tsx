import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  TEAM_PERIODS,
  type TeamOverviewValue,
  type TeamPeriod,
  type TeamSummaryValue,
} from '@banca/contract';
import { useWhitelabel } from '@/features/system';
import { useT } from '@/i18n';
import { formatMinorUnits } from '@/lib/money';
import { useUi } from '@/state';
import { Button, FullIcon, Skeleton, type IconName } from '@/ui';
import { teamOverviewQuery, teamSummaryQuery } from '../api/agent-api';

const FIGURES: { key: keyof TeamOverviewValue; icon: IconName }[] = [
  { key: 'directMembers', icon: 'user' },
  { key: 'totalMembers', icon: 'users' },
  { key: 'directAgents', icon: 'briefcase' },
  { key: 'newThisMonth', icon: 'star' },
];

type SummaryKey = Exclude<
  keyof TeamSummaryValue,
  'period' | 'from' | 'to' | 'currency' | 'depositCount' | 'withdrawalCount'
>;
const PERIOD_FIGURES: { key: SummaryKey; money?: boolean }[] = [
  { key: 'teamSize' },
  { key: 'newMembers' },
  { key: 'activeMembers' },
  { key: 'depositAmount', money: true },
  { key: 'withdrawalAmount', money: true },
  { key: 'validBet', money: true },
  { key: 'profit', money: true },
  { key: 'bonusAmount', money: true },
];

/**
 * The team overview: head counts from the downline tree, then the team's figures over a period
 * (today, this week, this month in the merchant's days) from the reports' member rollups. While they
 * load, placeholders of the same size; if they cannot be had, a message and a retry, never a zero the
 * server did not give.
 */
export function TeamOverview() {
  const { t, language } = useT();
  const whitelabel = useWhitelabel();
  // The merchant's symbol, as the header's balance shows it (R$); a code for any other currency.
  const symbolOf = (currency: string) =>
    whitelabel?.currency === currency ? whitelabel.currencySymbol : currency;
  const memberId = useUi((state) => state.memberInfo?.id);
  const query = useQuery(teamOverviewQuery(memberId));
  const [period, setPeriod] = useState<TeamPeriod>('D');
  const summary = useQuery(teamSummaryQuery(memberId, period));
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

      <div className="team-period">
        <div className="team-period__head">
          <h3 className="team-period__title">{t('agent.summary.title')}</h3>
          <div className="team-period__tabs" role="radiogroup" aria-label={t('agent.summary.period')}>
            {TEAM_PERIODS.map((p) => (
              <button
                key={p}
                type="button"
                role="radio"
                aria-checked={p === period}
                className={`team-period__tab${p === period ? ' is-active' : ''}`}
                onClick={() => setPeriod(p)}
              >
                {t(`agent.summary.periods.${p}`)}
              </button>
            ))}
          </div>
        </div>
        {summary.data ? (
          <>
            <p className="team-period__range">
              {summary.data.from === summary.data.to
                ? summary.data.from
                : `${summary.data.from} — ${summary.data.to}`}
            </p>
            <dl className="team-period__grid" data-testid="team-summary">
              {PERIOD_FIGURES.map(({ key, money }) => {
                const value = summary.data[key];
                return (
                  <div
                    className={`team-period__cell${money && key === 'profit' && value < 0 ? ' is-loss' : ''}`}
                    key={key}
                  >
                    <dt>{t(`agent.summary.${key}`)}</dt>
                    <dd data-testid={`team-${key}`}>
                      {money
                        ? `${symbolOf(summary.data.currency)} ${formatMinorUnits(value, language)}`
                        : format.format(value)}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </>
        ) : summary.isError ? (
          <div className="team-overview__error" role="alert">
            <p>{t('agent.team.failed')}</p>
            <Button variant="outline" onClick={() => void summary.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <Skeleton height="160px" radius="lg" />
        )}
      </div>
    </section>
  );
}
