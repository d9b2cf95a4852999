import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default look, plus a focus ring that shows on any background (keyboard users, spec §12). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  // react-admin's blues darkened until white on them, and they on the page, pass WCAG AA (4.5:1): #2196f3 under the
  // header's white text was 3.1:1; #1565c0 is 5.8:1. Secondary text darkened likewise (axe-core, tests/e2e/a11y.spec.ts).
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0', light: '#5e92f3', dark: '#003c8f', contrastText: '#fff' },
    secondary: { main: '#1565c0', light: '#5e92f3', dark: '#003c8f', contrastText: '#fff' },
    text: { primary: 'rgba(0, 0, 0, 0.87)', secondary: 'rgba(0, 0, 0, 0.7)' },
  },
  components: {
    ...defaultTheme.components,
    // A read-only field (the SKU on the edit page) keeps readable label and helper text.
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.7)' } } } },
    MuiFormLabel: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(0, 0, 0, 0.7)' } } } },
    // react-admin's 'Skip to content' writes the primary colour's contrast text (white) on the page's background
    // (near white) once it takes focus: the primary blue on white instead.
    ...({ RaSkipNavigationButton: { styleOverrides: { root: { color: '#1565c0', backgroundColor: '#fff', '&:hover': { backgroundColor: '#fff' } } } } } as object),
    MuiButtonBase: {
      styleOverrides: {
        root: {
          // Two rings, white then dark blue: visible on the blue header and on white cards alike.
          '&.Mui-focusVisible': { boxShadow: '0 0 0 2px #fff, 0 0 0 4px #0d47a1', outline: 'none' },
        },
      },
    },
  },
};
