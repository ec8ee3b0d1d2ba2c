import { useQuery } from '@tanstack/react-query';
import { formatMinorUnits } from '@/lib/money';
import { useT } from '@/i18n';
import { Empty } from '@/ui';
import { rankListQuery } from '../api/lobby-api';
import { LazyImage } from './LazyImage';
import { SectionHead } from './SectionHead';

/** The winner board (spec sections 2 and 3): the 20 biggest wins, largest first, names masked by the gateway. */
export function WinnerBoard() {
  const { t, language } = useT();
  const rank = useQuery(rankListQuery(language));
  const list = rank.data ?? [];
  return (
    <section className="lobby-section winner-board" aria-labelledby="sec-winners" data-section="sec-winners">
      <SectionHead id="sec-winners" icon="trophy" title={t('home.winners')} />
      {list.length === 0 ? (
        <Empty title={rank.isPending ? t('lobby.loading') : t('home.noWinners')} compact icon="trophy" />
      ) : (
        <ol className="winner-board__list">
          {list.map((item, i) => (
            <li key={`${item.nodeId}-${i}`} className="winner-board__row">
              <span className="winner-board__rank">{i + 1}</span>
              <span className="winner-board__icon">
                <LazyImage src={item.iconUrl} />
              </span>
              <span className="winner-board__who">
                <span className="winner-board__game">{item.gameName}</span>
                <span className="winner-board__name">{item.customerName}</span>
              </span>
              <span className="winner-board__amount">
                {item.currency} {formatMinorUnits(item.winAmount, language)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
