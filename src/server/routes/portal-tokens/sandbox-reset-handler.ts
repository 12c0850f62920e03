/** resetSandbox: being built. */
import type { ServerContext } from '../../context.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';

export function sandboxResetHandlers(_ctx: ServerContext): Record<'resetSandbox', OperationHandler> {
  return {
    resetSandbox: {
      changesState: true,
      handle() {
        throw new HttpError(501, 'Not built yet.');
      },
    },
  };
}
