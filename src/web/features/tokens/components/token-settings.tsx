/**
 * The Settings screen's tokens: the user's API tokens as cards, Create New Token, Refresh (with its
 * grace-window question), End now and Delete (each asking first), and Edit IP allowlist. Failures are
 * logged and also shown in a short snackbar.
 */
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../../components/toasts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import { brand } from '../../../../generated/brand';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-error';
import { logError } from '../../../lib/log-error';
import type { ApiFamily } from '../../../../shared/api-family';
import { useClockTick } from '../../../lib/use-clock-tick';
import { useCreateApiToken } from '../api/create-api-token';
import { useDeleteApiToken } from '../api/delete-api-token';
import { useEndApiTokenGrace } from '../api/end-api-token-grace';
import { useApiTokens, type ApiToken } from '../../../lib/api-tokens';
import { useRefreshApiToken } from '../api/refresh-api-token';
import { useUpdateApiTokenIpAllowlist } from '../api/update-api-token-ip-allowlist';
import { useLiveTokens } from '../../../lib/use-live-tokens';
import { CreateTokenDialog } from './create-token-dialog';
import { ConfirmTokenDialog, type TokenAction, type TokenQuestion } from './confirm-token-dialog';
import { IpAllowlistDialog } from './ip-allowlist-dialog';
import { RefreshTokenDialog } from './refresh-token-dialog';
import { TokenCard } from './token-card';
import { TokenListSkeleton } from './token-list-skeleton';

export function TokenSettings({ userTypeLabel, family }: { userTypeLabel: string; family: ApiFamily }) {
  const { enqueueSnackbar } = useToast();
  const tokens = useApiTokens();
  const liveTokens = useLiveTokens();
  const create = useCreateApiToken();
  const refresh = useRefreshApiToken();
  const endGrace = useEndApiTokenGrace();
  const remove = useDeleteApiToken();
  const updateAllowlist = useUpdateApiTokenIpAllowlist();
  useClockTick();
  const now = new Date();
  const [createOpen, setCreateOpen] = useState(false);
  // The token a dialog is about stays set while it animates out, so its title does not flicker away.
  const [toConfirm, setToConfirm] = useState<TokenQuestion | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [toRefresh, setToRefresh] = useState<ApiToken | null>(null);
  const [refreshOpen, setRefreshOpen] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [toEditAllowlist, setToEditAllowlist] = useState<ApiToken | null>(null);
  const [allowlistOpen, setAllowlistOpen] = useState(false);
  const [allowlistError, setAllowlistError] = useState<string | null>(null);
  // After a delete, keyboard focus goes to the card that took the deleted one's place (or the one before it,
  // or Create New Token when none is left) instead of falling back to the page body.
  const [refocusAfterDelete, setRefocusAfterDelete] = useState<{ index: number; token: string } | null>(null);
  // After a create, focus goes to the new token's card (by its id) once the dialog has closed and the list holds it.
  const [focusCreated, setFocusCreated] = useState<number | null>(null);
  const createButtonRef = useRef<HTMLButtonElement>(null);

  const fail = (operation: string, text: string) => (error: Error) => {
    logError(operation, error);
    enqueueSnackbar(text, { variant: 'error' });
  };

  useEffect(() => {
    if (!tokens.isError) return;
    logError('List tokens', tokens.error);
    enqueueSnackbar('Your tokens could not be loaded.', { variant: 'error' });
  }, [tokens.isError, tokens.error, enqueueSnackbar]);

  useEffect(() => {
    if (!refocusAfterDelete || confirmOpen || !tokens.data) return;
    if (tokens.data.some((token) => token.token === refocusAfterDelete.token)) return;
    setRefocusAfterDelete(null);
    const index = Math.min(refocusAfterDelete.index, tokens.data.length - 1);
    const target = index >= 0 ? document.getElementById(`token-${index}`) : createButtonRef.current;
    target?.focus();
  }, [refocusAfterDelete, confirmOpen, tokens.data]);

  useEffect(() => {
    if (focusCreated === null || createOpen || !tokens.data) return;
    const index = tokens.data.findIndex((token) => token.id === focusCreated);
    if (index < 0) return;
    setFocusCreated(null);
    document.getElementById(`token-${index}`)?.focus();
  }, [focusCreated, createOpen, tokens.data]);

  const ask = (action: TokenAction, token: ApiToken) => {
    setToConfirm({ action, token });
    setConfirmOpen(true);
  };

  const confirm = () => {
    if (!toConfirm) return;
    const { action, token } = toConfirm;
    const onSettled = () => setConfirmOpen(false);
    if (action === 'endGrace') {
      endGrace.mutate(token.token, {
        onSuccess: () => enqueueSnackbar(`The previous value of “${token.title}” no longer works.`, { variant: 'success' }),
        onError: fail('End grace window', 'The grace window could not be ended. Please try again.'),
        onSettled,
      });
      return;
    }
    remove.mutate(token.token, {
      onSuccess: () => {
        enqueueSnackbar(`Token “${token.title}” deleted.`, { variant: 'success' });
        setRefocusAfterDelete({ index: Math.max(0, tokens.data?.findIndex((other) => other.token === token.token) ?? 0), token: token.token });
      },
      onError: fail('Delete token', 'The token could not be deleted. Please try again.'),
      onSettled,
    });
  };

  const openCreate = () => {
    setCreateError(null);
    setCreateOpen(true);
  };

  const createButton = (
    <Button ref={createButtonRef} variant="contained" startIcon={<AddIcon />} onClick={openCreate}>
      Create New Token
    </Button>
  );

  let body;
  if (tokens.isPending) {
    body = <TokenListSkeleton />;
  } else if (tokens.isError) {
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void tokens.refetch()}>
            Retry
          </Button>
        }
      >
        The token list is unavailable ({tokens.error.message}).
      </Alert>
    );
  } else if (tokens.data.length === 0) {
    body = (
      <EmptyState icon={<VpnKeyOutlinedIcon />} title="No API tokens yet" action={createButton}>
        An API token lets your own systems call the {brand.name} API on your behalf. Send it in the {brand.apiTokenHeader} header of each request. Your tokens
        are {userTypeLabel.toLowerCase()} tokens: they reach the {userTypeLabel} API only.
      </EmptyState>
    );
  } else {
    body = (
      <Box component="section" aria-label="Your API tokens" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
        {tokens.data.map((token, index) => (
          <TokenCard
            key={token.token}
            id={`token-${index}`}
            token={token}
            family={family}
            now={now}
            onRefresh={() => {
              setToRefresh(token);
              setRefreshOpen(true);
            }}
            onEndGrace={() => ask('endGrace', token)}
            onDelete={() => ask('delete', token)}
            onEditAllowlist={() => {
              setToEditAllowlist(token);
              setAllowlistError(null);
              setAllowlistOpen(true);
            }}
          />
        ))}
      </Box>
    );
  }

  return (
    <>
      <PageHeader
        title="API tokens"
        description={`Tokens authenticate your requests to the ${userTypeLabel} API. Send one in the ${brand.apiTokenHeader} header.`}
        actions={tokens.isSuccess && tokens.data.length > 0 ? createButton : undefined}
      />
      {body}
      <CreateTokenDialog
        open={createOpen}
        creating={create.isPending}
        family={family}
        liveTokens={liveTokens}
        error={createError}
        onClose={() => setCreateOpen(false)}
        onCreate={(values) =>
          create.mutate(values, {
            onSuccess: (created) => {
              setCreateOpen(false);
              setFocusCreated(created.id);
              enqueueSnackbar(`Token “${created.title}” created.`, { variant: 'success' });
            },
            onError: (error) => {
              fail('Create token', 'The token could not be created.')(error);
              setCreateError(error.message);
            },
          })
        }
      />
      <RefreshTokenDialog
        open={refreshOpen}
        token={toRefresh}
        refreshing={refresh.isPending}
        onCancel={() => setRefreshOpen(false)}
        onConfirm={(graceHours) => {
          if (!toRefresh) return;
          refresh.mutate(
            { token: toRefresh.token, graceHours },
            {
              onSuccess: () => enqueueSnackbar(`Token “${toRefresh.title}” refreshed.`, { variant: 'success' }),
              onError: fail('Refresh token', 'The token could not be refreshed. Please try again.'),
              onSettled: () => setRefreshOpen(false),
            },
          );
        }}
      />
      <IpAllowlistDialog
        open={allowlistOpen}
        token={toEditAllowlist}
        saving={updateAllowlist.isPending}
        error={allowlistError}
        onCancel={() => setAllowlistOpen(false)}
        onSave={(ipAllowlist) => {
          if (!toEditAllowlist) return;
          setAllowlistError(null);
          updateAllowlist.mutate(
            { tokenId: toEditAllowlist.id, ipAllowlist },
            {
              onSuccess: () => {
                setAllowlistOpen(false);
                enqueueSnackbar(`IP allowlist of “${toEditAllowlist.title}” saved.`, { variant: 'success' });
              },
              onError: (error) => {
                // A 400 names the bad entry: it belongs under the field, not in a log.
                if (error instanceof ApiError && error.status === 400) setAllowlistError(error.message);
                else {
                  fail('Update IP allowlist', 'The IP allowlist could not be saved. Please try again.')(error);
                  setAllowlistError(error.message);
                }
              },
            },
          );
        }}
      />
      <ConfirmTokenDialog
        open={confirmOpen}
        question={toConfirm}
        busy={toConfirm?.action === 'endGrace' ? endGrace.isPending : remove.isPending}
        onCancel={() => setConfirmOpen(false)}
        onConfirm={confirm}
      />
    </>
  );
}
