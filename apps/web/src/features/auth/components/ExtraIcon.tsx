import { StrokeIcon } from '@/ui';

/** Icons only the auth forms use: kept out of the shell's icon set (first-route budget). */
const PATHS = {
  refresh: 'M20 11a8 8 0 0 0-14.7-4.3M4 4v3.5h3.5M4 13a8 8 0 0 0 14.7 4.3M20 20v-3.5h-3.5',
  play: 'M7 4l13 8-13 8z',
} as const;

export function ExtraIcon({ name, size = 20 }: { name: keyof typeof PATHS; size?: number }) {
  return <StrokeIcon d={PATHS[name]} size={size} />;
}
