import type { ReactNode } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { LOCALE_NAMES, LOCALES } from '../../domain/locales';
import { setLocale, useLocale, useMessages } from '../../base/locale';

/**
 * The centred card of the public pages (sign-in, forgot, reset, version), titled with one h1, and the language choice.
 */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Box sx={{ width: '100%', maxWidth: 420 }}>
        <Card>
          <CardContent sx={{ p: 4 }}>
            <Typography component="h1" variant="h5" gutterBottom>
              {title}
            </Typography>
            {children}
          </CardContent>
        </Card>
        <LanguageChoice />
      </Box>
    </Box>
  );
}

/** Before sign-in the console speaks the browser's language; these switch it (remembered in this browser). */
function LanguageChoice() {
  const locale = useLocale();
  const m = useMessages();
  return (
    <Stack
      component="nav"
      aria-label={m.header.language}
      direction="row"
      spacing={1}
      sx={{ justifyContent: 'center', mt: 1 }}
    >
      {LOCALES.map((l) => (
        <Button
          key={l}
          size="small"
          lang={l}
          aria-pressed={l === locale}
          variant={l === locale ? 'outlined' : 'text'}
          onClick={() => setLocale(l)}
          sx={{ textTransform: 'none' }}
        >
          {LOCALE_NAMES[l]}
        </Button>
      ))}
    </Stack>
  );
}
