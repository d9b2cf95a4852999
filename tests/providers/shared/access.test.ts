import { describe, expect, it } from 'vitest';
import { mayAccess } from '../../../providers/shared/access';
import { describeResource } from '../../../domain/resourceDescription';

const guides = describeResource({
  name: 'guides',
  area: 'products',
  access: { delete: 'admin' },
  fields: { title: { kind: 'line', max: 10 } },
  sort: { field: 'title', order: 'asc' },
  search: 'title',
});
const person = (flags: { isEditor?: boolean; isAdmin?: boolean; active?: boolean }) => ({
  isEditor: false,
  isAdmin: false,
  active: true,
  ...flags,
});

describe("the providers' canAccess", () => {
  it("answers a described resource by its description's access for the action", () => {
    const editor = person({ isEditor: true });
    expect(mayAccess(editor, 'guides', 'list', [guides])).toBe(true);
    expect(mayAccess(editor, 'guides', 'edit', [guides])).toBe(true);
    expect(mayAccess(editor, 'guides', 'delete', [guides])).toBe(false);
    expect(mayAccess(person({ isAdmin: true, isEditor: true }), 'guides', 'delete', [guides])).toBe(true);
    // Delete narrows read (domain/resourceDescription.ts, accessLevels): an admin who may not read the guides may not
    // delete one.
    expect(mayAccess(person({ isAdmin: true }), 'guides', 'list', [guides])).toBe(false);
    expect(mayAccess(person({ isAdmin: true }), 'guides', 'delete', [guides])).toBe(false);
    expect(mayAccess(person({}), 'guides', 'list', [guides])).toBe(false);
    expect(mayAccess(person({ isEditor: true, active: false }), 'guides', 'list', [guides])).toBe(false);
  });

  it('answers an area by the role matrix, and refuses anything else', () => {
    expect(mayAccess(person({ isAdmin: true }), 'users', 'list', [])).toBe(true);
    expect(mayAccess(person({ isEditor: true }), 'users', 'list', [])).toBe(false);
    expect(mayAccess(person({ isAdmin: true, isEditor: true }), 'unknown', 'list', [guides])).toBe(false);
  });
});
