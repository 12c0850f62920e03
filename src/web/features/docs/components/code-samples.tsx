/**
 * An operation's code samples in five languages (generated at build time by httpsnippet), or an event's
 * receivers, as tabs.
 * The language choice and the filled-in token are shared by every sample on the page.
 */
import { Suspense, lazy, useId, type KeyboardEvent } from 'react';
import Button from '@mui/material/Button';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import { CopyButton } from '../../../components/copy-button';
import { TOKEN_MARKER, type CodeSample } from '../../../../shared/portal-data/reference-page';
import { sampleCode } from '../lib/sample-code';
import { useSampleSettings } from '../lib/sample-settings';

const TokenPicker = lazy(() => import('./token-picker'));

interface CodeSamplesProps {
  samples: readonly CodeSample[];
  operationId: string;
  family: string;
  sampleOrigin: string;
  origin: string;
  tokenVariable: string;
}

export function CodeSamples({ samples, operationId, family, sampleOrigin, origin, tokenVariable }: CodeSamplesProps) {
  const { language, setLanguage, token, reveal, picking, setPicking } = useSampleSettings();
  const baseId = useId();
  const current = samples.find((sample) => sample.lang === language) ?? samples[0];
  if (!current) return null;

  // Arrow keys move between tabs (WAI-ARIA tabs pattern); the selected tab is the only tab stop.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = samples.indexOf(current);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0 && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const nextIndex = event.key === 'Home' ? 0 : event.key === 'End' ? samples.length - 1 : (index + step + samples.length) % samples.length;
    const next = samples[nextIndex];
    if (!next) return;
    setLanguage(next.lang);
    document.getElementById(`${baseId}-${next.lang}`)?.focus();
  };

  // An event's receiver samples take no API token: nothing to pick one for.
  const takesToken = samples.some((sample) => sample.withToken.includes(TOKEN_MARKER));
  const shown = sampleCode(current, sampleOrigin, origin, token?.value ?? null, reveal);
  return (
    <div className="samples">
      <div className="samples-bar">
        <div role="tablist" aria-label={`Code sample language for ${operationId}`} className="sample-tabs" onKeyDown={onKeyDown}>
          {samples.map((sample) => (
            <button
              key={sample.lang}
              id={`${baseId}-${sample.lang}`}
              type="button"
              role="tab"
              aria-selected={sample.lang === current.lang}
              aria-controls={`${baseId}-panel`}
              tabIndex={sample.lang === current.lang ? 0 : -1}
              className="sample-tab"
              onClick={() => setLanguage(sample.lang)}
            >
              {sample.label}
            </button>
          ))}
        </div>
        <CopyButton label={`Copy ${current.label} sample`} text={() => sampleCode(current, sampleOrigin, origin, token?.value ?? null, true)} />
      </div>
      <pre id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${current.lang}`} className="code-block sample-code" tabIndex={0}>
        <code>{shown}</code>
      </pre>
      {takesToken ? (
        <div className="samples-foot">
          {picking ? (
            <Suspense fallback={<span className="picker-note">Loading your tokens…</span>}>
              <TokenPicker family={family} operationId={operationId} tokenVariable={tokenVariable} />
            </Suspense>
          ) : (
            <Button size="small" startIcon={<KeyIcon fontSize="small" />} onClick={() => setPicking(true)}>
              Use my token
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
