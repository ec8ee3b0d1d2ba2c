import { messagesCalls } from '@banca/contract/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/api';
import { useUi } from '@/state';

/** How often the header asks again while the page is open (and visible: no polling in the background). */
export const UNREAD_REFRESH_MS = 60_000;

/** Every messages query of a member starts with this key; the unread count is one of them. */
export const messagesKey = (memberId: number | undefined) => ['messages', memberId] as const;
export const unreadKey = (memberId: number | undefined) => [...messagesKey(memberId), 'unread'] as const;

/**
 * The member's unread count (GET CSP_unreadCount). Keyed by member id so a switch of account never
 * shows the last one's figure; asked only for a logged-in real account (trial accounts cannot call it).
 */
export const unreadQuery = (memberId: number | undefined, enabled: boolean) =>
  queryOptions({
    queryKey: unreadKey(memberId),
    queryFn: async ({ signal }) => (await apiCall(messagesCalls.unreadCount, { signal })).count,
    enabled: enabled && memberId !== undefined,
    refetchInterval: UNREAD_REFRESH_MS,
    // The app's default is off; the count is worth one small call when the member comes back (once
    // it is more than 15 s old, so flicking between windows does not repeat it).
    refetchOnWindowFocus: true,
    staleTime: 15_000,
    retry: 1,
  });

/**
 * The unread count for the header bell, the avatar menu and the member-centre menu: undefined until
 * known (and for visitors and trial accounts), then a number. Every user of it shares one query, so
 * the header asks once a minute however many badges it shows. Reads and deletes set it from their
 * answers (messages-api.ts).
 */
export function useUnreadMessages(): number | undefined {
  const memberId = useUi((state) => state.memberInfo?.id);
  const real = useUi((state) => state.isLogin && !state.isTrial);
  return useQuery(unreadQuery(memberId, real)).data;
}
