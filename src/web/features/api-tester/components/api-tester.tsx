/**
 * The API Test screen: choose API, domain, mode, ID, order type and token, run the call, read the response.
 * The choices live in the URL (never the token); request building is in ../lib (pure, unit-tested);
 * this component only wires the form to the call.
 */
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { brand } from '../../../../generated/brand';
import { CopyButton } from '../../../components/copy-button';
import { PageHeader } from '../../../components/page-header';
import { PUBLIC_API_BASE } from '../../../lib/api-client';
import { domainLabel } from '../../../lib/api-domains';
import { chosenToken } from '../../../lib/chosen-token';
import { hasAccess } from '../../../lib/token-access';
import { expiryState } from '../../../../shared/portal-data/token-expiry';
import { monospace } from '../../../theme/theme';
import { callPublicApi, useCallPublicApi } from '../api/call-public-api';
import { buildCurl, buildQuery, buildRequestPath, buildRequestUrl } from '../lib/build-request';
import { digitsOnly } from '../lib/digits-only';
import { choicesFromEntry, historyEntryFor, tokenFromEntry } from '../lib/history-entry';
import { isSendShortcut } from '../lib/send-shortcut';
import { useRequestHistory } from '../lib/use-request-history';
import { domainsFor, FAMILIES, findOperation, orderTypesFor, type ApiFamily, type Mode, type OrderType, type TesterOperation } from '../lib/operations';
import { tokenFamilyOf } from '../lib/response-info';
import { choicesToParams, parseChoices, parsePaging, withFamily, type TesterChoices } from '../lib/tester-choices';
import { sizeProblem, validateRequest, type ValidationFailure } from '../lib/validate-request';
import { ChoiceToggle } from './choice-toggle';
import { PagingFields } from './paging-fields';
import { RequestHistoryList } from './request-history-list';
import { ResponsePanel } from './response-panel';
import { TokenField, type OwnToken } from './token-field';

const MODES: { value: Mode; label: string }[] = [
  { value: 'list', label: 'Get List' },
  { value: 'detail', label: 'Get Detail' },
];
const ORDER_TYPE_LABELS: Record<OrderType, string> = { normal: 'Normal', return: 'Return' };

interface ApiTesterProps {
  operations: readonly TesterOperation[];
  /** The logged-in user's API family (their tokens reach only it). */
  userFamily: ApiFamily;
  /** The user's own tokens; undefined while loading. */
  tokens: OwnToken[] | undefined;
}

export function ApiTester({ operations, userFamily, tokens }: ApiTesterProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const choices = useMemo(() => parseChoices(searchParams, operations, userFamily), [searchParams, operations, userFamily]);
  // The token chosen with "Use my token" on a documentation page travels here through "Try it" (memory only).
  const [token, setToken] = useState(() => chosenToken() ?? '');
  const [failure, setFailure] = useState<ValidationFailure | null>(null);
  const history = useRequestHistory();
  const call = useCallPublicApi({ onSettled: (response, request) => history.record(historyEntryFor(request, response?.status ?? null, tokens, Date.now())) });
  const domainRef = useRef<HTMLInputElement>(null);
  const tokenRef = useRef<HTMLInputElement>(null);
  const idRef = useRef<HTMLInputElement>(null);
  const sizeRef = useRef<HTMLInputElement>(null);

  // Typed text (ID, page, size) is held here: the URL updates in a transition, and an input bound to it
  // directly would drop keystrokes made before that lands. The ID reaches the URL as typed, page and size
  // on blur or when the call runs. When the URL changes them (Previous/Next, an id link), the texts follow:
  // state adjusted during render, see react.dev "You might not need an effect".
  const [idText, setIdText] = useState(choices.id);
  const [paging, setPaging] = useState({ pageText: String(choices.page), sizeText: String(choices.size) });
  const [textsFrom, setTextsFrom] = useState({ id: choices.id, page: choices.page, size: choices.size });
  if (textsFrom.id !== choices.id || textsFrom.page !== choices.page || textsFrom.size !== choices.size) {
    setTextsFrom({ id: choices.id, page: choices.page, size: choices.size });
    if (textsFrom.id !== choices.id) setIdText(choices.id);
    if (textsFrom.page !== choices.page || textsFrom.size !== choices.size) setPaging({ pageText: String(choices.page), sizeText: String(choices.size) });
  }
  const withTypedPaging = (): TesterChoices => ({ ...choices, id: idText, ...parsePaging(paging.pageText, paging.sizeText, choices) });

  const domains = domainsFor(operations, choices.api);
  const orderTypes = choices.domain ? orderTypesFor(operations, choices.api, choices.domain) : [];
  const operation = choices.domain ? findOperation(operations, { family: choices.api, domain: choices.domain, mode: choices.mode, orderType: choices.orderType }) : undefined;
  const hasDetail = Boolean(choices.domain && findOperation(operations, { family: choices.api, domain: choices.domain, mode: 'detail', orderType: choices.orderType }));

  const setChoices = (next: TesterChoices) => setSearchParams(choicesToParams(next, operations), { replace: true });
  const update = (patch: Partial<TesterChoices>, clears?: ValidationFailure['field']) => {
    if (clears && failure?.field === clears) setFailure(null);
    setChoices({ ...choices, ...patch });
  };

  const run = (requested?: TesterChoices) => {
    let next = requested;
    if (!next) {
      next = withTypedPaging();
      if (next.page !== choices.page || next.size !== choices.size || next.id !== choices.id) setChoices(next);
    }
    const problem = validateRequest({ domain: next.domain, token, mode: next.mode, id: next.id, sizeText: requested ? undefined : paging.sizeText });
    setFailure(problem);
    if (problem) {
      ({ domain: domainRef, token: tokenRef, id: idRef, size: sizeRef })[problem.field].current?.focus();
      return;
    }
    const target = findOperation(operations, { family: next.api, domain: next.domain, mode: next.mode, orderType: next.orderType });
    if (!target) return;
    call.mutate({ operation: target, id: next.id, page: next.page, size: next.size, token });
  };
  const restore = (entry: Parameters<typeof history.record>[0]) => {
    const restored = choicesFromEntry(entry, operations);
    if (!restored) return;
    setFailure(null);
    setChoices(restored);
    const own = restored.api === userFamily ? tokenFromEntry(entry, tokens) : undefined;
    if (own) setToken(own.token);
  };

  // Another API: the old response no longer applies, and a token of the other API (by its prefix) cannot call it.
  const switchFamily = (api: ApiFamily) => {
    setChoices(withFamily(choices, api, operations));
    call.reset();
    const family = tokenFamilyOf(token, brand.tokenPrefix);
    if (family !== null && family !== api) setToken('');
  };

  const openId = (id: string) => {
    const next: TesterChoices = { ...choices, mode: 'detail', id };
    setChoices(next);
    run(next);
  };
  const openPage = (page: number) => {
    const next: TesterChoices = { ...choices, page };
    setChoices(next);
    run(next);
  };

  // The call shown in the panel, token included: "Download CSV: all pages" asks its other pages with it.
  const lastRequest = call.variables;
  const displayPath = operation ? (operation.idParam && !idText ? operation.path : buildRequestPath(operation, idText)) : null;
  const query = operation ? buildQuery(operation, choices) : undefined;
  const relativeUrl = displayPath ? buildRequestUrl(PUBLIC_API_BASE, displayPath, query) : null;
  const curl = () =>
    buildCurl({ url: buildRequestUrl(`${window.location.origin}${PUBLIC_API_BASE}`, displayPath ?? '', query), headerName: brand.apiTokenHeader, tokenVariable: brand.tokenVariable });

  const tokensFit = choices.api === userFamily;
  // With exactly one usable token (of this API, not expired), it is preselected once the list arrives.
  const [preselectDone, setPreselectDone] = useState(false);
  if (!preselectDone && tokens !== undefined) {
    setPreselectDone(true);
    const usable = tokensFit ? tokens.filter((own) => expiryState(own.expiryDate, new Date()).kind !== 'expired') : [];
    const [only] = usable;
    if (token === '' && usable.length === 1 && only) setToken(only.token);
  }
  const familyLabel = FAMILIES.find((family) => family.value === choices.api)?.label ?? '';
  const userFamilyLabel = FAMILIES.find((family) => family.value === userFamily)?.label ?? '';
  // One of the user's own tokens, when the value is one: its access marks the domains it cannot read.
  const pickedToken = tokensFit ? tokens?.find((own) => own.token === token.trim()) : undefined;
  const outsideAccess = (domain: string) => pickedToken !== undefined && !hasAccess(pickedToken, domain);
  let domainHelp = `Resources of the ${familyLabel}`;
  if (failure?.field === 'domain') domainHelp = failure.message;
  else if (choices.domain && outsideAccess(choices.domain)) domainHelp = `Not in this token's access: the call will answer 403.`;

  return (
    <>
      <PageHeader title="API Test" description={`Call the ${brand.name} API from your browser with one of your tokens and inspect the response.`} />
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(340px, 5fr) minmax(0, 7fr)' }, gridTemplateRows: { lg: 'auto 1fr' }, gap: 3, alignItems: 'start' }}>
        <Paper
          variant="outlined"
          component="form"
          aria-labelledby="request-heading"
          noValidate
          onKeyDownCapture={(event: React.KeyboardEvent) => {
            // Captured before a focused select sees Enter (and opens its menu instead).
            if (!isSendShortcut(event.nativeEvent)) return;
            event.preventDefault();
            event.stopPropagation();
            run();
          }}
          onSubmit={(event: React.FormEvent) => {
            event.preventDefault();
            run();
          }}
          sx={{ p: 2 }}
        >
          <Typography id="request-heading" variant="h2" component="h2" sx={{ mb: 2 }}>
            Request
          </Typography>
          <Stack spacing={2.5}>
            <ChoiceToggle id="tester-api" label="API" value={choices.api} options={FAMILIES} onChange={switchFamily} />
            <TextField
              select
              label="Domain"
              value={choices.domain}
              inputRef={domainRef}
              onChange={(event) => update({ domain: event.target.value, page: 0 }, 'domain')}
              error={failure?.field === 'domain'}
              helperText={domainHelp}
              slotProps={{
                inputLabel: { shrink: true },
                select: { displayEmpty: true, renderValue: (value) => (value ? domainLabel(String(value)) : 'Choose a domain') },
              }}
            >
              {domains.map((domain) => (
                <MenuItem key={domain} value={domain}>
                  <ListItemText
                    primary={domainLabel(domain)}
                    secondary={outsideAccess(domain) ? "not in this token's access" : undefined}
                    slotProps={{ primary: { variant: 'body1' } }}
                    sx={{ my: 0 }}
                  />
                </MenuItem>
              ))}
            </TextField>
            {orderTypes.length > 0 ? (
              <ChoiceToggle
                id="tester-order-type"
                label="Order type"
                value={choices.orderType}
                options={orderTypes.map((value) => ({ value, label: ORDER_TYPE_LABELS[value] }))}
                onChange={(orderType) => update({ orderType, page: 0 })}
              />
            ) : null}
            <ChoiceToggle id="tester-mode" label="Call" value={choices.mode} options={MODES} onChange={(mode) => update({ mode }, 'id')} />
            {choices.mode === 'detail' ? (
              <TextField
                label="ID"
                value={idText}
                inputRef={idRef}
                onChange={(event) => {
                  const id = digitsOnly(idText, event.target.value);
                  setIdText(id);
                  update({ id }, 'id');
                }}
                error={failure?.field === 'id'}
                helperText={failure?.field === 'id' ? failure.message : 'Numbers only'}
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
              />
            ) : (
              <PagingFields
                pageText={paging.pageText}
                sizeText={paging.sizeText}
                onChange={(texts) => {
                  setPaging(texts);
                  if (failure?.field === 'size' && !sizeProblem(texts.sizeText)) setFailure(null);
                }}
                sizeError={sizeProblem(paging.sizeText)}
                sizeRef={sizeRef}
                onCommit={() => {
                  const next = withTypedPaging();
                  // A size out of bounds stays as typed, marked, until corrected: it is never replaced silently.
                  setPaging({ pageText: String(next.page), sizeText: sizeProblem(paging.sizeText) ? paging.sizeText : String(next.size) });
                  if (next.page !== choices.page || next.size !== choices.size) setChoices(next);
                }}
              />
            )}
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
              domain={choices.domain}
              unavailableReason={
                tokensFit ? null : `Your tokens reach the ${userFamilyLabel} only. The ${familyLabel} needs a token of a ${choices.api} account: paste one below.`
              }
              error={failure?.field === 'token' ? failure.message : null}
            />
            {operation?.deprecatedSince ? (
              <Alert severity="warning">
                This operation is deprecated since {operation.deprecatedSince}: it still works, but a later major version removes it. Its
                responses carry a <code>Deprecation</code> header; the Changelog in the documentation says what replaces it.
              </Alert>
            ) : null}
            {relativeUrl ? (
              <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover', border: 1, borderColor: 'divider' }}>
                <Typography variant="caption" color="text.secondary" component="div" sx={{ fontWeight: 600, mb: 0.5 }}>
                  Request
                </Typography>
                <Box component="code" sx={{ fontFamily: monospace, fontSize: '0.8125rem', overflowWrap: 'anywhere', display: 'block' }}>
                  GET {relativeUrl}
                  <br />
                  {brand.apiTokenHeader}: ${brand.tokenVariable}
                </Box>
              </Box>
            ) : null}
            {/* Sticky at the bottom of the screen while the form runs past it: Test API is always in reach. */}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', position: 'sticky', bottom: 0, zIndex: 1, bgcolor: 'background.paper', py: 1.5, mb: -1.5 }}>
              <Button type="submit" variant="contained" size="large" startIcon={<PlayArrowIcon />} loading={call.isPending} loadingPosition="start" sx={{ flex: '1 1 auto' }}>
                Test API
              </Button>
              <CopyButton variant="text" size="large" label="Copy as cURL" text={curl} disabled={!displayPath} />
            </Box>
          </Stack>
        </Paper>
        <ResponsePanel
          response={call.data}
          error={call.error}
          running={call.isPending}
          onOpenId={hasDetail && call.data?.operation.mode === 'list' ? openId : undefined}
          onPage={openPage}
          fetchPage={lastRequest ? (page, signal) => callPublicApi({ ...lastRequest, page }, signal) : undefined}
        />
        <RequestHistoryList entries={history.entries} onRestore={restore} onClear={history.clear} />
      </Box>
    </>
  );
}

