import { useT } from '@/i18n';
import { formatMinorUnits } from '@/lib/money';

/** An amount of minor units; `signed` shows + for gains and colours gains and losses. */
export function Money({ minor, signed = false }: { minor: number; signed?: boolean }) {
  const { language } = useT();
  const text = formatMinorUnits(minor, language);
  if (!signed) return <>{text}</>;
  const tone = minor > 0 ? 'is-gain' : minor < 0 ? 'is-loss' : 'is-even';
  return (
    <span className={`records__money ${tone}`}>
      {minor > 0 ? '+' : ''}
      {text}
    </span>
  );
}
