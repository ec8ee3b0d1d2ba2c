import { LANGUAGES } from '@banca/contract';
import { isLanguage, setLanguage, useT } from '@/i18n';
import { Icon } from '@/ui';

/** PT (default) or EN; remembered in localStorage. Labelled "Idioma" / "Language". */
export function LanguageSelect({ id, className }: { id: string; className?: string }) {
  const { t, language } = useT();
  return (
    <span className={`lang-select ${className ?? ''}`}>
      <Icon name="globe" size={18} className="lang-select__icon" />
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void setLanguage(next);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang === 'PT' ? 'pt-BR' : 'en'}>
            {t(`language.${lang}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
