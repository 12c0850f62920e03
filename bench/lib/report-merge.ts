/**
 * A run of some sections only (`npm run bench -- --only=logins`) must not throw away the figures of the
 * others: its sections replace theirs in the existing bench/REPORT.md, which keeps the rest as it was.
 * Sections are the blocks that start with "## <number>."; the closing blocks (errors, how to rerun) come
 * from the new report. The hand-written "## History" at the end is no run's: `withHistory` puts it back.
 */
function blocks(markdown: string): { heading: string; text: string }[] {
  const found: { heading: string; text: string }[] = [];
  for (const part of markdown.split(/\n(?=## )/)) found.push({ heading: part.split('\n', 1)[0] ?? '', text: part.replace(/\n*$/, '\n') });
  return found;
}

const sectionNumber = (heading: string): string | undefined => /^## (\d+)\./.exec(heading)?.[1];

export function mergeReport(existing: string, fresh: string, measured: ReadonlySet<string>): string {
  const old = blocks(existing);
  const next = blocks(fresh);
  const numbered = new Map<string, string>();
  for (const block of old) {
    const number = sectionNumber(block.heading);
    if (number !== undefined) numbered.set(number, block.text);
  }
  for (const block of next) {
    const number = sectionNumber(block.heading);
    if (number !== undefined && (measured.has(number) || !numbered.has(number))) numbered.set(number, block.text);
  }
  const head = old.filter((block) => sectionNumber(block.heading) === undefined && !/^## (Errors|How to rerun|History)$/.test(block.heading));
  const tail = next.filter((block) => /^## (Errors|How to rerun)$/.test(block.heading));
  const sections = [...numbered.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, text]) => text);
  return [...head.map((block) => block.text), ...sections, ...tail.map((block) => block.text)].join('\n');
}

const HISTORY = /^## History$/m;

/**
 * The last section of bench/REPORT.md, "## History": dated runs and what was tried, condensed by hand
 * from the decision records. No run writes it; every run keeps it, last.
 */
export function historyOf(report: string): string | undefined {
  const at = report.search(HISTORY);
  return at < 0 ? undefined : report.slice(at).replace(/\n*$/, '\n');
}

export function withHistory(report: string, history: string | undefined): string {
  const at = report.search(HISTORY);
  const rest = (at < 0 ? report : report.slice(0, at)).replace(/\n*$/, '\n');
  return history === undefined ? rest : `${rest}\n${history}`;
}

/** The block under `### <title>` up to the next heading of level 2 or 3, or undefined. */
function subsection(markdown: string, title: string): string | undefined {
  const start = markdown.indexOf(`\n### ${title}\n`);
  if (start < 0) return undefined;
  const rest = markdown.slice(start + 1);
  const end = rest.slice(1).search(/\n##/);
  return end < 0 ? rest : rest.slice(0, end + 2);
}

/**
 * A run that measured one part of a section (`--only=startup`: the start-up of section 3, without its
 * data-growth tables) replaces that part only; everything else in the report stays as it was.
 */
export function replaceSubsection(existing: string, fresh: string, title: string): string {
  const before = subsection(existing, title);
  const after = subsection(fresh, title);
  if (before === undefined || after === undefined) return existing;
  return existing.replace(before, () => after);
}

/**
 * The same for a part that an older report may lack (`--only=stores`: the rate limit stores of section 2):
 * replaced where it is, else put before the subsection `before`.
 */
export function upsertSubsection(existing: string, fresh: string, title: string, before: string): string {
  const after = subsection(fresh, title);
  if (after === undefined) return existing;
  if (subsection(existing, title) !== undefined) return replaceSubsection(existing, fresh, title);
  const at = existing.indexOf(`\n### ${before}\n`);
  return at < 0 ? existing : `${existing.slice(0, at + 1)}${after.replace(/\n*$/, '\n\n')}${existing.slice(at + 1)}`;
}
