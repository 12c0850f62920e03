/** resetSandbox: POST /portal/sandbox/reset; the account's sandbox data made again, answered with when. */
import { useMutation } from '@tanstack/react-query';
import { apiClient, unwrap } from '../../../lib/api-client';

export async function resetSandbox(): Promise<string> {
  return unwrap(await apiClient.POST('/portal/sandbox/reset')).resetDate;
}

export function useResetSandbox() {
  return useMutation({ mutationFn: resetSandbox });
}
