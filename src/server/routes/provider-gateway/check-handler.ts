/** checkGatewayCall: being built. */
import type { ServerContext } from '../../context.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { OperationHandler } from '../../spec/operation-handler.ts';

export function checkHandlers(_ctx: ServerContext): Record<'checkGatewayCall', OperationHandler> {
  return {
    checkGatewayCall: {
      handle() {
        throw new HttpError(501, 'Not built yet.');
      },
    },
  };
}
