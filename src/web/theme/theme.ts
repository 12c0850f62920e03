/**
 * The one theme: colour primitives, then light and dark schemes, then per-component
 * overrides. CSS variables let the colour scheme follow the system setting and switch without a re-render;
 * the chosen mode is kept by MUI in localStorage under MODE_STORAGE_KEY (only the mode, never a secret).
 */
import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  // The theme is built with CSS variables: `theme.vars` and `theme.colorSchemes` are always there.
  interface CssThemeVariables {
    enabled: true;
  }
  interface Palette {
    syntax: { key: string; string: string; number: string; literal: string; punctuation: string };
    /** A status that is neither good nor bad news: a 3xx answer (a 304, nothing new) in the usage chart and log. */
    neutral: Palette['primary'];
  }
  interface PaletteOptions {
    syntax?: { key: string; string: string; number: string; literal: string; punctuation: string };
    neutral?: PaletteOptions['primary'];
  }
}

declare module '@mui/material/Chip' {
  interface ChipPropsColorOverrides {
    neutral: true;
  }
}

export const MODE_STORAGE_KEY = 'portal-color-mode';

/** Colour primitives: the only colour literals in the app. */
const brandBlue = { 50: '#eef4ff', 100: '#dae6ff', 300: '#8fb2ff', 400: '#6690ff', 500: '#3d6bf5', 600: '#2a53d6', 700: '#2242ab', 900: '#172b66' };
/** Status colours chosen for WCAG AA contrast with their contrast text in each scheme. */
const status = {
  light: { error: '#c62828', success: '#1e7a34', warning: '#a15c00', info: '#0369a1' },
  dark: { error: '#f87171', success: '#4ade80', warning: '#fbbf24', info: '#7cc4fa' },
};
/** JSON syntax colours (response panel), AA on the panel background in each scheme. */
const syntax = {
  light: { key: '#2242ab', string: '#1e6b34', number: '#8f4700', literal: '#7b3aa8', punctuation: '#4d5566' },
  dark: { key: '#8fb2ff', string: '#7ee2a1', number: '#ffb86b', literal: '#d6a8ff', punctuation: '#c9ced8' },
};
const slate = {
  0: '#ffffff',
  50: '#f7f8fa',
  100: '#eef0f4',
  200: '#e1e4ea',
  300: '#c9ced8',
  500: '#6b7385',
  600: '#4d5566',
  700: '#363c4a',
  800: '#222732',
  850: '#1a1e27',
  900: '#13161d',
  950: '#0d0f14',
};

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        // WCAG AA for every text colour MUI derives (filled alerts, chips): the default threshold is 3.
        contrastThreshold: 4.5,
        primary: { main: brandBlue[600], light: brandBlue[400], dark: brandBlue[700], contrastText: slate[0] },
        background: { default: slate[50], paper: slate[0] },
        text: { primary: slate[900], secondary: slate[600] },
        divider: slate[200],
        error: { main: status.light.error, contrastText: slate[0] },
        success: { main: status.light.success, contrastText: slate[0] },
        warning: { main: status.light.warning, contrastText: slate[0] },
        info: { main: status.light.info, contrastText: slate[0] },
        neutral: { main: slate[600], contrastText: slate[0] },
        syntax: syntax.light,
      },
    },
    dark: {
      palette: {
        contrastThreshold: 4.5,
        primary: { main: brandBlue[300], light: brandBlue[100], dark: brandBlue[400], contrastText: slate[950] },
        background: { default: slate[950], paper: slate[900] },
        text: { primary: slate[100], secondary: slate[300] },
        divider: slate[700],
        error: { main: status.dark.error, contrastText: slate[950] },
        success: { main: status.dark.success, contrastText: slate[950] },
        warning: { main: status.dark.warning, contrastText: slate[950] },
        info: { main: status.dark.info, contrastText: slate[950] },
        neutral: { main: slate[300], contrastText: slate[950] },
        syntax: syntax.dark,
      },
    },
  },
  // Keyboard focus (WCAG 2.4.7): MUI's own ring, a 2 px primary outline on every ButtonBase (buttons, toggles,
  // icon buttons, tabs, list and menu items, chips) and Link, inset where a parent clips (tabs, menu items).
  focusVisible: true,
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.375rem', fontWeight: 650 },
    h3: { fontSize: '1.125rem', fontWeight: 650 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // The ring replaces the focus ripple, which stayed lit on the button that opened a dialog.
    MuiButton: { defaultProps: { disableElevation: true, disableFocusRipple: true } },
    MuiIconButton: { defaultProps: { disableFocusRipple: true } },
    MuiTab: { defaultProps: { disableFocusRipple: true } },
    MuiFab: { defaultProps: { disableFocusRipple: true } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiPaper: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: 12 } } },
    MuiDialogTitle: { styleOverrides: { root: { fontWeight: 650 } } },
    // A disabled field's helper text often explains why it is disabled: keep it readable (WCAG contrast).
    MuiFormHelperText: { styleOverrides: { root: ({ theme: t }) => ({ '&.Mui-disabled': { color: t.vars.palette.text.secondary } }) } },
    // Toggle groups (tester's API, order type, call): the chosen option is filled and bold, the others plain
    // secondary text, so the active one reads as active in both schemes (MUI's default tints the chosen one
    // faintly and paints the others in action.active, which is white in dark mode).
    MuiToggleButton: {
      defaultProps: { disableFocusRipple: true },
      styleOverrides: {
        root: ({ theme: t }) => ({
          color: t.vars.palette.text.secondary,
          fontWeight: 500,
          '&.Mui-selected, &.Mui-selected:hover': {
            color: t.vars.palette.primary.contrastText,
            backgroundColor: t.vars.palette.primary.main,
            fontWeight: 700,
          },
        }),
      },
    },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          borderRadius: t.shape.borderRadius,
          '&.Mui-selected': { color: t.vars.palette.primary.main, fontWeight: 600 },
        }),
      },
    },
    MuiCssBaseline: {
      styleOverrides: (t) => ({
        // Focus must always be visible (accessibility), also for mouse-less users of custom widgets.
        ':focus-visible': { outlineOffset: 2 },
        // Links, plain buttons and disclosures outside MUI's components (the reference pages' prose, sample
        // tabs) get the same ring; tabs draw it inside, as their bar clips what sticks out.
        'a:focus-visible, button:focus-visible, summary:focus-visible': { outline: `2px solid ${t.vars.palette.primary.main}` },
        'button[role="tab"]:focus-visible': { outlineOffset: -2 },
        code: { fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace' },
        // Keyboard hints (shortcuts, arrow-key help) mean nothing without a keyboard: hidden on touch screens.
        '@media (pointer: coarse)': { '.keyboard-hint': { display: 'none' } },
      }),
    },
  },
});

/** Monospace stack for tokens, JSON and commands. */
export const monospace = '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace';
