/** listActivity: GET /portal/activity, one page of the account's events (newest first; `cursor` for older ones). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { components } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';
import { activityQuery, rangeProblem, type ActivityFilters } from '../lib/activity-filters';

export type ActivityEvent = components['schemas']['ActivityEvent'];

/** Asks nothing while the filters' range is impossible (rangeProblem): the field says why. */
export function useActivity(filters: ActivityFilters, cursor: string | undefined) {
  return useQuery({
    queryKey: ['activity', filters, cursor],
    enabled: rangeProblem(filters) === undefined,
    queryFn: async ({ signal }) =>
      unwrap(
        await apiClient.GET('/portal/activity', { params: { query: { ...activityQuery(filters), ...(cursor === undefined ? {} : { cursor }) } }, signal }),
      ),
    placeholderData: keepPreviousData,
  });
}
