import { Box } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import type { Product } from '../../domain/products';
import { format } from '../../domain/messages';
import {
  missingLanguages,
  TRANSLATABLE_KEYS,
  translatedText,
  type TranslatedLanguage,
} from '../../domain/productFields';
import { useMessages } from '../../base/locale';
import { MissingMark } from '../shared/MissingTextMarks';

/** The languages a listed product still lacks its name or details in. */
export const missingIn = (p: Product): TranslatedLanguage[] => missingLanguages(p.translations ?? {});

/**
 * The list's mark beside a product's name for each language its name or details are missing in, named by what is
 * missing ('Swedish details missing', 'Swedish name and details missing').
 */
export function MissingMarks({ product }: { product: Product }) {
  const t = useMessages().products;
  return missingIn(product).map((lang) => {
    const gone = TRANSLATABLE_KEYS.filter((k) => translatedText(product.translations, lang, k) === '');
    const said = format(gone.length === 1 ? t.missingOne[gone[0]!] : t.missingMark, {
      language: t.languageNames[lang],
    });
    return <MissingMark key={lang} said={said} />;
  });
}

/**
 * The same on a phone's list, where nothing hovers: a small outlined label under the row's text ('Swedish missing'),
 * read with the row's link. Spans only, as it sits inside the row's secondary text (a paragraph).
 */
export function MissingNote({ product }: { product: Product }) {
  const t = useMessages().products;
  return missingIn(product).map((lang) => (
    <Box
      key={lang}
      component="span"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        mr: 1,
        px: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 4,
        fontSize: '0.8125rem',
        color: 'text.primary',
      }}
    >
      <TranslateIcon aria-hidden sx={{ fontSize: '1rem', color: 'warning.dark' }} />
      {format(t.missing, { language: t.languageNames[lang] })}
    </Box>
  ));
}
