import { withMessages } from '@/i18n';

export const loadMemberCentrePage = withMessages(() => import('./components/MemberCentrePage'));
