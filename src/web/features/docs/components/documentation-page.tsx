/**
 * One documentation page drawn from its generated data: header, the tag's description, an index of its
 * operations and every operation in full. The Authentication page is the tag's Markdown plus the API's
 * introduction.
 */
import { useRef } from 'react';
import { Link, useLocation } from 'react-router';
import Button from '@mui/material/Button';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import type { ApiFamily } from '../../../../shared/api-family';
import type { ReferencePage } from '../../../../shared/portal-data/reference-page';
import { documentationHref, pageKeyOf } from '../../../../shared/portal-data/links';
import { loginPathFor } from '../../../../shared/portal-data/login-redirect';
import { methodKey, operationTarget } from '../../../../shared/portal-data/operation-label';
import { documentationTitle } from '../../../../shared/portal-data/screens';
import { catalogue } from '../../../../generated/catalogue';
import { useCurrentUser } from '../../../lib/current-user';
import { isPrerenderedPage } from '../../../lib/prerender-state';
import { withOwnApiCalls } from '../lib/own-api-calls';
import { SampleSettingsProvider } from '../lib/sample-settings';
import { useHashTarget } from '../lib/use-hash-target';
import { useNearViewport } from '../lib/use-near-viewport';
import { useProgressiveCount } from '../lib/use-progressive-count';
import { DocsHeader } from './docs-header';
import { DocsRoot } from './docs-root';
import { Markdown } from './markdown';
import { ChangelogSection } from './changelog-section';
import { OperationSection } from './operation-section';

/** Outlines of every operation come first (cheap); each operation's heavy parts follow, one per task. */
const OUTLINE_FIRST = 40;
const OUTLINE_BATCH = 40;
const DETAIL_FIRST = 1;
const DETAIL_BATCH = 1;

interface DocumentationPageProps {
  page: ReferencePage;
  origin: string;
  onSearch: () => void;
  /** The reader's API: the Markdown's samples call it rather than the other one. */
  family?: ApiFamily;
}

/** `#getSellerReturnOrder.200.data.returnReason` -> `getSellerReturnOrder`. */
function targetOperationOf(hash: string): string | null {
  if (hash.length < 2) return null;
  try {
    return decodeURIComponent(hash.slice(1)).split('.')[0] ?? null;
  } catch {
    return null;
  }
}

/** `https://{host}/api/v1` -> `/api/v1`. */
function basePathOf(serverUrl: string): string {
  return serverUrl.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
}

export function DocumentationPage({ page, origin, onSearch, family }: DocumentationPageProps) {
  const basePath = basePathOf(page.serverUrl);
  const baseUrl = `${origin}${basePath}`;
  const pageKey = pageKeyOf(page);
  const total = page.operations.length;
  // The page the HTML already holds (rendered at build time) is drawn whole at once, as it was rendered.
  const whole = isPrerenderedPage(pageKey);
  const count = useProgressiveCount(total, pageKey, whole ? total : OUTLINE_FIRST, OUTLINE_BATCH);
  const detailed = useProgressiveCount(total, pageKey, whole ? total : DETAIL_FIRST, DETAIL_BATCH);
  const listRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(listRef, count);
  // A deep link scrolls once its operation and every operation above it have their final height, so
  // the target does not move after the scroll.
  const { hash } = useLocation();
  const targetOperation = targetOperationOf(hash);
  const targetIndex = page.operations.findIndex((operation) => operation.operationId === targetOperation);
  const isDetailed = (index: number, operationId: string) => index < detailed || near.has(operationId);
  useHashTarget(count >= total && (targetIndex < 0 ? detailed >= total : detailed > targetIndex));
  const rewriteCode = (code: string) => {
    const here = code.replaceAll(page.sampleOrigin, origin);
    return family ? withOwnApiCalls(here, baseUrl, family, catalogue.operations) : here;
  };
  const isAuthentication = page.category === 'authentication';
  // A logged-out reader of a public reference is offered the login that leads to Settings.
  const loggedOut = useCurrentUser().isError;
  // The page's first paragraphs, then (on the Authentication page) the call to action, then the rest.
  const description = page.description ?? [];
  const firstHeading = description.findIndex((block) => block.t === 'h');
  const intro = firstHeading < 0 ? description : description.slice(0, firstHeading);
  const rest = firstHeading < 0 ? [] : description.slice(firstHeading);
  // A page of events counts events: they are sent to the reader, not operations the reader calls.
  const noun = page.operations.length > 0 && page.operations.every((operation) => operation.event !== undefined) ? 'event' : 'operation';
  const counted = `${page.operations.length} ${page.operations.length === 1 ? noun : `${noun}s`}`;
  const eyebrow = page.groupTitle === page.title ? counted : `${page.groupTitle} · ${counted}`;

  return (
    <DocsRoot>
      <title>{documentationTitle(page)}</title>
      <DocsHeader
        title={page.title}
        eyebrow={
          page.changelog
            ? `Current version ${page.apiVersion}`
            : isAuthentication
              ? 'How to authenticate every call'
              : page.category === 'guide'
                ? 'Read this first: how every call behaves'
                : eyebrow
        }
        baseUrl={baseUrl}
        apiVersion={page.apiVersion}
        isChangelog={page.changelog !== undefined}
        onSearch={onSearch}
        page={page}
      />
      <div className="prose">
        <Markdown blocks={intro} rewriteCode={rewriteCode} />
      </div>
      {isAuthentication && !page.changelog ? (
        <Button component={Link} to={loggedOut ? loginPathFor('/settings') : '/settings'} variant="contained" startIcon={<KeyIcon />} sx={{ my: 1 }}>
          {loggedOut ? 'Log in to create a token' : 'Create a token in Settings'}
        </Button>
      ) : null}
      <div className="prose">
        <Markdown blocks={rest} rewriteCode={rewriteCode} />
      </div>
      {page.changelog ? <ChangelogSection versions={page.changelog} /> : null}
      {isAuthentication ? (
        <>
          {page.about ? (
            <div className="prose">
              <h2 id="about-the-api">
                <a href="#about-the-api" className="heading-link">
                  About the API
                </a>
              </h2>
              <Markdown blocks={page.about} headingOffset={1} rewriteCode={rewriteCode} />
            </div>
          ) : null}
        </>
      ) : null}
      {page.verification ? (
        <div className="prose">
          <Markdown blocks={page.verification} />
        </div>
      ) : null}
      {page.operations.length > 0 ? (
        <nav aria-label={noun === 'event' ? 'Events on this page' : 'Operations on this page'}>
          <ul className="op-index">
            {page.operations.map((operation) => (
              <li key={operation.operationId}>
                <Link to={documentationHref(page, operation.operationId)} preventScrollReset>
                  <span className={`method method-${methodKey(operation)}`}>{methodKey(operation).toUpperCase()}</span>
                  <code>{operationTarget(operation)}</code>
                  <span className="muted">{operation.summary}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <SampleSettingsProvider>
        <div style={{ marginTop: 24 }} ref={listRef}>
          {page.operations.slice(0, count).map((operation, index) => (
            <OperationSection
              key={operation.operationId}
              operation={operation}
              page={page}
              basePath={basePath}
              origin={origin}
              detailed={isDetailed(index, operation.operationId)}
            />
          ))}
        </div>
      </SampleSettingsProvider>
    </DocsRoot>
  );
}
