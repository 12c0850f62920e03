/**
 * An IP allowlist as the user types it (one entry per line, or separated by commas) and as a card shows it.
 * The rules themselves are the server's (src/shared/ip-allowlist.ts), so the form says exactly what the
 * API would answer.
 */
import { MAX_ALLOWLIST_ENTRIES, normalizeAllowlist } from '../../../../shared/ip-allowlist';

export const ALLOWLIST_HELP = `Empty: any IP address. IPv4, IPv6 or CIDR ranges, at most ${MAX_ALLOWLIST_ENTRIES}.`;

/** The entries of the field's text, blanks dropped. */
export function allowlistEntries(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

export type AllowlistTextCheck = { ok: true; entries: string[] } | { ok: false; problems: string[] };

/**
 * The field's text checked by the server's rules: the canonical list, or one line per problem, each bad entry
 * named in its own line (the field says which field it is, so no line names it).
 */
export function checkAllowlistText(text: string): AllowlistTextCheck {
  const entries = allowlistEntries(text);
  const checked = normalizeAllowlist(entries);
  if (checked.ok) return checked;
  const problems = entries.filter((entry) => !normalizeAllowlist([entry]).ok).map((entry) => `"${entry}" is not an IP address or range.`);
  if (entries.length > MAX_ALLOWLIST_ENTRIES) problems.push(`At most ${MAX_ALLOWLIST_ENTRIES} addresses or ranges; this list has ${entries.length}.`);
  return { ok: false, problems: problems.length > 0 ? problems : [withoutFieldName(checked.message)] };
}

/**
 * A server message about the allowlist without the field's name in front ("ipAllowlist: ...",
 * "body/ipAllowlist/1 ..."): shown under the field, which names it already.
 */
export function withoutFieldName(message: string): string {
  return message.replace(/^(?:body[/.])?ipAllowlist(?:[/.]\d+)?:?\s+/, '');
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
