import type { Language, MemberMessage, MessageList } from '@banca/contract';
import { messagesCalls } from '@banca/contract/routes';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiCall } from '@/api';
import { messagesKey, unreadKey } from './unread';

export const MESSAGE_PAGE_SIZE = 10;

export const listKey = (memberId: number | undefined) => [...messagesKey(memberId), 'list'] as const;

/**
 * One page of the inbox, newest first. Operator messages come in the request's language, so the
 * language is part of the key (a switch asks again). The previous page of the same tab stays on
 * screen while the next one loads (another tab's list never stands in for this one's).
 */
export const messageListQuery = (
  memberId: number | undefined,
  language: Language,
  unreadOnly: boolean,
  pageNo: number,
) =>
  queryOptions({
    queryKey: [...listKey(memberId), language, unreadOnly, pageNo] as const,
    queryFn: ({ signal }) =>
      apiCall(messagesCalls.list, { signal, body: { pageNo, pageSize: MESSAGE_PAGE_SIZE, unreadOnly } }),
    enabled: memberId !== undefined,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[4] === unreadOnly ? previous : undefined,
  });

/** Every cached page with its messages changed by `change` (and the answer's unread count). */
const patchLists = (
  client: QueryClient,
  memberId: number | undefined,
  unread: number,
  change: (m: MemberMessage) => MemberMessage,
) =>
  client.setQueriesData<MessageList>({ queryKey: listKey(memberId) }, (page) =>
    page ? { ...page, unread, list: page.list.map(change) } : page,
  );

/**
 * Marks one message read. The open message stays where it is (also under Unread): the pages are
 * changed in place and only marked stale, so they are asked again on the next page or tab.
 */
export async function readMessage(client: QueryClient, memberId: number | undefined, id: number) {
  const { unread } = await apiCall(messagesCalls.read, { body: { ids: [id] } });
  client.setQueryData(unreadKey(memberId), unread);
  patchLists(client, memberId, unread, (m) => (m.id === id ? { ...m, read: true } : m));
  await client.invalidateQueries({ queryKey: listKey(memberId), refetchType: 'none' });
}

/** Marks every message read; the page on screen is asked again (under Unread it empties). */
export async function readAllMessages(client: QueryClient, memberId: number | undefined) {
  const { unread } = await apiCall(messagesCalls.read, { body: { all: true } });
  client.setQueryData(unreadKey(memberId), unread);
  patchLists(client, memberId, unread, (m) => ({ ...m, read: true }));
  await client.invalidateQueries({ queryKey: listKey(memberId) });
}

/** Deletes messages from the member's inbox; the page on screen is asked again. */
export async function deleteMessages(client: QueryClient, memberId: number | undefined, ids: number[]) {
  const { unread } = await apiCall(messagesCalls.remove, { body: { ids } });
  client.setQueryData(unreadKey(memberId), unread);
  await client.invalidateQueries({ queryKey: listKey(memberId) });
}
