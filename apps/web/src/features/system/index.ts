import { lazy } from 'react';
import { withMessages } from '@/i18n';

export {
  statusQuery,
  whitelabelQuery,
  registerSettingsQuery,
  resourcesQuery,
  customerServiceQuery,
  countriesQuery,
  cdnQuery,
  domainRouteQuery,
  helpCenterQuery,
} from './api/system-api';
export { loadDeferredStartup, primeStartup, startupQuery, type Startup } from './startup';
export {
  useWhitelabel,
  useResources,
  useCustomerServices,
  useCountries,
  useHelpCenter,
  useSiteName,
} from './api/hooks';
export { pickOncePerSession } from './cdn';
export { hideBootCover } from './boot-cover';
export { CustomerServiceButton } from './components/CustomerServiceButton';
export { ThemeToggle } from './components/ThemeToggle';
export { BrandLink } from './components/BrandLink';
export { LanguageSelect } from './components/LanguageSelect';
export { NetworkErrorPage } from './components/NetworkErrorPage';

/** Shown only when the status says so: loaded on demand. */
export const MaintenancePage = lazy(withMessages(() => import('./components/MaintenancePage')));
export const BlockedPage = lazy(withMessages(() => import('./components/BlockedPage')));
/** The built-in customer-service page (GET /support). */
export const loadSupportPage = withMessages(() => import('./components/SupportPage'));
