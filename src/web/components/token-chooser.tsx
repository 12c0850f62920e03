/**
 * The one chooser of the user's own tokens, on API Test, in "Try it" and beside the code samples: it offers
 * the tokens src/web/lib/token-choices.ts offers (revoked ones not at all), shows an expired one but lets
 * nobody choose it, names a live token so ("ERP sync · Live"), and hands each choice's marks (a token whose IP
 * allowlist leaves this browser out among them) to the caller, which words its details for its place. Every
 * choice has the same layout: the title, then a line of details.
 * The menu is as wide as the field; long details wrap.
 */
import type { ReactNode, Ref } from 'react';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ApiToken } from '../lib/api-tokens';
import { useClientAddress } from '../lib/client-address';
import { choiceTitle, offeredTokens, tokenMarks, type TokenMarks } from '../lib/token-choices';
import { useFieldWideMenu } from '../lib/use-field-wide-menu';

interface TokenChooserProps {
  label: string;
  /** The user's tokens, revoked ones included (they are left out here). */
  tokens: readonly ApiToken[];
  /** The chosen token's value; one not offered shows no choice. */
  value: string;
  onChange: (token: ApiToken | undefined) => void;
  /** The call's domain ('' or undefined before one is known): a token without access to it is marked. */
  domain: string | undefined;
  /** Under a choice's title. */
  details: (token: ApiToken, marks: TokenMarks) => ReactNode;
  /** A choice's accessible name, when its text alone would not read well. */
  itemLabel?: (token: ApiToken, marks: TokenMarks) => string;
  /** A first choice of no token at all (the code samples' environment variable). */
  noToken?: string;
  /** Choices without their own vertical margin (the code samples' compact menu). */
  dense?: boolean;
  helperText?: ReactNode;
  disabled?: boolean;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
}

export function TokenChooser({
  label,
  tokens,
  value,
  onChange,
  domain,
  details,
  itemLabel,
  noToken,
  dense,
  helperText,
  disabled,
  className,
  inputRef,
}: TokenChooserProps) {
  const menu = useFieldWideMenu();
  const offered = offeredTokens(tokens);
  const now = new Date();
  // Asked only when some token has an allowlist, so a token this browser cannot use is marked before it is chosen.
  const address = useClientAddress({ enabled: offered.some((token) => token.ipAllowlist.length > 0) });
  const chosen = offered.findIndex((token) => token.token === value);
  return (
    <TextField
      select
      label={label}
      className={className}
      ref={menu.fieldRef}
      inputRef={inputRef}
      value={chosen >= 0 ? String(chosen) : ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : offered[Number(event.target.value)])}
      disabled={disabled}
      helperText={helperText}
      slotProps={{
        ...(noToken === undefined ? {} : { inputLabel: { shrink: true } }),
        select: {
          displayEmpty: noToken !== undefined,
          renderValue: (selected) => (selected === '' ? (noToken ?? '') : choiceTitle(offered[Number(selected)])),
          onOpen: menu.onOpen,
          MenuProps: { slotProps: { paper: { sx: menu.paperSx } } },
        },
      }}
    >
      {noToken === undefined ? null : <MenuItem value="">{noToken}</MenuItem>}
      {offered.map((token, index) => {
        const marks = tokenMarks(token, domain, now, address.data);
        return (
          <MenuItem key={token.id} value={String(index)} disabled={marks.expired} aria-label={itemLabel?.(token, marks)} sx={{ whiteSpace: 'normal' }}>
            <ListItemText primary={choiceTitle(token)} secondary={details(token, marks)} sx={dense ? { my: 0 } : undefined} />
          </MenuItem>
        );
      })}
    </TextField>
  );
}
