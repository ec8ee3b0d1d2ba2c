import { useCountries } from '@/features/system';
import { HTML_LANG, useT } from '@/i18n';
import { FormField } from '@/ui/form';

const FALLBACK = [{ countryCode: 'BR', countryDialingCode: '+55', name: 'Brasil' }];

/**
 * A country's name in the viewer's language: the server's list names countries in Portuguese, so
 * an English viewer would read "+55 Brasil". Intl knows the region codes; the server's name stays
 * the fallback for a code Intl does not know or a browser without DisplayNames.
 */
export const countryName = (locale: string, countryCode: string, fallback: string): string => {
  try {
    const name = new Intl.DisplayNames([locale], { type: 'region' }).of(countryCode.toUpperCase());
    return name && name !== countryCode.toUpperCase() ? name : fallback;
  } catch {
    return fallback;
  }
};

/** The first dialing code of the merchant's country list (GET /wps/system/countries). */
export const useDefaultDial = () => useCountries()[0]?.countryDialingCode ?? '+55';

/** Country dialing code select from /wps/system/countries. */
export function DialSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t, language } = useT();
  const locale = HTML_LANG[language];
  const countries = useCountries();
  const list = countries.length ? countries : FALLBACK;
  return (
    <FormField id={id} label={t('auth.countryCode')}>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete="tel-country-code"
      >
        {list.map((c) => (
          <option key={c.countryCode} value={c.countryDialingCode}>
            {c.countryDialingCode} {countryName(locale, c.countryCode, c.name)}
          </option>
        ))}
      </select>
    </FormField>
  );
}
