import { useT } from '@/i18n';
import { useTheme } from '@/theme';
import { Icon } from '@/ui';

/** Switches between dark and light; the name says what a press does (shown as text with `showLabel`). */
export function ThemeToggle({ className, showLabel = false }: { className?: string; showLabel?: boolean }) {
  const { t } = useT();
  const { theme, toggle } = useTheme();
  const label = t(theme === 'dark' ? 'theme.toLight' : 'theme.toDark');
  return (
    <button
      type="button"
      className={className ?? 'icon-btn'}
      onClick={toggle}
      aria-label={showLabel ? undefined : label}
      title={showLabel ? undefined : label}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
      {showLabel && <span>{label}</span>}
    </button>
  );
}
