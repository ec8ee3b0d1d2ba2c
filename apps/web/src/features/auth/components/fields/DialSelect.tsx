import { useCountries } from '@/features/system';
import { useT } from '@/i18n';
import { FormField } from './FormField';

const FALLBACK = [{ countryCode: 'BR', countryDialingCode: '+55', name: 'Brasil' }];

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
  const { t } = useT();
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
            {c.countryDialingCode} {c.name}
          </option>
        ))}
      </select>
    </FormField>
  );
}
