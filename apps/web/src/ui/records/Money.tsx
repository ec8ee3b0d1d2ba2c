import { useT } from '@/i18n';
import { formatMinorUnits } from '@/lib/money';

/**
 * An amount of minor units; `signed` shows + for gains and colours gains and losses; `currency`
 * follows the amount, smaller.
 */
export function Money({
  minor,
  signed = false,
  currency,
}: {
  minor: number;
  signed?: boolean;
  currency?: string;
}) {
  const { language } = useT();
  const text = formatMinorUnits(minor, language);
  const tail = currency ? (
    <>
      {' '}
      <span className="records__cur">{currency}</span>
    </>
  ) : null;
  if (!signed)
    return (
      <>
        {text}
        {tail}
      </>
    );
  const tone = minor > 0 ? 'is-gain' : minor < 0 ? 'is-loss' : 'is-even';
  return (
    <>
      <span className={`records__money ${tone}`}>
        {minor > 0 ? '+' : ''}
        {text}
      </span>
      {tail}
    </>
  );
}
