/**
 * One operation of a page: method and full path, summary and description, parameters, the request body
 * (a simulation's JSON) and the success response's fields as trees with the response's example, the error
 * responses with their exact bodies, code samples and "Try it" (try-it.tsx). An event (the spec's
 * webhooks) is drawn with the same parts turned round: an EVENT chip and its type where a call has its
 * method and path, the delivery's headers, its payload and sample payload, what the receiving endpoint
 * answers, and receiver samples. Its anchor is the operationId, and its heading links to it.
 */
import { memo } from 'react';
import { Link } from 'react-router';
import type {
  ReferenceOperation,
  ReferencePage,
  ReferenceRequestBody,
  ReferenceResponse,
  ResponseExample,
} from '../../../../shared/portal-data/reference-page';
import { documentationHref, fieldAnchor } from '../../../../shared/portal-data/links';
import { methodKey, operationTarget } from '../../../../shared/portal-data/operation-label';
import { ERRORS_ANCHOR, REQUEST_ANCHOR } from '../../../../shared/portal-data/response-bodies';
import { exampleValues } from '../lib/example-values';
import { CodeSamples } from './code-samples';
import { FieldTree } from './field-tree';
import { JsonCode } from './json-code';
import { TryIt } from './try-it';
import { InlineText, Markdown } from './markdown';

interface OperationSectionProps {
  operation: ReferenceOperation;
  page: ReferencePage;
  /** The server's path prefix, e.g. `/api/v1`. */
  basePath: string;
  origin: string;
  /** False for a moment on long pages: the outline shows first, the response, samples and example follow. */
  detailed: boolean;
}

function compact(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json));
  } catch {
    return json;
  }
}

function Parameters({ operation }: { operation: ReferenceOperation }) {
  if (operation.parameters.length === 0) return <p className="muted">No parameters.</p>;
  return (
    <div className="table-scroll">
      <table className="params">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">In</th>
            <th scope="col">Type</th>
            <th scope="col">Default</th>
            <th scope="col">Limits</th>
            <th scope="col">Description</th>
          </tr>
        </thead>
        <tbody>
          {operation.parameters.map((parameter) => (
            <tr key={`${parameter.in}:${parameter.name}`}>
              <td>
                <code className="field-name">{parameter.name}</code>
                {parameter.required ? <span className="field-required">required</span> : <span className="field-optional">optional</span>}
              </td>
              <td data-label="In">{parameter.in}</td>
              <td data-label="Type" className="field-type">
                {parameter.type}
                {parameter.format ? ` (${parameter.format})` : ''}
              </td>
              <td data-label="Default">{parameter.default !== undefined ? <code>{parameter.default}</code> : null}</td>
              <td data-label="Limits">{parameter.limits?.join(', ')}</td>
              <td data-label="Description">
                <InlineText nodes={parameter.description} />
                {parameter.enum ? (
                  <>
                    {' '}
                    One of:{' '}
                    {parameter.enum.map((value) => (
                      <code key={value}>{value}</code>
                    ))}
                  </>
                ) : null}
                {parameter.example !== undefined ? (
                  <span className="muted">
                    {' '}
                    Example: <code>{parameter.example}</code>
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RequestBody({ operation, body }: { operation: ReferenceOperation; body: ReferenceRequestBody }) {
  return (
    <div className="response">
      <p className="response-head request-head">
        <span className="field-required">{body.required ? 'required' : 'optional'}</span> <InlineText nodes={body.description} />
        <span className="muted"> · {body.contentType}</span>
      </p>
      {body.body ? <FieldTree root={body.body} anchor={{ operationId: operation.operationId, status: REQUEST_ANCHOR }} /> : null}
    </div>
  );
}

function SuccessResponse({ operation, response }: { operation: ReferenceOperation; response: ReferenceResponse }) {
  return (
    <div className="response">
      <p className="response-head">
        <span className="status status-ok">{response.status}</span> <InlineText nodes={response.description} />
        {response.contentType ? <span className="muted"> · {response.contentType}</span> : null}
      </p>
      {response.body ? <FieldTree root={response.body} anchor={{ operationId: operation.operationId, status: response.status }} /> : null}
      {response.headers && response.headers.length > 0 ? (
        <details className="headers">
          <summary>Response headers ({response.headers.length})</summary>
          <ul className="field-list">
            {response.headers.map((header) => (
              <li key={header.name} className="field">
                <div className="field-head">
                  <code className="field-name">{header.name}</code>
                  <span className="field-type">{header.type}</span>
                </div>
                <div className="field-body">
                  <div className="field-description">
                    <InlineText nodes={header.description} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function ErrorResponses({ responses, operationId }: { responses: ReferenceResponse[]; operationId: string }) {
  const body = responses.find((response) => response.body)?.body;
  return (
    <>
      <ul className="errors">
        {responses.map((response) => (
          <li key={response.status} id={fieldAnchor(operationId, response.status)} className="error-row">
            <span className="status status-error">{response.status}</span>
            <div className="error-text">
              {/* One grid item: text and inline code of the description flow as one paragraph. */}
              <span>
                <InlineText nodes={response.description} />
              </span>
              {response.examples?.map((example) => (
                <code key={example.name} className="error-body">
                  {compact(example.json)}
                </code>
              ))}
            </div>
          </li>
        ))}
      </ul>
      {body ? (
        <details className="headers">
          <summary>Error body{body.schema ? `: ${body.schema}` : ''}</summary>
          <FieldTree root={body} anchor={{ operationId, status: ERRORS_ANCHOR }} />
        </details>
      ) : null}
    </>
  );
}

/**
 * The first example shows; any other sits below it in a closed <details>. Unlike a select, that costs no
 * script (the page stays light and works without JavaScript) and the browser's find-in-page reaches every
 * example, opening the one it finds.
 */
function ExampleJson({ title, status, examples, label }: { title: string; status?: string; examples: readonly ResponseExample[]; label: string }) {
  const [first, ...others] = examples;
  if (!first) return null;
  const labelOf = (summary: string | undefined) => `${label}${summary ? `: ${summary}` : ''}`;
  return (
    <div className="example">
      <div className="example-bar">
        <span className="side-title">{title}</span>
        {status ? <span className="status status-ok">{status}</span> : null}
        {others.length > 0 && first.summary ? <span className="example-summary">{first.summary}</span> : null}
      </div>
      <JsonCode json={first.json} label={labelOf(others.length > 0 ? first.summary : undefined)} />
      {others.map((example) => (
        <details key={example.name} className="example-more">
          <summary>Example: {example.summary ?? example.name}</summary>
          <JsonCode json={example.json} label={labelOf(example.summary ?? example.name)} />
        </details>
      ))}
    </div>
  );
}

export const OperationSection = memo(function OperationSection({ operation, page, basePath, origin, detailed }: OperationSectionProps) {
  const success = operation.responses.filter((r) => r.status.startsWith('2'));
  const errors = operation.responses.filter((r) => !r.status.startsWith('2'));
  const firstSuccess = success[0];
  const href = documentationHref(page, operation.operationId);
  const isEvent = operation.event !== undefined;
  const method = methodKey(operation);
  return (
    <section
      className="op"
      id={operation.operationId}
      aria-labelledby={`${operation.operationId}-title`}
      data-operation-id={operation.operationId}
      tabIndex={-1}
    >
      <div className="op-main">
        <h2 className="op-title" id={`${operation.operationId}-title`}>
          <Link to={href} className="heading-link" preventScrollReset>
            {operation.summary}
          </Link>
          {operation.deprecated ? (
            <span className="deprecated">{operation.deprecatedSince ? `deprecated since ${operation.deprecatedSince}` : 'deprecated'}</span>
          ) : null}
        </h2>
        <p className="op-path">
          <span className={`method method-${method}`} title={isEvent ? 'Sent to your webhook endpoints' : undefined}>
            {method.toUpperCase()}
          </span>
          <code>
            {isEvent ? null : <span className="muted">{basePath}</span>}
            {operationTarget(operation)}
          </code>
        </p>
        <div className="prose">
          <Markdown blocks={operation.description} headingOffset={3} />
        </div>
        {operation.securityHeader ? (
          <p className="auth-note">
            Authentication: send your API token in the <code>{operation.securityHeader}</code> header (
            <Link to={documentationHref({ category: 'authentication', subcategory: 'overview' })}>how</Link>).
          </p>
        ) : null}
        <h3 className="op-subtitle">{isEvent ? 'Headers' : 'Parameters'}</h3>
        <Parameters operation={operation} />
        {operation.requestBody ? (
          <>
            <h3 className="op-subtitle">{isEvent ? 'Payload' : 'Request body'}</h3>
            <RequestBody operation={operation} body={operation.requestBody} />
          </>
        ) : null}
        <h3 className="op-subtitle">{isEvent ? 'Your endpoint answers' : 'Response'}</h3>
        {detailed ? (
          <>
            {success.map((response) => (
              <SuccessResponse key={response.status} operation={operation} response={response} />
            ))}
            {errors.length > 0 ? (
              <>
                {/* An endpoint's other answers (410 switches it off) are no errors of a call. */}
                {isEvent ? null : <h3 className="op-subtitle">Errors</h3>}
                <ErrorResponses responses={errors} operationId={operation.operationId} />
              </>
            ) : null}
          </>
        ) : (
          <p className="muted" aria-busy="true">
            Loading the response…
          </p>
        )}
      </div>
      {detailed ? (
        <div className="op-side">
          <CodeSamples
            samples={operation.samples}
            operationId={operation.operationId}
            family={page.category}
            sampleOrigin={page.sampleOrigin}
            origin={origin}
            tokenVariable={page.tokenVariable}
          />
          {operation.tryIt ? (
            <TryIt operationId={operation.operationId} summary={operation.summary} href={operation.tryIt} values={exampleValues(operation.parameters)} />
          ) : null}
          {isEvent && operation.requestBody?.examples ? (
            <ExampleJson title="Example payload" examples={operation.requestBody.examples} label={`Example payload of ${operation.event}`} />
          ) : firstSuccess?.examples ? (
            <ExampleJson
              title="Example response"
              status={firstSuccess.status}
              examples={firstSuccess.examples}
              label={`Example ${firstSuccess.status} response of ${operation.operationId}`}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
});
