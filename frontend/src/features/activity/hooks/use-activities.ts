import { useInfiniteQuery } from '@tanstack/react-query';
import { ACTIVITY_PAGE_SIZE, getActivities } from '../api/get-activities';
import { ACTIVITY_QUERIES } from '../api/query-keys';

/**
 * The feed, one page of activities at first, older pages on request. A refetch reads every loaded
 * page again, from the newest, so no entry is skipped when new ones push the first page along.
 */
export function useActivities() {
  const feed = useInfiniteQuery({
    queryKey: ACTIVITY_QUERIES.feed,
    queryFn: ({ pageParam, signal }) => getActivities(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => (page.length >= ACTIVITY_PAGE_SIZE ? page.at(-1)?.createdAt : undefined),
  });

  async function loadMore() {
    if (feed.isFetchingNextPage) return;
    const result = await feed.fetchNextPage();
    if (result.isFetchNextPageError) console.error('Failed to load older activities', result.error);
  }

  return {
    activities: feed.data?.pages.flat() ?? [],
    // A failed older page is shown next to its button, not in place of the feed.
    error: feed.isFetchNextPageError ? null : feed.error,
    isLoading: feed.isLoading,
    hasMore: feed.hasNextPage,
    loadingMore: feed.isFetchingNextPage,
    loadMoreFailed: feed.isFetchNextPageError && !feed.isFetchingNextPage,
    loadMore,
  };
}
