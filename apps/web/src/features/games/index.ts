import { withMessages } from '@/i18n';

export const loadLotteryPage = withMessages(() => import('./components/LotteryPage'));
export const loadSeamlessPage = withMessages(() => import('./components/SeamlessPage'));
