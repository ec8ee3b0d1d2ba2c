import { lazy } from 'react';
import { withMessages } from '@/i18n';

/**
 * The member's records in the member centre: betting record (personalHistoryCopy), profit and loss
 * (personalProfit) and bonus details (bonusDetails), each its own lazy chunk with its messages.
 */
export const BettingRecord = lazy(withMessages(() => import('./components/BettingRecord')));
export const ProfitReport = lazy(withMessages(() => import('./components/ProfitReport')));
export const BonusDetails = lazy(withMessages(() => import('./components/BonusDetails')));
