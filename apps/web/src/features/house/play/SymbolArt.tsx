import type { ReactNode } from 'react';

/**
 * The slot's symbol art, drawn in SVG with theme colours (no images). Decorative: the cell around it
 * carries the symbol's name.
 */
export function SymbolArt({ symbol }: { symbol: string }) {
  return (
    <svg className={`sym sym--${symbol}`} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      {ART[symbol] ?? <circle cx="32" cy="32" r="20" className="sym__a" />}
    </svg>
  );
}

const ART: Record<string, ReactNode> = {
  cherry: (
    <>
      <path d="M32 10 C30 22 24 30 20 38 M32 10 C36 22 42 28 44 36" className="sym__stem" />
      <circle cx="20" cy="44" r="11" className="sym__a" />
      <circle cx="44" cy="42" r="11" className="sym__a" />
      <circle cx="16" cy="40" r="3" className="sym__shine" />
    </>
  ),
  plum: (
    <>
      <ellipse cx="32" cy="36" rx="18" ry="20" className="sym__b" />
      <path d="M32 16 q6 -8 14 -6" className="sym__stem" />
      <circle cx="25" cy="29" r="4" className="sym__shine" />
    </>
  ),
  lemon: (
    <>
      <ellipse cx="32" cy="34" rx="22" ry="15" className="sym__c" />
      <circle cx="10" cy="34" r="3" className="sym__c" />
      <circle cx="54" cy="34" r="3" className="sym__c" />
      <ellipse cx="26" cy="29" rx="6" ry="3" className="sym__shine" />
    </>
  ),
  melon: (
    <>
      <path d="M8 26 A24 24 0 0 0 56 26 Z" className="sym__d" />
      <path d="M14 28 A18 18 0 0 0 50 28 Z" className="sym__a" />
      <circle cx="26" cy="34" r="2" className="sym__seed" />
      <circle cx="38" cy="34" r="2" className="sym__seed" />
      <circle cx="32" cy="40" r="2" className="sym__seed" />
    </>
  ),
  grape: (
    <>
      {[
        [24, 22],
        [40, 22],
        [32, 30],
        [20, 36],
        [44, 36],
        [32, 44],
        [26, 52],
        [38, 52],
      ].map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="8" className="sym__b" />
      ))}
      <path d="M32 14 v-6" className="sym__stem" />
    </>
  ),
  bell: (
    <>
      <path d="M32 8 C18 10 18 26 16 38 L10 48 H54 L48 38 C46 26 46 10 32 8 Z" className="sym__c" />
      <circle cx="32" cy="52" r="5" className="sym__e" />
    </>
  ),
  crown: (
    <>
      <path d="M8 46 L12 18 L24 32 L32 12 L40 32 L52 18 L56 46 Z" className="sym__c" />
      <rect x="8" y="46" width="48" height="8" rx="2" className="sym__e" />
      <circle cx="32" cy="36" r="4" className="sym__a" />
    </>
  ),
  seven: (
    <text x="32" y="52" textAnchor="middle" className="sym__seven">
      7
    </text>
  ),
  wild: (
    <>
      <path d="M32 4 L39 23 L60 24 L43 36 L49 58 L32 45 L15 58 L21 36 L4 24 L25 23 Z" className="sym__wild" />
      <text x="32" y="40" textAnchor="middle" className="sym__label">
        W
      </text>
    </>
  ),
  scatter: (
    <>
      <path d="M32 4 L58 32 L32 60 L6 32 Z" className="sym__d" />
      <path d="M32 16 L46 32 L32 48 L18 32 Z" className="sym__shine" />
      <text x="32" y="37" textAnchor="middle" className="sym__label sym__label--sm">
        $
      </text>
    </>
  ),
};
