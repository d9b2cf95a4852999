import type { RaRecord } from 'react-admin';
import type { ResourceDescription } from '../../domain/resourceDescription';
import { useLocale, useMessages } from '../../base/locale';
import { useScheduleSettings } from '../../base/scheduleSettings';
import type { ResourceLocaleTexts } from './recordScreens';
import { useCountryNames } from './recordHooks';
import { FIELD_KIND_VIEWS, type CellContext } from './fieldKindViews';

/**
 * A list's cells, each field by its kind's cell (fieldKindViews.tsx), which is given the row: a reference shows the
 * label its record's answer carries, a translated text the UI's language. The shop's time zone is asked only where one
 * of `fields` needs it. The described resources' lists and the products list read their cells here.
 */
export function useFieldCells(
  d: ResourceDescription,
  texts: ResourceLocaleTexts,
  fields: readonly string[],
): (r: RaRecord, field: string) => string {
  const m = useMessages();
  const country = useCountryNames();
  const locale = useLocale();
  const zoned = fields.some((f) => {
    const spec = d.fields[f];
    return spec !== undefined && FIELD_KIND_VIEWS[spec.kind].zoned === true;
  });
  const zone = useScheduleSettings(zoned)?.timeZone ?? '';
  const ctx: CellContext = { yes: m.records.yes, no: m.records.no, texts, country, locale, zone };
  return (r, f) => {
    const spec = d.fields[f];
    return spec ? FIELD_KIND_VIEWS[spec.kind].cell(r[f], spec, ctx, { row: r, field: f }) : String(r[f] ?? '');
  };
}
