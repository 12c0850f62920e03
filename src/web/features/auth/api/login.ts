/** login: POST /auth/login. On success the session cookie is set and the returned user becomes the current user. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { operations } from '../../../../generated/api';
import { apiClient, unwrap } from '../../../lib/api-client';
import { currentUserQueryKey, rememberUserType, type CurrentUser } from '../../../lib/current-user';

export type LoginBody = operations['login']['requestBody']['content']['application/json'];

export async function login(body: LoginBody): Promise<CurrentUser> {
  return unwrap(await apiClient.POST('/auth/login', { body }));
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      // A previous user's cached data must not show through to the new one.
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, user);
      rememberUserType(user.userType);
    },
  });
}
