import { format, type Catalogue } from '../../domain/messages';
import { translatedKeys, type ResourceDescription } from '../../domain/resourceDescription';
import type { ResourceLocaleTexts } from './recordScreens';

/**
 * Every label a described resource's history and CSV name a field by: each field's own, and for a translated field's
 * other languages its flat key ('body_se') as 'Guide (Swedish)'.
 */
export function recordFieldLabels(
  d: ResourceDescription,
  t: ResourceLocaleTexts,
  m: Catalogue,
): Record<string, string> {
  const languages = m.products.languageTitles as Readonly<Record<string, string>>;
  const out: Record<string, string> = { ...t.fields };
  for (const k of translatedKeys(d))
    out[k.key] = format(m.records.inLanguage, {
      label: t.fields[k.field] ?? k.field,
      language: languages[k.lang] ?? k.lang,
    });
  return out;
}
