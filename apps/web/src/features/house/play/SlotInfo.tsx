import { useMemo } from 'react';
import { HOUSE_SLOT, slotRtp } from '@banca/house-games';
import { useT } from '@/i18n';
import { symbolKey } from './SlotGame';
import { SymbolArt } from './SymbolArt';

/** The slot's rules, paytable, paylines and its exact RTP (computed here by the game's own code). */
export function SlotInfo() {
  const { t, language } = useT();
  const rtp = useMemo(() => slotRtp(HOUSE_SLOT).rtp, []);
  const percent = new Intl.NumberFormat(language === 'EN' ? 'en-GB' : 'pt-BR', {
    style: 'percent',
    minimumFractionDigits: 4,
  }).format(rtp);
  const symbols = Object.keys(HOUSE_SLOT.paytable);
  return (
    <section className="house-info" aria-labelledby="slot-info-title">
      <h2 id="slot-info-title">{t('house.tabs.info')}</h2>
      <p className="house-info__rtp">{t('house.slot.rtp', { rtp: percent })}</p>
      <p>{t('house.slot.rules')}</p>
      <h3>{t('house.slot.paytable')}</h3>
      <div className="house-info__scroll">
        <table className="house-table">
          <thead>
            <tr>
              <th scope="col">{t('house.slot.symbol')}</th>
              <th scope="col">3</th>
              <th scope="col">4</th>
              <th scope="col">5</th>
            </tr>
          </thead>
          <tbody>
            {symbols.map((symbol) => (
              <tr key={symbol}>
                <th scope="row" className="house-table__symbol">
                  <SymbolArt symbol={symbol} /> {t(symbolKey(symbol))}
                </th>
                {[3, 4, 5].map((n) => (
                  <td key={n}>×{HOUSE_SLOT.paytable[symbol]![n]}</td>
                ))}
              </tr>
            ))}
            <tr>
              <th scope="row" className="house-table__symbol">
                <SymbolArt symbol={HOUSE_SLOT.scatter} /> {t(symbolKey(HOUSE_SLOT.scatter))}
              </th>
              {[3, 4, 5].map((n) => (
                <td key={n}>×{HOUSE_SLOT.scatterPays[n]}*</td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>
      <h3>{t('house.slot.paylines')}</h3>
      <ol className="paylines">
        {HOUSE_SLOT.lines.map((rows, i) => (
          <li key={i} className="paylines__item">
            <span className="visually-hidden">{t('house.slot.line', { n: i + 1 })}</span>
            <span aria-hidden="true" className="paylines__n">
              {i + 1}
            </span>
            <span className="paylines__grid" aria-hidden="true">
              {[0, 1, 2].map((row) =>
                rows.map((r, reel) => (
                  <span key={`${row}-${reel}`} className={r === row ? 'paylines__on' : 'paylines__off'} />
                )),
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
