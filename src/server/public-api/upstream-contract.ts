/**
 * What the provider's API may answer each public operation: the statuses the spec declares for it, and
 * the schema of each one's JSON body. Each schema is compiled once, on the first answer that needs it
 * (a deployment without live calls compiles nothing, and the Ajv instance itself is made on first use).
 */
import { anchorRefs, compiledOnFirstUse, createAjv, type Validate } from '../spec/ajv.ts';
import { routableOperations, type OpenApiDocument } from '../spec/openapi-document.ts';

/** A declared status: its body's validator, or null when it declares no body (304). */
export type DeclaredAnswer = Validate | null;

export interface UpstreamContract {
  /** The declared answer of `operationId` for `status`, or undefined when the operation does not declare that status. */
  answerOf(operationId: string, status: number): DeclaredAnswer | undefined;
}

export function createUpstreamContract(spec: OpenApiDocument): UpstreamContract {
  let ajv: ReturnType<typeof createAjv> | undefined;
  const byOperation = new Map<string, Map<number, DeclaredAnswer>>();
  for (const op of routableOperations(spec)) {
    if (op.internal || op.method !== 'get') continue;
    const answers = new Map<number, DeclaredAnswer>();
    for (const [status, schema] of Object.entries(op.responses)) {
      if (!/^\d{3}$/.test(status)) continue;
      answers.set(
        Number(status),
        schema === null
          ? null
          : compiledOnFirstUse(() => {
              ajv ??= createAjv(spec, { coerceTypes: false });
              return ajv.compile(anchorRefs(schema));
            }),
      );
    }
    byOperation.set(op.operationId, answers);
  }
  return {
    answerOf: (operationId, status) => byOperation.get(operationId)?.get(status),
  };
}
