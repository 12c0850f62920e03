/**
 * A "Sign in with ..." that failed comes back as /login?signIn=failed (or `unavailable`): said once with the
 * toast the form shows for a failed login (or the provider's 503 message), then the marker leaves the URL,
 * so a reload or the back button does not say it again.
 */
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useToast } from '../../../components/toasts';
import { LOGIN_ERROR_TOAST_MS } from '../../../../shared/limits';
import { PROVIDER_UNAVAILABLE_MESSAGE, SIGN_IN_OUTCOME_PARAM, signInOutcomeOf } from '../../../../shared/portal-data/sign-in-outcome';

export function useSignInOutcome(failedMessage: string): void {
  const [params, setParams] = useSearchParams();
  const { enqueueSnackbar } = useToast();
  const outcome = signInOutcomeOf(params.get(SIGN_IN_OUTCOME_PARAM));
  const said = useRef(false);
  useEffect(() => {
    if (outcome === undefined || said.current) return;
    said.current = true;
    enqueueSnackbar(outcome === 'failed' ? failedMessage : PROVIDER_UNAVAILABLE_MESSAGE, {
      variant: 'error',
      autoHideDuration: LOGIN_ERROR_TOAST_MS,
      preventDuplicate: true,
    });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SIGN_IN_OUTCOME_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [outcome, failedMessage, enqueueSnackbar, setParams]);
}
