import { describe, expect, it } from 'vitest';
import { describedScreens } from '../../../resources';
import { resourceDescriptions } from '../../../resources/descriptions';
import { describeResource, mayOnResource, accessLevels } from '../../../domain/resourceDescription';
import { mayAccess } from '../../../providers/shared/access';

// In the browser: a described resource's edit and delete levels narrow its read level
// (domain/resourceDescription.ts, accessLevels), so neither the resource's own `may` (sidebar, page guards, buttons)
// nor the auth providers' canAccess (both provider sets: providers/shared/access.ts) offers a change to someone who
// may not read.
const PEOPLE = [
  { isAdmin: false, isEditor: false },
  { isAdmin: false, isEditor: true },
  { isAdmin: true, isEditor: false },
  { isAdmin: true, isEditor: true },
].map((flags) => ({ ...flags, active: true }));
const READS = ['list', 'show', 'export'];
const CHANGES = ['create', 'edit', 'clone', 'delete'];

describe('described resources: no change without reading, in the browser', () => {
  it.each(resourceDescriptions.map((d) => d.name))('%s', (name) => {
    const resource = describedScreens.find((r) => r.name === name)!;
    for (const user of PEOPLE) {
      const reads = mayAccess(user, name, 'list', resourceDescriptions);
      expect(resource.may!(user, 'list'), JSON.stringify(user)).toBe(reads);
      for (const action of READS) expect(mayAccess(user, name, action, resourceDescriptions)).toBe(reads);
      for (const action of CHANGES) {
        const may = mayAccess(user, name, action, resourceDescriptions);
        expect(resource.may!(user, action), `${action} ${JSON.stringify(user)}`).toBe(may);
        if (!reads) expect(may, `${action} without reading: ${JSON.stringify(user)}`).toBe(false);
      }
    }
  });

  it('lets only admins who are editors delete a care guide', () => {
    const guides = resourceDescriptions.find((d) => d.name === 'careguides')!;
    expect(accessLevels(guides, 'delete')).toEqual(['editor', 'admin']);
    expect(PEOPLE.filter((u) => mayOnResource(u, guides, 'delete'))).toEqual([
      { isAdmin: true, isEditor: true, active: true },
    ]);
  });

  it('narrows an edit level that is not the read level, and keeps a single level where they agree', () => {
    const costs = describeResource({
      name: 'costs',
      area: 'products',
      access: { read: 'admin', edit: 'editor' },
      fields: { title: { kind: 'line', max: 80 } },
      sort: { field: 'title', order: 'asc' },
      search: 'title',
    });
    expect(accessLevels(costs, 'read')).toEqual(['admin']);
    expect(accessLevels(costs, 'edit')).toEqual(['admin', 'editor']);
    expect(accessLevels(costs, 'delete')).toEqual(['admin', 'editor']);
    expect(PEOPLE.filter((u) => mayOnResource(u, costs, 'edit')).map((u) => [u.isAdmin, u.isEditor])).toEqual([
      [true, true],
    ]);
  });
});
