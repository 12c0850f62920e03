/**
 * Leaving a session, as Logout and Settings' "Sign out" of this session both do: leave the shell for
 * /login before the session ends, so nothing of it can still ask for data that would come back 401 (a
 * token list mounting late, say); end it whether or not that call succeeds; then forget the user's cached
 * data. The session hint goes first, so /login does not send the user straight back in.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { clearSessionHint } from '../../lib/session-hint';
import { logError } from '../../lib/log-error';

export function useLeaveSession(): { leave: (operation: string, end: () => Promise<void>) => void; leaving: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const leave = (operation: string, end: () => Promise<void>) => {
    setLeaving(true);
    clearSessionHint();
    void (async () => {
      await queryClient.cancelQueries();
      await Promise.resolve(navigate('/login', { replace: true }));
      await end().catch((error: unknown) => logError(operation, error));
      queryClient.clear();
    })();
  };
  return { leave, leaving };
}
