import { useI18n, type Lang } from '@/i18n/i18n.ts';
import { setTheme, useTheme } from '@/theme/theme.ts';

/** Theme and language before login (the operator menu has them after). */
export function PreferencesBar() {
  const { t, lang, setLang } = useI18n();
  const theme = useTheme();
  return (
    <header className="prefs">
      <label className="prefs__item">
        <span>{t('menu.language')}</span>
        <select value={lang} onChange={(e) => setLang(e.target.value as Lang)}>
          <option value="pt">Português</option>
          <option value="en">English</option>
        </select>
      </label>
      <button
        type="button"
        className="btn btn--ghost"
        aria-pressed={theme === 'light'}
        onClick={() => setTheme(theme === 'dark' ? 'light' : 'dark')}
      >
        {t('menu.theme')}: {theme === 'dark' ? t('menu.dark') : t('menu.light')}
      </button>
    </header>
  );
}
