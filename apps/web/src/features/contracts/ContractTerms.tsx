import type { ContractTier, ContractView } from '@banca/contract';
import { useT } from '@/i18n';
import { formatMinorUnits } from '@/lib/money';

/** A rate in basis points as a percentage (150 -> 1.5 %). */
export const percent = (bp: number, language: string) =>
  `${(bp / 100).toLocaleString(language === 'EN' ? 'en' : 'pt-BR', { maximumFractionDigits: 2 })} %`;

/** A contract's tiers as a table with the spec's labels. */
export function ContractTerms({ contract }: { contract: Pick<ContractView, 'kind' | 'tiers'> }) {
  const { t, language } = useT();
  const money = (n: number) => formatMinorUnits(n, language);
  const rows = contract.tiers as ContractTier[];
  const realtime = contract.kind === 'REALTIME';
  const dividend = contract.kind === 'DIVIDEND';
  return (
    <table className="contract-terms">
      <caption className="visually-hidden">{t('contracts.tiers')}</caption>
      <thead>
        <tr>
          <th scope="col">#</th>
          {realtime ? (
            <>
              <th scope="col">{t('contracts.minBet')}</th>
              <th scope="col">{t('contracts.profitRate')}</th>
              <th scope="col">{t('contracts.lossRate')}</th>
            </>
          ) : (
            <>
              <th scope="col">
                {dividend
                  ? t('contracts.periodValidBet')
                  : contract.kind === 'HOURLY'
                    ? t('contracts.hourlyBetAmount')
                    : t('contracts.dailyBetAmount')}
              </th>
              {dividend && <th scope="col">{t('contracts.periodPnl')}</th>}
              <th scope="col">{t('contracts.activeMembers')}</th>
              <th scope="col">{t('contracts.rate')}</th>
            </>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((tier, i) => (
          <tr key={i}>
            <td>{i + 1}</td>
            {'minBet' in tier ? (
              <>
                <td>{money(tier.minBet)}</td>
                <td>{percent(tier.profitRateBp, language)}</td>
                <td>{percent(tier.lossRateBp, language)}</td>
              </>
            ) : (
              <>
                <td>{money(tier.validBet)}</td>
                {'netLoss' in tier && <td>{money(-tier.netLoss)}</td>}
                <td>{tier.activeMembers}</td>
                <td>
                  {'rateBp' in tier
                    ? percent(tier.rateBp, language)
                    : tier.rateType === 'FIXED'
                      ? money(tier.rate)
                      : percent(tier.rate, language)}
                </td>
              </>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
