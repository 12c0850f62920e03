/**
 * The API Test screen: choose a call and its parameters and a token, run it, read the response. The state
 * (an operationId and its parameter values) lives in the URL, never the token (lib/use-tester-state.ts);
 * requests are built by pure functions in ../lib; the form is request-form.tsx. This component wires them.
 */
import { useRef, useState, type Ref } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { brand } from '../../../../generated/brand';
import type { ApiFamily } from '../../../../shared/api-family';
import { PageHeader } from '../../../components/page-header';
import { PUBLIC_API_BASE } from '../../../lib/api-client';
import { chosenToken } from '../../../lib/chosen-token';
import { hasAccess } from '../../../lib/token-access';
import { callPublicApi, useCallPublicApi } from '../api/call-public-api';
import { buildCurl, buildQuery, buildRequestPath, buildRequestUrl } from '../lib/build-request';
import { historyEntryFor, stateFromEntry, tokenFromEntry } from '../lib/history-entry';
import { choiceOf, detailOperationFor, findOperation, type TesterOperation } from '../lib/operations';
import { valuesForUrl, valuesFromUrl, type ParameterValues } from '../lib/parameter-values';
import { tokenFamilyOf } from '../lib/response-info';
import { onlyUsableToken, tokensUnavailableReason } from '../lib/token-fit';
import type { TesterState } from '../lib/tester-state';
import { useRequestHistory } from '../lib/use-request-history';
import { useTesterState } from '../lib/use-tester-state';
import { validateRequest, type ValidationFailure } from '../lib/validate-request';
import { CallChoices } from './call-choices';
import { ParameterFields } from './parameter-fields';
import { RequestForm } from './request-form';
import { RequestHistoryList } from './request-history-list';
import { ResponsePanel } from './response-panel';
import { TokenField, type OwnToken } from './token-field';

interface ApiTesterProps {
  operations: readonly TesterOperation[];
  /** The logged-in user's API family (their tokens reach only it). */
  userFamily: ApiFamily;
  /** The user's own tokens; undefined while loading. */
  tokens: OwnToken[] | undefined;
}

export function ApiTester({ operations, userFamily, tokens }: ApiTesterProps) {
  const tester = useTesterState(operations, userFamily);
  const { state, operation } = tester;
  // The token chosen on a documentation page travels here through "Open in API Test" (memory only).
  const [token, setToken] = useState(() => chosenToken() ?? '');
  const [failure, setFailure] = useState<ValidationFailure | null>(null);
  const history = useRequestHistory();
  const call = useCallPublicApi({ onSettled: (response, request) => history.record(historyEntryFor(request, response?.status ?? null, tokens, Date.now())) });
  const domainRef = useRef<HTMLInputElement>(null);
  const tokenRef = useRef<HTMLInputElement>(null);
  const fieldRefs = useRef(new Map<string, HTMLInputElement | null>());
  const fieldRef =
    (name: string): Ref<HTMLInputElement> =>
    (element) =>
      void fieldRefs.current.set(name, element);

  const send = (next: TesterState, values: ParameterValues) => {
    const target = operations.find((op) => op.operationId === next.operationId);
    const problem = validateRequest({ operation: target, token, values });
    setFailure(problem);
    if (problem) {
      const focus = problem.field === 'domain' ? domainRef.current : problem.field === 'token' ? tokenRef.current : fieldRefs.current.get(problem.field);
      focus?.focus();
      return;
    }
    if (target) call.mutate({ operation: target, values: next.values, token });
  };
  /** Test API: the values as typed; valid ones reach the URL, and any that breaks the spec stops the call. */
  const run = () => {
    const next = { ...state, values: tester.committedValues() };
    tester.setTypedState(next);
    send(next, { ...next.values, ...tester.texts });
  };
  /** Runs a call the screen itself chose (a row's id, another page). */
  const runState = (next: TesterState) => {
    tester.setState(next);
    send(next, next.values);
  };

  const restore = (entry: Parameters<typeof history.record>[0]) => {
    const restored = stateFromEntry(entry, operations);
    if (!restored) return;
    setFailure(null);
    tester.setState(restored);
    const own = restored.family === userFamily ? tokenFromEntry(entry, tokens) : undefined;
    if (own) setToken(own.token);
  };
  // Another API keeps the same kind of call where it has one; the old response no longer applies, and a
  // token of the other API (by its prefix) cannot call it.
  const switchFamily = (family: ApiFamily) => {
    const same = operation ? findOperation(operations, { ...choiceOf(operation), family }) : undefined;
    tester.setState({ family, operationId: same?.operationId ?? null, values: {} });
    call.reset();
    const tokenFamily = tokenFamilyOf(token, brand.tokenPrefix);
    if (tokenFamily !== null && tokenFamily !== family) setToken('');
  };
  // Another call keeps the values both take (the ID, the size); another domain or order type starts at page 0.
  const chooseOperation = (chosen: TesterOperation | undefined) => {
    if (failure && failure.field !== 'token') setFailure(null);
    const carried = operation ? new URLSearchParams(valuesForUrl(operation, tester.committedValues())) : new URLSearchParams();
    if (chosen && operation && (chosen.domain !== operation.domain || chosen.orderType !== operation.orderType)) carried.delete('page');
    tester.setState({ family: state.family, operationId: chosen?.operationId ?? null, values: chosen ? valuesFromUrl(chosen, carried) : {} });
  };

  const shown = call.data?.operation;
  const detail = shown?.mode === 'list' ? detailOperationFor(operations, shown) : undefined;
  const openId = (id: string) => {
    if (detail?.idParam) runState({ family: detail.family, operationId: detail.operationId, values: { [detail.idParam]: id } });
  };
  const openPage = (page: number) => runState({ ...state, values: { ...tester.committedValues(), page: String(page) } });

  // The call shown in the panel, token included: "Download CSV: all pages" asks its other pages with it.
  const lastRequest = call.variables;
  const displayPath = operation ? buildRequestPath(operation, tester.texts) : null;
  const query = operation ? buildQuery(operation, tester.committedValues()) : undefined;
  const relativeUrl = displayPath ? buildRequestUrl(PUBLIC_API_BASE, displayPath, query) : null;
  const curl = () =>
    buildCurl({
      url: buildRequestUrl(`${window.location.origin}${PUBLIC_API_BASE}`, displayPath ?? '', query),
      headerName: brand.apiTokenHeader,
      tokenVariable: brand.tokenVariable,
    });

  const tokensFit = state.family === userFamily;
  // With exactly one usable token (of this API, not expired), it is preselected once the list arrives.
  const [preselectDone, setPreselectDone] = useState(false);
  if (!preselectDone && tokens !== undefined) {
    setPreselectDone(true);
    const only = tokensFit ? onlyUsableToken(tokens, new Date()) : undefined;
    if (token === '' && only) setToken(only.token);
  }
  // One of the user's own tokens, when the value is one: its access marks the domains it cannot read.
  const pickedToken = tokensFit ? tokens?.find((own) => own.token === token.trim()) : undefined;
  const outsideAccess = (domain: string) => pickedToken !== undefined && !hasAccess(pickedToken, domain);

  return (
    <>
      <PageHeader title="API Test" description={`Call the ${brand.name} API from your browser with one of your tokens and inspect the response.`} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(340px, 5fr) minmax(0, 7fr)' },
          gridTemplateRows: { lg: 'auto 1fr' },
          gap: 3,
          alignItems: 'start',
        }}
      >
        <RequestForm relativeUrl={relativeUrl} curl={curl} running={call.isPending} onSend={run}>
          <CallChoices
            operations={operations}
            family={state.family}
            operation={operation}
            onFamily={switchFamily}
            onOperation={chooseOperation}
            domainRef={domainRef}
            domainError={failure?.field === 'domain' ? failure.message : null}
            outsideAccess={outsideAccess}
          />
          {operation ? (
            <ParameterFields
              operation={operation}
              texts={tester.texts}
              onText={(name, text) => {
                if (failure?.field === name) setFailure(null);
                tester.setText(name, text);
              }}
              onCommit={tester.commit}
              failure={failure}
              inputRef={fieldRef}
            />
          ) : null}
          <Divider />
          <TokenField
            ref={tokenRef}
            value={token}
            onChange={(value) => {
              setToken(value);
              if (failure?.field === 'token') setFailure(null);
            }}
            tokens={tokensFit ? tokens : []}
            family={userFamily}
            domain={operation?.domain ?? ''}
            unavailableReason={tokensUnavailableReason(userFamily, state.family)}
            error={failure?.field === 'token' ? failure.message : null}
          />
          {operation?.deprecatedSince ? (
            <Alert severity="warning">
              This operation is deprecated since {operation.deprecatedSince}: it still works, but a later major version removes it. Its responses carry a{' '}
              <code>Deprecation</code> header; the Changelog in the documentation says what replaces it.
            </Alert>
          ) : null}
        </RequestForm>
        <ResponsePanel
          response={call.data}
          error={call.error}
          running={call.isPending}
          onOpenId={detail ? openId : undefined}
          onPage={openPage}
          fetchPage={
            lastRequest ? (page, signal) => callPublicApi({ ...lastRequest, values: { ...lastRequest.values, page: String(page) } }, signal) : undefined
          }
        />
        <RequestHistoryList entries={history.entries} onRestore={restore} onClear={history.clear} />
      </Box>
    </>
  );
}
