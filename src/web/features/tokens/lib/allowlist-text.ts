/**
 * An IP allowlist as the user types it (one entry per line, or separated by commas) and as a card shows it.
 * The rules themselves are the server's (src/shared/ip-allowlist.ts), so the form says exactly what the
 * API would answer.
 */
import { MAX_ALLOWLIST_ENTRIES, normalizeAllowlist, type AllowlistCheck } from '../../../../shared/ip-allowlist';

export const ALLOWLIST_HELP = `Empty: any IP address. IPv4, IPv6 or CIDR ranges, at most ${MAX_ALLOWLIST_ENTRIES}.`;

/** The entries of the field's text, blanks dropped. */
export function allowlistEntries(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The field's text checked: the canonical list, or the message naming the first bad entry. */
export function checkAllowlistText(text: string): AllowlistCheck {
  return normalizeAllowlist(allowlistEntries(text));
}

/** What a form's field holds for a list: one entry per line. */
export function allowlistFieldText(entries: readonly string[]): string {
  return entries.join('\n');
}

/** "Any IP address", or the first entries and how many more: "203.0.113.0/24, 2001:db8::1 +3 more". */
export function allowlistSummary(entries: readonly string[], shown = 2): string {
  if (entries.length === 0) return 'Any IP address';
  const rest = entries.length - shown;
  return `${entries.slice(0, shown).join(', ')}${rest > 0 ? ` +${rest} more` : ''}`;
}
