import type { Activity } from '@papan/shared';
import { useState } from 'react';
import { useQuery } from '../../../lib/use-query';
import { ACTIVITY_PAGE_SIZE, getActivities } from '../api/get-activities';

/** The first page of the feed, plus older pages fetched on request. */
export function useActivities() {
  const first = useQuery('activities', (signal) => getActivities(undefined, signal));
  const [older, setOlder] = useState<Activity[]>([]);
  const [lastPageSize, setLastPageSize] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [loadMoreFailed, setLoadMoreFailed] = useState(false);

  const activities = [...(first.data ?? []), ...older];
  const hasMore = (lastPageSize ?? first.data?.length ?? 0) >= ACTIVITY_PAGE_SIZE;

  async function loadMore() {
    const oldest = activities[activities.length - 1];
    if (!oldest || loadingMore) return;
    setLoadingMore(true);
    setLoadMoreFailed(false);
    try {
      const page = await getActivities(oldest.createdAt);
      setOlder((current) => [...current, ...page]);
      setLastPageSize(page.length);
    } catch (error) {
      console.error('Failed to load older activities', error);
      setLoadMoreFailed(true);
    } finally {
      setLoadingMore(false);
    }
  }

  return {
    activities,
    error: first.error,
    isLoading: first.isLoading,
    hasMore,
    loadingMore,
    loadMoreFailed,
    loadMore,
  };
}
