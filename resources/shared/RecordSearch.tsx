import { ExactSearch } from './ExactSearch';
import type { ResourceScreens } from './recordScreens';
import { useRecordOpening, useTexts } from './recordHooks';

/** /<name>/search: a record found by its search field exactly, then opened (Edit, or Show for a reader). */
export function RecordSearch({ screens }: { screens: ResourceScreens }) {
  const description = screens.description;
  const t = useTexts(screens);
  const { open } = useRecordOpening(screens);
  return (
    <ExactSearch
      resource={description.name}
      field={description.search}
      kind="text"
      title={t.search}
      label={t.searchField}
      failure={t.failed}
      editPath={open}
    />
  );
}
