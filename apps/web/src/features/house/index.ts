import { withMessages } from '@/i18n';

/** The house vendor's pages (its games run here, inside the lobby's game popup or on their own). */
export const loadHousePlayPage = withMessages(() => import('./components/HousePlayPage'));
export const loadHouseLotteryPage = withMessages(() => import('./components/HouseLotteryPage'));
export const loadSandboxPlayPage = withMessages(() => import('./components/SandboxPlayPage'));
