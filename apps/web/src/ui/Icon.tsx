import type { SVGProps } from 'react';

/**
 * Inline SVG icon set (24px grid, stroke icons drawn with currentColor). Decorative by default
 * (aria-hidden): the control carrying the icon gets the accessible name.
 *
 * Two halves, for the first-paint budget: the icons the first route draws (here, `Icon`) and the
 * rest (FullIcon.tsx, loaded with the on-demand code that draws them). `Icon` takes only the first
 * half's names, so the type checker sends on-demand code that needs another icon to `FullIcon`.
 */
export const corePaths = {
  home: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z',
  crown: 'M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5z',
  gift: 'M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7S10.5 3 8 3.5 7 7 12 7zm0 0s1.5-4 4-3.5S17 7 12 7z',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2zM9 8h6M9 12h6M9 16h3',
  megaphone: 'M3 10v4l11 5V5zM14 8a4 4 0 0 1 0 8M6 14l1.5 6h3L9 15',
  phone: 'M7 2h10a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2',
  headset:
    'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H5a1 1 0 0 1-1-1zM20 14h-3v6h2a1 1 0 0 0 1-1zM17 20c0 1-2 2-5 2',
  globe:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.7 3.5 5.7 3.5 9s-1 6.3-3.5 9c-2.5-2.7-3.5-5.7-3.5-9S9.5 5.7 12 3z',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5z',
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  chevronRight: 'M9 5l7 7-7 7',
  trophy: 'M8 4h8v6a4 4 0 0 1-8 0zM8 6H4v1a4 4 0 0 0 4 4M16 6h4v1a4 4 0 0 1-4 4M12 14v4M8 21h8M9 18h6',
  star: 'M12 3l2.8 5.8 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 3 1.1-6.2L3 9.7l6.2-.9z',
  flame: 'M12 22a7 7 0 0 0 7-7c0-4-3-6-4-9-1 2-2 3-3.5 3.5C11 7 10.5 4.5 9 2 8 6 5 8.5 5 14a7 7 0 0 0 7 8z',
  slots: 'M3 5h18v14H3zM8 5v14M16 5v14M5 12h1M11.5 12h1M18 12h1',
  live: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zM12 3v4M12 17v4M3 12h4M17 12h4',
  fish: 'M4 12s3.5-6 9.5-6c4 0 7 3 8 6-1 3-4 6-8 6-6 0-9.5-6-9.5-6zM4 12 1.5 8M4 12l-2.5 4M16 10.5v.01',
  cards: 'M4 5l8-2 4 16-8 2zM14 4l5 1.5-3.5 14',
  ball: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8l4 3-1.5 4.5h-5L8 11zM12 3v5M16 11l4.5-1.5M14.5 15.5l2.5 4M9.5 15.5 7 19.5M8 11 3.5 9.5',
  gamepad:
    'M6 8h12a4 4 0 0 1 4 4v3a3 3 0 0 1-5.5 1.6L15 15H9l-1.5 1.6A3 3 0 0 1 2 15v-3a4 4 0 0 1 4-4zM7 11v4M5 13h4M15.5 12.5v.01M18 13.5v.01',
  ticket: 'M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4zM14 7v10',
  rooster: 'M7 21h10M12 21v-4M8 9a4 4 0 0 1 8 0v3a5 5 0 0 1-10 0V9zM11 4l1-2 1 2M16 9l3 1-3 1',
  deposit: 'M12 3v12M7 10l5 5 5-5M4 19h16',
  withdraw: 'M12 15V3M7 8l5-5 5 5M4 19h16',
  briefcase: 'M3 7h18v13H3zM8 7V5a1 1 0 0 1 1-1h6a1 1 0 0 1 1 1v2M3 12h18',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4',
  wifiOff:
    'M3 3l18 18M8.5 16.5a5 5 0 0 1 7 0M5 12.5a10 10 0 0 1 4.5-2.4M19 12.5a10 10 0 0 0-2.3-1.6M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 11 5M12 20v.01',
  help: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 1-1 1.7v.5M12 17v.01',
  gem: 'M6 3h12l4 6-10 12L2 9zM2 9h20M9 3l3 18 3-18',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  ban: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8',
  tool: 'M14.7 6.3a4 4 0 0 0 5 5L22 14l-8 8-2.3-2.3a4 4 0 0 0-5-5L2 10l8-8 2.3 2.3a4 4 0 0 0 2.4 2z',
} as const;

/** An icon of the first-paint set. */
export type CoreIconName = keyof typeof corePaths;

export type SvgProps = Omit<SVGProps<SVGSVGElement>, 'name'> & { size?: number };

/** The one icon frame: a 24x24 stroked outline path in the current text colour, hidden from readers. */
export function StrokeIcon({ d, size = 20, ...rest }: SvgProps & { d: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      {...rest}
    >
      <path d={d} />
    </svg>
  );
}

export function Icon({ name, ...rest }: SvgProps & { name: CoreIconName }) {
  return <StrokeIcon d={corePaths[name]} {...rest} />;
}
