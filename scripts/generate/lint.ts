/** Step 1: `redocly lint` for every API in redocly.yaml. Zero errors and zero warnings, or generate stops. */
import { runRedocly } from './redocly.ts';

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location?: Array<{ source?: { ref?: string }; pointer?: string }>;
}

/** The CLI writes one JSON document per API, back to back (`}{`): split them at depth 0, outside strings. */
export function splitJsonDocuments(text: string): unknown[] {
  const documents: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (inString) {
      if (char === '\\') i += 1;
      else if (char === '"') inString = false;
    } else if (char === '"') inString = true;
    else if (char === '{') {
      if (depth === 0) start = i;
      depth += 1;
    } else if (char === '}') {
      depth -= 1;
      if (depth === 0) documents.push(JSON.parse(text.slice(start, i + 1)));
    }
  }
  return documents;
}

export async function lintSpec(rootDir: string): Promise<void> {
  const result = await runRedocly(['lint', '--format=json'], rootDir);
  const reports = splitJsonDocuments(result.stdout) as Array<{ problems: LintProblem[] }>;
  if (reports.length === 0) {
    throw new Error(`redocly lint produced no report (exit ${result.code}):\n${result.stderr}`);
  }
  const problems = reports.flatMap((report) => report.problems);
  if (problems.length > 0 || result.code !== 0) {
    const lines = problems.map((p) => {
      const where = p.location?.[0];
      return `  ${p.severity} ${p.ruleId}: ${p.message} (${where?.source?.ref ?? '?'}#${where?.pointer ?? ''})`;
    });
    throw new Error(`redocly lint found ${problems.length} problem(s):\n${lines.join('\n')}`);
  }
}
