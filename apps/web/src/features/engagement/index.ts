import { withMessages } from '@/i18n';

export const loadPointMallPage = withMessages(() => import('./components/PointMallPage'));
export const loadVipPage = withMessages(() => import('./components/VipPage'));
