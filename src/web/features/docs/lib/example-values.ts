/** The values "Try it" starts with: the spec's example of each path parameter (the `1` of `/orders/{orderId}`), by name. */
import type { ReferenceParameter } from '../../../../shared/portal-data/reference-page';

export function exampleValues(parameters: readonly ReferenceParameter[]): Record<string, string> {
  return Object.fromEntries(
    parameters.flatMap((parameter) => (parameter.in === 'path' && parameter.example !== undefined ? [[parameter.name, parameter.example]] : [])),
  );
}
