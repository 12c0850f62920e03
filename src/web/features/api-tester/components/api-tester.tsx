/**
 * The API Test screen: choose a call and its parameters and a token, run it, read the response. The state
 * (an operationId and its parameter values) lives in the URL, never the token (lib/use-tester-state.ts);
 * requests are built by pure functions in ../lib; the form is request-form.tsx. This component wires them.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import { brand } from '../../../../generated/brand';
import { FAMILY, familiesFirst, type ApiFamily } from '../../../../shared/api-family';
import { PageHeader } from '../../../components/page-header';
import { PUBLIC_API_BASE } from '../../../lib/api-client';
import { hasAccess } from '../../../lib/token-access';
import { callPublicApi } from '../api/call-public-api';
import { buildCurl, buildQuery, buildRequestPath, buildRequestUrl } from '../lib/build-request';
import { historyEntryFor, stateFromEntry, tokenFromEntry } from '../lib/history-entry';
import { choiceOf, detailOperationFor, findOperation, type TesterOperation, type TesterOperations } from '../lib/operations';
import { valuesForUrl, valuesFromUrl, type ParameterValues } from '../lib/parameter-values';
import { tokenFamilyOf } from '../lib/response-info';
import { unknownOperation, type TesterState } from '../lib/tester-state';
import { useRequestHistory } from '../lib/use-request-history';
import { useTesterState } from '../lib/use-tester-state';
import { useTesterCall } from '../lib/use-tester-call';
import { CallChoices } from './call-choices';
import { ParameterFields } from './parameter-fields';
import { RequestForm } from './request-form';
import { RequestHistoryList } from './request-history-list';
import { ResponsePanel } from './response-panel';
import { TokenField, type OwnToken } from './token-field';

interface ApiTesterProps {
  operations: TesterOperations;
  /** The logged-in user's API family (their tokens reach only it). */
  userFamily: ApiFamily;
  /** The user's own tokens; undefined while loading. */
  tokens: OwnToken[] | undefined;
}

export function ApiTester({ operations, userFamily, tokens }: ApiTesterProps) {
  const tester = useTesterState(operations, userFamily);
  const { state, operation } = tester;
  const [searchParams] = useSearchParams();
  // A link may name one of the user's tokens by its id (Usage's "Open in API Test"), never by its value.
  const [askedTokenId] = useState(() => searchParams.get('token'));
  const history = useRequestHistory();
  // The token chosen on a documentation page travels here through "Open in API Test" (memory only).
  const {
    token,
    setToken,
    tokensFit,
    failure,
    setFailure,
    clearFailureOf,
    call,
    send: sendCall,
    domainRef,
    fieldRef,
    tokenField,
  } = useTesterCall({
    tokens,
    userFamily,
    family: state.family,
    askedTokenId,
    onSettled: (response, request) => history.record(historyEntryFor(request, response?.status ?? null, tokens, Date.now())),
  });
  // What each API had (its call, values and token) when the user switched away from it, to come back to.
  const leftBehind = useRef(new Map<ApiFamily, { state: TesterState; token: string }>());
  const responseRef = useRef<HTMLElement>(null);
  // Set by Test API: once its answer is shown, the response is scrolled into view if it is off screen (a phone).
  const revealAnswer = useRef(false);

  /** Sends `next` unless `values` (what the fields hold) break a rule: then the field is marked and focused. */
  const send = (next: TesterState, values: ParameterValues): boolean => sendCall(operations.byId.get(next.operationId ?? ''), next.values, values);
  /** Test API: the values as typed; valid ones reach the URL, and any that breaks the spec stops the call. */
  const run = () => {
    const next = { ...state, values: tester.committedValues() };
    tester.setTypedState(next);
    revealAnswer.current = send(next, { ...next.values, ...tester.texts });
  };
  /** Runs a call the screen itself chose (a row's id, another page), checked with `checked` (by default its own values). */
  const runState = (next: TesterState, checked: ParameterValues = next.values) => {
    if (send(next, checked)) tester.setState(next);
  };
  useEffect(() => {
    if (!revealAnswer.current || (!call.data && !call.error)) return;
    revealAnswer.current = false;
    const panel = responseRef.current;
    if (!panel) return;
    const { top } = panel.getBoundingClientRect();
    if (top >= 0 && top < window.innerHeight / 2) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel.scrollIntoView({ block: 'start', behavior: reduced ? 'auto' : 'smooth' });
  }, [call.data, call.error]);

  const restore = (entry: Parameters<typeof history.record>[0]) => {
    const restored = stateFromEntry(entry, operations);
    if (!restored) return;
    setFailure(null);
    tester.setState(restored);
    const own = restored.family === userFamily ? tokenFromEntry(entry, tokens) : undefined;
    if (own) setToken(own.token);
  };
  // Back in an API left before, its call, values and token return. Another API keeps the same kind of call
  // where it has one; the old response no longer applies, and a token of the other API (by its prefix)
  // cannot call it.
  const switchFamily = (family: ApiFamily) => {
    leftBehind.current.set(state.family, { state: { ...state, values: tester.committedValues() }, token });
    const before = leftBehind.current.get(family);
    const same = operation ? findOperation(operations.list, { ...choiceOf(operation), family }) : undefined;
    setFailure(null);
    tester.setState(before?.state ?? { family, operationId: same?.operationId ?? null, values: {} });
    call.reset();
    const fits = (value: string) => [null, family].includes(tokenFamilyOf(value, brand.tokenPrefix));
    if (before?.token && fits(before.token)) setToken(before.token);
    else if (!fits(token)) setToken('');
  };
  // Another call keeps the values both take (the ID, the size); another domain or order type starts at page 0.
  const chooseOperation = (chosen: TesterOperation | undefined) => {
    if (failure && failure.field !== 'token') setFailure(null);
    const carried = operation ? new URLSearchParams(valuesForUrl(operation, tester.committedValues())) : new URLSearchParams();
    if (chosen && operation && (chosen.domain !== operation.domain || chosen.orderType !== operation.orderType)) carried.delete('page');
    tester.setState({ family: state.family, operationId: chosen?.operationId ?? null, values: chosen ? valuesFromUrl(chosen, carried) : {} });
  };

  const shown = call.data?.operation;
  const detail = shown?.mode === 'list' ? detailOperationFor(operations.list, shown) : undefined;
  const openId = (id: string) => {
    if (detail?.idParam) runState({ family: detail.family, operationId: detail.operationId, values: { [detail.idParam]: id } });
  };
  // Another page keeps the other values as typed: one outside the spec (a size of 500) refuses the call, as Test API does.
  const openPage = (page: number) => {
    const values = { ...tester.committedValues(), page: String(page) };
    runState({ ...state, values }, { ...values, ...tester.texts, page: String(page) });
  };

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

  const unknown = unknownOperation(searchParams, operations);
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
          {unknown ? (
            <Alert severity="warning">
              No operation “{unknown}” in the{' '}
              {familiesFirst(userFamily)
                .map((family) => FAMILY[family].apiName)
                .join(' or the ')}
              : showing the {FAMILY[state.family].apiName} with no call chosen.
            </Alert>
          ) : null}
          <CallChoices
            operations={operations}
            family={state.family}
            userFamily={userFamily}
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
                clearFailureOf(name);
                tester.setText(name, text);
              }}
              onCommit={tester.commit}
              failure={failure}
              inputRef={fieldRef}
            />
          ) : null}
          <Divider />
          <TokenField {...tokenField} domain={operation?.domain ?? ''} />
          {operation?.deprecatedSince ? (
            <Alert severity="warning">
              This operation is deprecated since {operation.deprecatedSince}: it still works, but a later major version removes it. Its responses carry a{' '}
              <code>Deprecation</code> header; the Changelog in the documentation says what replaces it.
            </Alert>
          ) : null}
        </RequestForm>
        <ResponsePanel
          ref={responseRef}
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
