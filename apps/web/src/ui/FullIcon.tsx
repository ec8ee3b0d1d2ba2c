import { corePaths, StrokeIcon, type SvgProps } from './Icon';

/** The icons only on-demand code draws (see Icon.tsx): kept out of the first route's bundle. */
const morePaths = {
  eye: 'M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10 10 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3 3.8M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  chevronLeft: 'M15 5l-7 7 7 7',
  chevronDown: 'M5 9l7 7 7-7',
  wallet: 'M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H3zM3 7V6a2 2 0 0 1 2-2h11v3M16 13.5h2',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10',
  mail: 'M3 5h18v14H3zM3 6l9 7 9-7',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21a7 7 0 0 1 14 0M16 3.5a4 4 0 0 1 0 7.5M18 14a6 6 0 0 1 4 7',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
} as const;

const allPaths = { ...corePaths, ...morePaths };

/** Any icon of the set. */
export type IconName = keyof typeof allPaths;

/** Every icon, for on-demand code; the first route's own components use `Icon`. */
export function FullIcon({ name, ...rest }: SvgProps & { name: IconName }) {
  return <StrokeIcon d={allPaths[name]} {...rest} />;
}
