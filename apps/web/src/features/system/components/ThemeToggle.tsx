import { useT } from '@/i18n';
import { useTheme } from '@/theme';
import { Icon } from '@/ui';

/** Switches between dark and light; the name says what a press does. */
export function ThemeToggle({ className }: { className?: string }) {
  const { t } = useT();
  const { theme, toggle } = useTheme();
  const label = t(theme === 'dark' ? 'theme.toLight' : 'theme.toDark');
  return (
    <button
      type="button"
      className={className ?? 'icon-btn'}
      onClick={toggle}
      aria-label={label}
      title={label}
    >
      <Icon name={theme === 'dark' ? 'sun' : 'moon'} />
    </button>
  );
}
