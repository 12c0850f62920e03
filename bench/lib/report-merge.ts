/**
 * A run of some sections only (`npm run bench -- --only=logins`) must not throw away the figures of the
 * others: its sections replace theirs in the existing bench/REPORT.md, which keeps the rest as it was.
 * Sections are the blocks that start with "## <number>."; the closing blocks (errors, how to rerun) come
 * from the new report.
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
  const head = old.filter((block) => sectionNumber(block.heading) === undefined && !/^## (Errors|How to rerun)/.test(block.heading));
  const tail = next.filter((block) => /^## (Errors|How to rerun)/.test(block.heading));
  const sections = [...numbered.entries()].sort(([a], [b]) => Number(a) - Number(b)).map(([, text]) => text);
  return [...head.map((block) => block.text), ...sections, ...tail.map((block) => block.text)].join('\n');
}
