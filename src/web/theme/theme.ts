/**
 * The one theme (house style 15): colour primitives, then light and dark schemes, then per-component
 * overrides. CSS variables let the colour scheme follow the system setting and switch without a re-render;
 * the chosen mode is kept by MUI in localStorage under MODE_STORAGE_KEY (only the mode, never a secret).
 */
import { createTheme } from '@mui/material/styles';

export const MODE_STORAGE_KEY = 'portal-color-mode';

/** Colour primitives: the only colour literals in the app. */
const brandBlue = { 50: '#eef4ff', 100: '#dae6ff', 300: '#8fb2ff', 400: '#6690ff', 500: '#3d6bf5', 600: '#2a53d6', 700: '#2242ab', 900: '#172b66' };
const slate = { 0: '#ffffff', 50: '#f7f8fa', 100: '#eef0f4', 200: '#e1e4ea', 300: '#c9ced8', 500: '#6b7385', 600: '#4d5566', 700: '#363c4a', 800: '#222732', 850: '#1a1e27', 900: '#13161d', 950: '#0d0f14' };

export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: brandBlue[600], light: brandBlue[400], dark: brandBlue[700], contrastText: slate[0] },
        background: { default: slate[50], paper: slate[0] },
        text: { primary: slate[900], secondary: slate[600] },
        divider: slate[200],
      },
    },
    dark: {
      palette: {
        primary: { main: brandBlue[300], light: brandBlue[100], dark: brandBlue[400], contrastText: slate[950] },
        background: { default: slate[950], paper: slate[900] },
        text: { primary: slate[100], secondary: slate[300] },
        divider: slate[700],
      },
    },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.375rem', fontWeight: 650 },
    h3: { fontSize: '1.125rem', fontWeight: 650 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiPaper: { defaultProps: { elevation: 0 } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiFormControl: { defaultProps: { size: 'small' } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          borderRadius: t.shape.borderRadius,
          '&.Mui-selected': { color: t.vars.palette.primary.main, fontWeight: 600 },
        }),
      },
    },
    MuiCssBaseline: {
      styleOverrides: {
        // Focus must always be visible (issue 4, accessibility), also for mouse-less users of custom widgets.
        ':focus-visible': { outlineOffset: 2 },
        code: { fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace' },
      },
    },
  },
});

/** Monospace stack for tokens, JSON and commands. */
export const monospace = '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace';
