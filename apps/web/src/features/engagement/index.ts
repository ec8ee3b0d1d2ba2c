import { withMessages } from '@/i18n';

export const loadPointMallPage = withMessages(() => import('./components/PointMallPage'));
