/**
 * An operation's "Try it": opens the API tester for it in place, in a panel under the code samples (beside the
 * reference on a wide screen, under it on a phone), with "Open in API Test" beside the button. The panel's
 * code is its own chunk, loaded on the first click (started on hover or focus); until then this costs the
 * page one button. In the HTML rendered at build time, and until the app has hydrated, "Try it" is a plain
 * link to API Test, so it works before any script has run. A logged-out reader of a public reference gets
 * "Log in to try it" instead: a link to the login page that comes back to the operation in API Test.
 */
import { Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { ErrorBoundary } from 'react-error-boundary';
import Button from '@mui/material/Button';
import CloseIcon from '@mui/icons-material/Close';
import PlayArrowIcon from '@mui/icons-material/PlayArrowRounded';
import { useCurrentUser } from '../../../lib/current-user';
import { useTryItPanel } from '../../../lib/try-it-panel';
import { useHydrated } from '../../../lib/use-hydrated';
import { loginPathFor } from '../../../../shared/portal-data/login-redirect';

interface TryItProps {
  operationId: string;
  summary: string;
  /** The operation's API Test address. */
  href: string;
  /** What the panel's fields start with, by parameter name. */
  values: Readonly<Record<string, string>>;
}

export function TryIt({ operationId, summary, href, values }: TryItProps) {
  const source = useTryItPanel();
  const hydrated = useHydrated();
  const loggedOut = useCurrentUser().isError;
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = `${operationId}-try-it`;
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // A menu open in the panel closes itself first (and stops the key there).
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close();
  };
  const trigger = { variant: 'contained', size: 'small', startIcon: <PlayArrowIcon />, className: 'try-it' } as const;

  if (loggedOut) {
    return (
      <div className="try-it-bar">
        <Button {...trigger} component={Link} to={loginPathFor(href)}>
          Log in to try it
        </Button>
      </div>
    );
  }

  return (
    <>
      <div className="try-it-bar">
        {source && hydrated ? (
          <Button
            {...trigger}
            ref={buttonRef}
            aria-expanded={open}
            aria-controls={open ? panelId : undefined}
            onClick={() => (open ? close() : setOpen(true))}
            onPointerEnter={source.preload}
            onFocus={source.preload}
          >
            Try it
          </Button>
        ) : (
          <Button {...trigger} component={Link} to={href}>
            Try it
          </Button>
        )}
        <Link to={href} className="open-in-tester">
          Open in API Test
        </Link>
      </div>
      {open && source ? (
        <section id={panelId} aria-label={`Try ${summary}`} className="try-it-panel" onKeyDown={onKeyDown}>
          <div className="try-it-head">
            <h3 className="side-title">Try it</h3>
            <Button size="small" startIcon={<CloseIcon />} onClick={close}>
              Close
            </Button>
          </div>
          <ErrorBoundary fallback={<p className="muted">The panel could not be loaded: open the operation in API Test instead.</p>}>
            <Suspense fallback={<p className="muted">Loading…</p>}>
              <source.Panel operationId={operationId} values={values} />
            </Suspense>
          </ErrorBoundary>
        </section>
      ) : null}
    </>
  );
}
