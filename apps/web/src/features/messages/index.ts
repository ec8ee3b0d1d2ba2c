import { lazy } from 'react';
import { withMessages } from '@/i18n';

/**
 * Platform messages: the member-centre inbox (messageV2, its own lazy chunk with its messages) and
 * the unread count the header bell, the avatar menu and the member-centre menu show (light: one
 * query, no page code).
 */
export { useUnreadMessages } from './api/unread';
export const MessagesPage = lazy(withMessages(() => import('./components/MessagesPage')));
