import { useQuery } from '@tanstack/react-query';
import { messagesCalls } from '@banca/contract/routes';
import type { OpsFeedbackList } from '@banca/contract';
import { opsCall } from '@/api/client.ts';

/** Every feedback read starts with this key: an answer invalidates the page and the navigation's count. */
export const FEEDBACK_KEY = ['ops', 'feedback'];
export const FEEDBACK_PAGE_SIZE = 20;

export type FeedbackFilter = 'open' | 'answered' | '';

export const feedbackListKey = (status: FeedbackFilter, pageNo: number) => [
  ...FEEDBACK_KEY,
  'list',
  status,
  pageNo,
];

export const fetchFeedback = (status: FeedbackFilter, pageNo: number, pageSize = FEEDBACK_PAGE_SIZE) =>
  opsCall<OpsFeedbackList>(messagesCalls.opsFeedbackList, {
    query: { status: status || undefined, pageNo, pageSize },
  });

/** The open feedback for the navigation's count (every minute on any page). */
export const useOpenFeedbackCount = (options: { enabled: boolean }) =>
  useQuery({
    queryKey: [...FEEDBACK_KEY, 'count'],
    queryFn: () => fetchFeedback('open', 1, 1),
    select: (list) => list.open,
    refetchInterval: 60_000,
    enabled: options.enabled,
  });
