import { withMessages } from '@/i18n';

export { HomePage } from './components/HomePage';
export const loadGameCentrePage = withMessages(() => import('./components/GameCentrePage'));
export const loadGameListPage = withMessages(() => import('./components/GameListPage'));
export const loadAccountListPage = withMessages(() => import('./components/AccountListPage'));
