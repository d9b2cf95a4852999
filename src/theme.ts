import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** react-admin's default look, plus a focus ring that shows on any background (keyboard users, spec §12). */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  components: {
    ...defaultTheme.components,
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
