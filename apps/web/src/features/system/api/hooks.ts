import { useQuery } from '@tanstack/react-query';
import { useT } from '@/i18n';
import {
  countriesQuery,
  customerServiceQuery,
  helpCenterQuery,
  resourcesQuery,
  whitelabelQuery,
} from './system-api';

export const useWhitelabel = () => useQuery(whitelabelQuery).data ?? null;
export const useResources = () => useQuery(resourcesQuery).data ?? [];
export const useCustomerServices = () => useQuery(customerServiceQuery);
export const useCountries = () => useQuery(countriesQuery).data ?? [];
export const useHelpCenter = () => {
  const { language } = useT();
  return useQuery(helpCenterQuery(language));
};
/** The merchant's display name, before the white-label loads too. */
export const useSiteName = () => useWhitelabel()?.siteName || 'Banca';
