/**
 * A report section between `<!-- name:start -->` and `<!-- name:end -->` comments: written by its own bench,
 * kept as it is by runs that skip that bench.
 */
const markers = (name: string) => ({ start: `<!-- ${name}:start -->`, end: `<!-- ${name}:end -->` });

/** The report with the named section replaced (or added before "How to rerun"). */
export function withMarkedSection(report: string, name: string, section: string | undefined): string {
  if (section === undefined) return report;
  const { start: START, end: END } = markers(name);
  const block = `${START}\n${section}\n${END}\n`;
  const start = report.indexOf(START);
  const end = report.indexOf(END);
  if (start >= 0 && end > start) return report.slice(0, start) + block + report.slice(end + END.length + 1);
  const rerun = report.indexOf('## How to rerun');
  return rerun >= 0 ? `${report.slice(0, rerun)}${block}\n${report.slice(rerun)}` : `${report}\n${block}`;
}

/** The named section's text, without its markers. */
export function markedSectionOf(report: string, name: string): string | undefined {
  const { start: START, end: END } = markers(name);
  const start = report.indexOf(START);
  const end = report.indexOf(END);
  return start >= 0 && end > start ? report.slice(start + START.length + 1, end - 1) : undefined;
}
