import { lazy } from 'react';
import { withMessages } from '@/i18n';

export { HomePage } from './components/HomePage';
export { useCatalogueVendors } from './hooks/useCatalogueVendors';
export const loadGameCentrePage = withMessages(() => import('./components/GameCentrePage'));
export const loadGameListPage = withMessages(() => import('./components/GameListPage'));
export const loadAccountListPage = withMessages(() => import('./components/AccountListPage'));
/** The game and vendor popups (launch routing, spec section 4), loaded when first opened. */
export const GamePopup = lazy(withMessages(() => import('./components/GamePopup')));
export const VendorGamesPopup = lazy(withMessages(() => import('./components/VendorGamesPopup')));
