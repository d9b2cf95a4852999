import type { ComponentType, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import CampaignIcon from '@mui/icons-material/Campaign';
import { vi } from 'vitest';
import Console from '../../../src/Console';
import { consoleResources } from '../../../resources';
import { resourceDescriptions } from '../../../resources/descriptions';
import {
  describedResource,
  type ResourceScreens,
  type ResourceLocaleTexts,
} from '../../../resources/shared/describedResource';
import type { ResourceDefinition } from '../../../resources/types';
import type { ResourceDescription } from '../../../domain/resourceDescription';
import { mayAccess } from '../../../providers/shared/access';
import { fakeAuthProvider, fakeDataProvider, userWith } from '../helpers';

/**
 * The whole signed-in console at `path`, over a fake data provider with the given methods, for a person's flags; with
 * `fixtures`, described resources made by the test beside the console's own, which the providers' rule knows as it
 * would know a folder's description; `beside`, rendered beside the console under the same router.
 */
export function renderConsoleAt(
  path: string,
  data: Record<string, unknown>,
  flags = { isAdmin: false, isEditor: true },
  fixtures: readonly ResourceDefinition[] = [],
  beside?: ReactNode,
): void {
  const user = userWith(flags);
  const described = [...resourceDescriptions, ...fixtures.flatMap((r) => (r.screens ? [r.screens.description] : []))];
  render(
    <MemoryRouter initialEntries={[path]}>
      {beside}
      <Console
        authProvider={fakeAuthProvider(user, {
          canAccess: vi.fn(async ({ resource, action }: { resource: string; action: string }) =>
            mayAccess(user, resource, action, described),
          ),
        })}
        dataProvider={fakeDataProvider(data as never)}
        store={memoryStore()}
        resources={[...consoleResources, ...fixtures]}
      />
    </MemoryRouter>,
  );
}

/** A fixture's screens in both languages: `one` names one record ('Fair': 'Fair list', 'Add fair' …). */
export interface FixtureScreens<D extends ResourceDescription> {
  /** Each field's label. */
  fields: Readonly<Record<keyof D['fields'] & string, string>>;
  columns: ResourceScreens<D>['columns'];
  phone: ResourceScreens<D>['phone'];
  icon?: ComponentType;
  /** Texts of its own in English and in Swedish (the rest as `one` says, in both). */
  en?: Partial<ResourceLocaleTexts>;
  sv?: Partial<ResourceLocaleTexts>;
  own?: ResourceScreens<D>['own'];
}

/** A described resource made by a test (not part of the product): its screens, the shared pages unless `own`. */
export function fixtureResource<D extends ResourceDescription>(
  description: D,
  one: string,
  screens: FixtureScreens<D>,
): ResourceDefinition {
  const lower = one.toLowerCase();
  const en = {
    menu: `${one}s`,
    list: `${one} list`,
    add: `Add ${lower}`,
    edit: `Edit ${lower}`,
    search: `Search ${lower}`,
    searchField: screens.fields[description.search as keyof D['fields'] & string],
    empty: 'None yet',
    failed: 'Could not fetch',
    fields: screens.fields,
    ...screens.en,
  };
  return describedResource({
    description,
    texts: { en, sv: { ...en, ...screens.sv } },
    icon: screens.icon ?? CampaignIcon,
    columns: screens.columns,
    phone: screens.phone,
    ...(screens.own ? { own: screens.own } : {}),
  });
}
