/**
 * A `.http` file for the VS Code REST Client, JetBrains' HTTP Client and httpyac: one request per operation,
 * separated by `###` and named with `# @name`. `baseUrl` is set in the file; each request's token is its API
 * family's variable, which the file does not define (`{{ACME_SELLER_API_TOKEN}}`, `{{ACME_WAREHOUSE_API_TOKEN}}`),
 * so it comes from the editor's environment (REST Client's `rest-client.environmentVariables`, JetBrains'
 * `http-client.private.env.json`) and never sits in the file.
 * No library writes this format; it is a few lines of text.
 */
import { FAMILY, tokenVariableOf } from '../../src/shared/api-family.ts';
import type { Brand } from '../../src/shared/brand.ts';
import { familiesOf, type ExampleRequest } from './example-requests.ts';

export function httpFile(title: string, requests: ExampleRequest[], brand: Brand, baseUrl: string): string {
  const head = [
    `# ${title}`,
    ...familiesOf(requests).map(
      (family) => `# Set ${tokenVariableOf(brand.name, family)} to your ${FAMILY[family].apiName} token in your editor's environment`,
    ),
    `# (VS Code REST Client: rest-client.environmentVariables; JetBrains: http-client.private.env.json).`,
    '',
    `@baseUrl = ${baseUrl}`,
    '',
  ];
  const blocks = requests.map((request) => {
    const query = request.query.map((q) => `${encodeURIComponent(q.name)}=${encodeURIComponent(q.value)}`).join('&');
    return [
      '###',
      `# ${request.summary}${request.deprecated ? ' (deprecated)' : ''}`,
      `# @name ${request.operationId}`,
      `${request.method} {{baseUrl}}${request.path}${query ? `?${query}` : ''}`,
      `${brand.apiTokenHeader}: {{${tokenVariableOf(brand.name, request.family)}}}`,
      'Accept: application/json',
      // The body follows the headers after one blank line, as every client of the format reads it.
      ...(request.body ? [`Content-Type: ${request.body.mimeType}`, '', request.body.text] : []),
      '',
    ].join('\n');
  });
  return `${head.join('\n')}\n${blocks.join('\n')}`;
}
