import { Box, Chip, Tooltip } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import type { Product } from '../../domain/products';
import { format } from '../../domain/messages';
import { missingLanguages, type TranslatedLanguage } from '../../domain/productFields';
import { useMessages } from '../../src/locale';

/** The languages a listed product still lacks its name or details in. */
export const missingIn = (p: Product): TranslatedLanguage[] => missingLanguages(p.translations ?? {});

/**
 * The list's mark beside a product's name for each language its name or details are missing in: an icon (a shape,
 * not a colour) named 'Swedish name or details missing' for screen readers, and shown as its hover text; it takes the
 * keyboard's focus so the text shows without a mouse too.
 */
export function MissingMarks({ product }: { product: Product }) {
  const t = useMessages().products;
  return missingIn(product).map((lang) => {
    const said = format(t.missingMark, { language: t.languageNames[lang] });
    return (
      <Tooltip key={lang} title={said}>
        <Box
          component="span"
          role="img"
          aria-label={said}
          tabIndex={0}
          sx={{ display: 'inline-flex', verticalAlign: 'middle', ml: 1, color: 'warning.dark', borderRadius: 0.5, '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
        >
          <TranslateIcon fontSize="small" aria-hidden />
        </Box>
      </Tooltip>
    );
  });
}

/** The same on a phone's list, where nothing hovers: a small label in the row ('Swedish missing'), read with the row's link. */
export function MissingNote({ product }: { product: Product }) {
  const t = useMessages().products;
  return missingIn(product).map((lang) => (
    <Chip
      key={lang}
      size="small"
      variant="outlined"
      icon={<TranslateIcon aria-hidden />}
      label={format(t.missing, { language: t.languageNames[lang] })}
      sx={{ ml: 1, flexShrink: 0 }}
    />
  ));
}
