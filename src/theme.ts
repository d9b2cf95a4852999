import { defaultDarkTheme, defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's default look, plus a focus ring that shows on any background (keyboard users must see where they are).
 */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  // react-admin's blues darkened until white on them, and they on the page, pass WCAG AA (4.5:1): #2196f3 under the
  // header's white text was 3.1:1; #1565c0 is 5.8:1. Secondary text darkened likewise (axe-core,
  // tests/e2e/a11y.spec.ts).
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
    ...({
      RaSkipNavigationButton: {
        styleOverrides: { root: { color: '#1565c0', backgroundColor: '#fff', '&:hover': { backgroundColor: '#fff' } } },
      },
    } as object),
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

/**
 * Where react-admin's store (src/store.ts: localStorageStore with the app key 'Console') keeps the light/dark choice,
 * read by the public pages, which load without react-admin.
 */
export const THEME_STORAGE_KEY = 'RaStoreConsole.theme';

/**
 * The dark theme, chosen in the user menu (or by the system's preference until a choice is made). react-admin's dark
 * palette with the same rules as the light one: a light blue on near-black that passes AA for text and for white on
 * it, readable disabled labels, and a focus ring of the page's background then the light blue (axe-core on every
 * screen in both themes, tests/e2e/a11y.spec.ts).
 */
export const darkTheme: RaThemeOptions = {
  ...defaultDarkTheme,
  palette: {
    ...defaultDarkTheme.palette,
    mode: 'dark',
    primary: { main: '#90caf9', light: '#c3fdff', dark: '#5d99c6', contrastText: 'rgba(0, 0, 0, 0.87)' },
    secondary: { main: '#90caf9', light: '#c3fdff', dark: '#5d99c6', contrastText: 'rgba(0, 0, 0, 0.87)' },
    background: { default: '#121212', paper: '#1e1e1e' },
    text: { primary: '#fff', secondary: 'rgba(255, 255, 255, 0.75)' },
  },
  components: {
    ...defaultDarkTheme.components,
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(255, 255, 255, 0.75)' } } } },
    MuiFormLabel: { styleOverrides: { root: { '&.Mui-disabled': { color: 'rgba(255, 255, 255, 0.75)' } } } },
    ...({
      RaSkipNavigationButton: {
        styleOverrides: {
          root: { color: '#90caf9', backgroundColor: '#121212', '&:hover': { backgroundColor: '#121212' } },
        },
      },
    } as object),
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { boxShadow: '0 0 0 2px #121212, 0 0 0 4px #90caf9', outline: 'none' },
        },
      },
    },
  },
};
