/**
 * The reference pages' styles, in one place. Rows, fields and code are plain elements with class names
 * styled from here: one style rule set per page instead of a styled component per row, which keeps a
 * page with hundreds of fields quick to render. Colours come from the theme's CSS variables only.
 */
import { styled } from '@mui/material/styles';
import { monospace } from '../../../theme/theme';

/** The shell's top bar is 64 px high and sticky; anchored content lands below it. */
const TOP_BAR_CLEARANCE = 80;

export const DocsRoot = styled('div')(({ theme }) => {
  // The theme uses CSS variables; `vars` is typed optional, the palette is the fallback with the same shape.
  const v = theme.vars ?? theme;
  return {
    '--docs-code-bg': v.palette.action.hover,
    lineHeight: 1.6,
    'code, pre': { fontFamily: monospace, fontSize: '0.8125rem' },
    // `&` and a space: without them Emotion writes `.root:not(pre) > code`, which reaches only the root's own
    // children, and a long inline example (JSON without spaces) ran past the right edge.
    '& :not(pre) > code': { background: 'var(--docs-code-bg)', borderRadius: 4, padding: '0.05em 0.35em', overflowWrap: 'anywhere' },
    'a:not(.MuiButtonBase-root)': { color: v.palette.primary.main },
    '.muted': { color: v.palette.text.secondary },
    'a.heading-link': { color: 'inherit', textDecoration: 'none' },
    '.heading-link:hover, .heading-link:focus-visible': { textDecoration: 'underline' },
    '.prose p': { margin: '0.5em 0' },
    '.prose h2, .prose h3, .prose h4': { margin: '1.5em 0 0.5em', lineHeight: 1.3 },
    '.prose h2': { fontSize: '1.375rem' },
    '.prose h3': { fontSize: '1.125rem' },
    '.prose ul, .prose ol': { paddingLeft: '1.5em' },
    '.prose li > p': { margin: '0.2em 0' },
    '.code-block': {
      margin: 0,
      padding: theme.spacing(1.5, 2),
      background: v.palette.background.default,
      border: `1px solid ${v.palette.divider}`,
      borderRadius: theme.shape.borderRadius,
      overflow: 'auto',
      lineHeight: 1.55,
      tabSize: 4,
    },
    '.prose .code-block': { margin: '0.75em 0' },
    '.code-block-wrap': { position: 'relative' },
    '.code-block-wrap .code-block': { paddingRight: 48 },
    '.code-block-copy': { position: 'absolute', top: 6, right: 6, background: v.palette.background.paper, borderRadius: theme.shape.borderRadius },
    '.json': { maxHeight: 480 },
    '.j-key': { color: v.palette.primary.main },
    '.j-str': { color: v.palette.success.main },
    '.j-num, .j-lit': { color: v.palette.warning.main },
    '.table-scroll': { overflowX: 'auto', containerType: 'inline-size' },
    'table.md-table, table.params': { borderCollapse: 'collapse', width: '100%', fontSize: '0.875rem' },
    'table.md-table th, table.md-table td, table.params th, table.params td': {
      textAlign: 'left',
      verticalAlign: 'top',
      padding: theme.spacing(0.75, 1.5, 0.75, 0),
      borderBottom: `1px solid ${v.palette.divider}`,
    },
    'table.params th, table.md-table th': {
      fontWeight: 600,
      color: v.palette.text.secondary,
      fontSize: '0.75rem',
      textTransform: 'uppercase',
      letterSpacing: '0.04em',
    },
    // Wide enough for a table: fixed column widths, from the header row alone. A table whose rows arrive over a
    // slow link is painted while it is still being parsed, and with automatic widths a longer row arriving later
    // moved every column (a layout shift). The widths fit every parameter the API has; the description takes the rest.
    '@container (min-width: 641px)': {
      'table.params': { tableLayout: 'fixed' },
      'table.params th:nth-of-type(1)': { width: '10.5rem' },
      'table.params th:nth-of-type(2)': { width: '4.25rem' },
      'table.params th:nth-of-type(3)': { width: '4.5rem' },
      'table.params th:nth-of-type(4)': { width: '4rem' },
      'table.params th:nth-of-type(5)': { width: '7.75rem' },
      'table.params td': { overflowWrap: 'break-word' },
      // A name stays whole; its "optional" or "required" goes to the next line when the two do not fit.
      'table.params td:first-of-type code': { whiteSpace: 'nowrap' },
    },
    // Too narrow for six columns (a phone, or the reference's left column beside the samples on a wide screen):
    // each parameter becomes a small card of labelled lines instead of a squeezed table row.
    '@container (max-width: 640px)': {
      'table.params thead': { display: 'none' },
      'table.params, table.params tbody, table.params tr, table.params td': { display: 'block' },
      'table.params tr': { padding: theme.spacing(1, 0), borderBottom: `1px solid ${v.palette.divider}` },
      'table.params td': { border: 'none', padding: '2px 0' },
      'table.params td[data-label]::before': { content: 'attr(data-label) ": "', color: v.palette.text.secondary, fontSize: '0.75rem' },
      // No default or no limits: no line at all, rather than a label with nothing after it.
      'table.params td[data-label]:empty': { display: 'none' },
    },
    '@media (max-width: 700px)': {
      '.op-index a': { flexWrap: 'wrap', rowGap: 0 },
      '.op-index .muted': { flexBasis: '100%' },
    },

    // Page header
    '.base-url': {
      display: 'flex',
      alignItems: 'center',
      gap: theme.spacing(1),
      flexWrap: 'wrap',
      padding: theme.spacing(0.5, 0.5, 0.5, 1.5),
      border: `1px solid ${v.palette.divider}`,
      borderRadius: theme.shape.borderRadius,
      background: v.palette.background.paper,
      width: 'fit-content',
      maxWidth: '100%',
    },
    '.base-url code': { background: 'none', fontSize: '0.875rem', wordBreak: 'break-all' },
    '.base-url-label': { fontSize: '0.75rem', fontWeight: 600, color: v.palette.text.secondary, textTransform: 'uppercase', letterSpacing: '0.04em' },
    '.api-version': { margin: theme.spacing(1, 0, 0), fontSize: '0.875rem', color: v.palette.text.secondary },
    '.downloads-label': { fontSize: '0.8125rem', fontWeight: 600, color: v.palette.text.secondary },
    '.toolbar': { display: 'flex', flexWrap: 'wrap', gap: theme.spacing(1), alignItems: 'center' },
    '.kbd': {
      fontFamily: monospace,
      fontSize: '0.7rem',
      border: `1px solid ${v.palette.divider}`,
      borderRadius: 4,
      padding: '0 0.35em',
      marginLeft: theme.spacing(1),
      color: v.palette.text.secondary,
    },
    '.op-index': { display: 'grid', gap: theme.spacing(0.5), padding: 0, margin: theme.spacing(2, 0, 0), listStyle: 'none' },
    '.op-index a': { display: 'inline-flex', gap: theme.spacing(1), alignItems: 'baseline', textDecoration: 'none', color: v.palette.text.primary },
    '.op-index a:hover code, .op-index a:focus-visible code': { textDecoration: 'underline' },

    // Operation
    '.op': {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr)',
      gap: theme.spacing(3),
      padding: theme.spacing(4, 0),
      borderTop: `1px solid ${v.palette.divider}`,
      // Below the shell's sticky top bar when a deep link scrolls here.
      scrollMarginTop: TOP_BAR_CLEARANCE,
      outline: 'none',
      // Off-screen operations skip layout and paint: long pages stay smooth to scroll, and a deep link lands
      // without laying out what is above it. When an operation near the screen takes its real height, the
      // browser's scroll anchoring keeps what the reader sees still (the shell's sidebar is never the anchor).
      contentVisibility: 'auto',
      containIntrinsicSize: 'auto 1400px',
    },
    '@media (min-width: 1320px)': {
      '.op': { gridTemplateColumns: 'minmax(0, 1.15fr) minmax(0, 1fr)' },
      '.op-side': { position: 'sticky', top: TOP_BAR_CLEARANCE, alignSelf: 'start', maxHeight: `calc(100vh - ${TOP_BAR_CLEARANCE + 16}px)`, overflow: 'auto' },
    },
    '.op.target .op-title a': { color: v.palette.primary.main },
    '.op-title': { fontSize: '1.375rem', fontWeight: 650, margin: 0, lineHeight: 1.3, display: 'flex', gap: theme.spacing(1), alignItems: 'center' },
    '.op-subtitle': {
      fontSize: '0.8125rem',
      fontWeight: 700,
      textTransform: 'uppercase',
      letterSpacing: '0.05em',
      color: v.palette.text.secondary,
      margin: theme.spacing(3, 0, 1),
    },
    '.op-path': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), flexWrap: 'wrap', margin: theme.spacing(1, 0) },
    '.op-path code': { fontSize: '0.9375rem', background: 'none', padding: 0, wordBreak: 'break-all' },
    '.method': {
      fontFamily: monospace,
      fontSize: '0.75rem',
      fontWeight: 700,
      padding: '0.15em 0.5em',
      borderRadius: 4,
      color: v.palette.success.contrastText,
      background: v.palette.success.main,
    },
    '.method-post': { background: v.palette.primary.main, color: v.palette.primary.contrastText },
    '.method-delete': { background: v.palette.error.main, color: v.palette.error.contrastText },
    '.method-put, .method-patch': { background: v.palette.warning.main, color: v.palette.warning.contrastText },
    // Outlined, unlike every call's filled chip: an event comes in to the integrator, it is not a call they make.
    '.method-event': { background: 'transparent', color: v.palette.info.main, boxShadow: `inset 0 0 0 1px ${v.palette.info.main}` },
    '.badge': {
      display: 'inline-block',
      fontSize: '0.75rem',
      fontWeight: 600,
      lineHeight: '20px',
      borderRadius: 10,
      padding: '0 0.6em',
      marginRight: theme.spacing(1),
      border: '1px solid',
    },
    '.badge-breaking': { color: v.palette.error.main, borderColor: v.palette.error.main },
    // Long paths and names in a change break anywhere rather than push the page sideways on a phone.
    '.changelog li': { overflowWrap: 'anywhere', marginBottom: theme.spacing(0.75) },
    '.changelog-documentation': { margin: theme.spacing(2, 0) },
    '.changelog-documentation > summary': { cursor: 'pointer', fontWeight: 600, color: v.palette.text.secondary },
    '.deprecated': { fontSize: '0.75rem', color: v.palette.warning.main, border: `1px solid ${v.palette.warning.main}`, borderRadius: 4, padding: '0 0.4em' },
    '.auth-note': { fontSize: '0.875rem', color: v.palette.text.secondary, margin: theme.spacing(1, 0) },
    '.op-side': { display: 'grid', gap: theme.spacing(2), alignContent: 'start', minWidth: 0 },
    // "Try it" and its panel (try-it.tsx): the panel's fields and answer are the theme's own components.
    '.try-it-bar': { display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: theme.spacing(2), rowGap: theme.spacing(1) },
    '.open-in-tester': { fontSize: '0.875rem' },
    '.try-it-panel': {
      display: 'grid',
      gap: theme.spacing(1.5),
      minWidth: 0,
      padding: theme.spacing(1.5, 2, 2),
      border: `1px solid ${v.palette.divider}`,
      borderRadius: theme.shape.borderRadius,
      background: v.palette.background.paper,
    },
    '.try-it-head': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: theme.spacing(1) },
    '.try-it-head h3': { margin: 0 },

    // Fields
    '.field-list': { listStyle: 'none', margin: 0, padding: 0 },
    '.field-list .field-list': { marginLeft: theme.spacing(1), paddingLeft: theme.spacing(2), borderLeft: `2px solid ${v.palette.divider}` },
    '.field': { padding: theme.spacing(0.5, 0), borderBottom: `1px solid ${v.palette.divider}`, scrollMarginTop: TOP_BAR_CLEARANCE },
    '.md-heading, .prose h2': { scrollMarginTop: TOP_BAR_CLEARANCE },
    '.field:last-child': { borderBottom: 'none' },
    '.field.target': { background: v.palette.action.selected, borderRadius: 4 },
    '.field-head': { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: theme.spacing(1), rowGap: 2 },
    'summary.field-head': { cursor: 'pointer', listStylePosition: 'outside', marginLeft: '1em' },
    'summary.field-head::marker': { color: v.palette.text.secondary },
    '.field-name': { fontWeight: 600, color: v.palette.text.primary, background: 'none !important', padding: '0 !important', fontSize: '0.8125rem' },
    '.field-type': { fontSize: '0.8125rem', color: v.palette.text.secondary },
    '.field-format': { color: v.palette.text.secondary },
    '.field-required': {
      fontSize: '0.6875rem',
      fontWeight: 700,
      color: v.palette.error.main,
      textTransform: 'uppercase',
      letterSpacing: '0.04em',
      marginLeft: theme.spacing(1),
    },
    '.field-optional': { fontSize: '0.6875rem', color: v.palette.text.secondary, marginLeft: theme.spacing(1) },
    '.field-limit': { fontSize: '0.75rem', color: v.palette.text.secondary, border: `1px solid ${v.palette.divider}`, borderRadius: 4, padding: '0 0.35em' },
    '.field-count': { fontSize: '0.75rem', color: v.palette.text.secondary },
    '.field-body': { fontSize: '0.875rem' },
    'summary + .field-body, .field-head + .field-body': { marginLeft: 0 },
    'details > .field-body': { marginLeft: '1em' },
    '.field-description': { color: v.palette.text.primary },
    '.field-extra': { color: v.palette.text.secondary, fontSize: '0.8125rem' },
    '.field-body > * + *': { marginLeft: theme.spacing(1.5) },
    '.field-extra code + code': { marginLeft: 4 },
    '.field-root': { fontSize: '0.875rem' },
    '.headers': { marginTop: theme.spacing(1), fontSize: '0.875rem' },
    '.headers > summary': { cursor: 'pointer', color: v.palette.text.secondary },
    '.response-head': { margin: theme.spacing(0, 0, 1), fontSize: '0.875rem' },
    // A request body's head starts with its required mark, which needs no gap before it.
    '.request-head > .field-required': { marginLeft: 0 },
    '.status': { fontFamily: monospace, fontWeight: 700, fontSize: '0.75rem', padding: '0.1em 0.45em', borderRadius: 4, border: '1px solid currentColor' },
    '.status-ok': { color: v.palette.success.main },
    '.status-error': { color: v.palette.error.main },
    '.errors': { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: theme.spacing(1) },
    '.error-row': { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', gap: theme.spacing(1.5), alignItems: 'baseline', fontSize: '0.875rem' },
    '.error-text': { display: 'grid', gap: 4, justifyItems: 'start' },
    '.error-body': { fontSize: '0.75rem' },

    // Samples and examples
    '.samples': {
      border: `1px solid ${v.palette.divider}`,
      borderRadius: theme.shape.borderRadius,
      background: v.palette.background.paper,
      overflow: 'hidden',
    },
    '.samples .code-block': {
      border: 'none',
      borderRadius: 0,
      borderTop: `1px solid ${v.palette.divider}`,
      borderBottom: `1px solid ${v.palette.divider}`,
      maxHeight: 360,
      // A sample's long line (the --url with its query) wraps inside the box: all of it in view, nothing clipped.
      whiteSpace: 'pre-wrap',
      overflowWrap: 'anywhere',
    },
    '.samples-bar': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: theme.spacing(0.5), padding: theme.spacing(0, 0.5, 0, 1) },
    // Tight enough that all six tabs fit one row beside a wide screen's samples (1440 px); a phone wraps them.
    '.sample-tabs': { display: 'flex', flexWrap: 'wrap', minWidth: 0 },
    '.sample-tab': {
      font: 'inherit',
      fontSize: '0.8125rem',
      fontWeight: 600,
      border: 'none',
      background: 'none',
      color: v.palette.text.secondary,
      padding: theme.spacing(1, 1),
      whiteSpace: 'nowrap',
      flexShrink: 0,
      cursor: 'pointer',
      borderBottom: '2px solid transparent',
    },
    '.sample-tab[aria-selected="true"]': { color: v.palette.primary.main, borderBottomColor: v.palette.primary.main },
    '.sample-tab:hover': { color: v.palette.text.primary },
    '.samples-foot': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), padding: theme.spacing(0.5, 1), minHeight: 40, flexWrap: 'wrap' },
    // The token select takes the row's width and the reveal button stays beside it, also at 390 px.
    '.picker': {
      display: 'grid',
      gridTemplateColumns: 'minmax(0, 1fr) auto',
      alignItems: 'center',
      gap: theme.spacing(1),
      flex: '1 1 auto',
      minWidth: 0,
      padding: theme.spacing(1, 0, 0.5),
    },
    '.picker-wide': { gridColumn: '1 / -1' },
    '.picker-note': { fontSize: '0.8125rem', color: v.palette.text.secondary },
    '.picker-select': { minWidth: 0, maxWidth: '100%' },
    '.example-summary': { flex: '1 1 100%', fontSize: '0.875rem', color: v.palette.text.secondary },
    '.example-more > summary': { cursor: 'pointer', fontSize: '0.875rem', color: v.palette.text.secondary, padding: theme.spacing(0.5, 0) },
    '.example-more[open] > summary': { marginBottom: theme.spacing(1) },
    '.example': { display: 'grid', gap: theme.spacing(1) },
    '.example-bar': { display: 'flex', alignItems: 'center', gap: theme.spacing(1), flexWrap: 'wrap' },
    '.side-title': { fontSize: '0.8125rem', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.05em', color: v.palette.text.secondary },
  };
});
