import { lazy } from 'react';
import { withMessages } from '@/i18n';

export { usePromotions } from './promotions';
export type { PromotionSummary } from './promotions';
export const HelpModal = lazy(withMessages(() => import('./components/HelpModal')));
export const loadPromotionsPage = withMessages(() => import('./components/PromotionsPage'));
