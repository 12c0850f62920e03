/**
 * What API Test and "Try it" share of running a call: the token (memory only; the one chosen on a
 * documentation page starts it), the token filled in by itself once the user's tokens arrive, the failure
 * the last Send found, the fields to focus on one, and the call. Each screen keeps its own layout and what
 * it does with the answer.
 */
import { useRef, useState, type Ref } from 'react';
import type { ApiFamily } from '../../../../shared/api-family';
import type { ApiToken } from '../../../lib/api-tokens';
import { chosenToken, rememberChosenToken } from '../../../lib/chosen-token';
import { preselectedToken, tokensUnavailableReason } from '../../../lib/token-choices';
import { useCallPublicApi, type TesterRequest, type TesterResponse } from '../api/call-public-api';
import type { TesterOperation } from './operations';
import type { ParameterValues } from './parameter-values';
import { validateRequest, type ValidationFailure } from './validate-request';

interface TesterCallOptions {
  /** The user's own tokens; undefined while loading. */
  tokens: ApiToken[] | undefined;
  /** The logged-in user's API (their tokens reach only it). */
  userFamily: ApiFamily;
  /** The API of the call shown. */
  family: ApiFamily;
  /** One of the user's tokens a link names by its id (Usage's "Open in API Test"), never by its value. */
  askedTokenId?: string | null;
  /** A token chosen here goes on to the other testers ("Try it" hands it to API Test). */
  shareToken?: boolean;
  onSettled?: (response: TesterResponse | undefined, request: TesterRequest) => void;
}

export function useTesterCall({ tokens, userFamily, family, askedTokenId = null, shareToken = false, onSettled }: TesterCallOptions) {
  const [token, setTokenState] = useState(() => chosenToken() ?? '');
  const [failure, setFailure] = useState<ValidationFailure | null>(null);
  const call = useCallPublicApi({ onSettled });
  const domainRef = useRef<HTMLInputElement>(null);
  const tokenRef = useRef<HTMLInputElement>(null);
  const fieldRefs = useRef(new Map<string, HTMLInputElement | null>());
  const fieldRef =
    (name: string): Ref<HTMLInputElement> =>
    (element) =>
      void fieldRefs.current.set(name, element);

  const setToken = (value: string) => {
    setTokenState(value);
    if (shareToken) rememberChosenToken(value === '' ? null : value);
  };
  const tokensFit = family === userFamily;
  // Once the list arrives (state adjusted during render, not in an effect).
  const [preselectDone, setPreselectDone] = useState(false);
  if (!preselectDone && tokens !== undefined) {
    setPreselectDone(true);
    const picked = preselectedToken({ tokens, fits: tokensFit, askedId: askedTokenId, current: token, now: new Date() });
    if (picked) setTokenState(picked.token);
  }

  /** A field's new text clears the failure it showed. */
  const clearFailureOf = (field: string) => {
    if (failure?.field === field) setFailure(null);
  };

  /** Sends `values` unless `checked` (what the fields hold) break a rule: then the field is marked and focused. */
  const send = (operation: TesterOperation | undefined, values: ParameterValues, checked: ParameterValues = values): boolean => {
    const problem = validateRequest({ operation, token, values: checked });
    setFailure(problem);
    if (problem) {
      const field = problem.field === 'domain' ? domainRef.current : problem.field === 'token' ? tokenRef.current : fieldRefs.current.get(problem.field);
      field?.focus();
      return false;
    }
    if (operation) call.mutate({ operation, values, token });
    return true;
  };

  /** The token field's props: the value, the user's tokens when they fit the call's API, and its failure. */
  const tokenField = {
    ref: tokenRef,
    value: token,
    onChange: (value: string) => {
      setToken(value);
      clearFailureOf('token');
    },
    tokens: tokensFit ? tokens : [],
    family: userFamily,
    unavailableReason: tokensUnavailableReason(userFamily, family),
    error: failure?.field === 'token' ? failure.message : null,
  };

  return { token, setToken, tokensFit, failure, setFailure, clearFailureOf, call, send, domainRef, fieldRef, tokenField };
}
