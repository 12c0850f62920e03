/** introspectToken: being built. */
import type { ServerContext } from '../../context.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';

export function introspectionHandlers(_ctx: ServerContext): Record<'introspectToken', OperationHandler> {
  return {
    introspectToken: {
      handle() {
        throw new HttpError(501, 'Not built yet.');
      },
    },
  };
}
