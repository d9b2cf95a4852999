import { useCallback, useMemo } from 'react';
import { useCreatePath, usePermissions } from 'react-admin';
import { COUNTRIES, mayOnResource } from '../../domain/resourceDescription';
import { LOCALE_TAGS } from '../../domain/locales';
import type { Permissions } from '../../base/backend';
import { useLocale } from '../../base/locale';
import type { RecordPage, ResourceScreens, ResourceLocaleTexts } from './recordScreens';

// What the shared pages of a described resource (RecordList.tsx and its siblings) all read: the resource's texts in
// the chosen language, whether the person may change it, and the countries by name.

export function useTexts(s: ResourceScreens): ResourceLocaleTexts {
  return s.texts[useLocale()];
}

/** The address of a described resource's page, with a record's id for its edit or show page. */
export type RecordPath = (name: string, page: RecordPage, id?: string | number) => string;

/**
 * The one path helper of the described resources (their pages, and the Activity page's links): react-admin's own
 * (useCreatePath) for its four views (/<name>, /<name>/create, /<name>/<id>, /<name>/<id>/show), and the list's
 * address with /search or /import for the two pages react-admin does not have.
 */
export function useRecordPath(): RecordPath {
  const createPath = useCreatePath();
  return useCallback<RecordPath>(
    (resource, page, id) =>
      page === 'search' || page === 'import'
        ? `${createPath({ resource, type: 'list' })}/${page}`
        : createPath({ resource, type: page, id }),
    [createPath],
  );
}

/**
 * Whether the person may change the resource's records (the server checks again), and where a record opens for them:
 * its Edit page, or its Show page for someone who may read but not change it.
 */
export function useRecordOpening(s: ResourceScreens): { mayEdit: boolean; open: (id: string | number) => string } {
  const { permissions } = usePermissions<Permissions>();
  const mayEdit = mayOnResource(permissions, s.description, 'edit');
  const path = useRecordPath();
  return { mayEdit, open: (id) => path(s.description.name, mayEdit ? 'edit' : 'show', id) };
}

/** Country names in the chosen language, by ISO code (Intl.DisplayNames). */
export function useCountryNames(): (code: string) => string {
  const locale = useLocale();
  return useMemo(() => {
    const names = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'region' });
    return (code: string) => (code ? (names.of(code) ?? code) : '');
  }, [locale]);
}

/** The countries as choices, by name in the chosen language (made once per language: the list keeps its options). */
export function useCountryChoices(): { id: string; name: string }[] {
  const country = useCountryNames();
  return useMemo(
    () => COUNTRIES.map((id) => ({ id, name: country(id) })).sort((a, b) => a.name.localeCompare(b.name)),
    [country],
  );
}
