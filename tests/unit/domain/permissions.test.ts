import { describe, expect, it } from 'vitest';
import { canAccess, canDo, meets, type Access } from '../../../domain/permissions.js';

const people = {
  nobody: null,
  inactive: { active: false, isAdmin: true, isEditor: true },
  staff: { active: true, isAdmin: false, isEditor: false },
  editor: { active: true, isAdmin: false, isEditor: true },
  admin: { active: true, isAdmin: true, isEditor: false },
};

describe('the role matrix', () => {
  const table: Array<[keyof typeof people, Record<Access, boolean>]> = [
    ['nobody', { public: true, signedIn: false, editor: false, admin: false }],
    ['inactive', { public: true, signedIn: false, editor: false, admin: false }],
    ['staff', { public: true, signedIn: true, editor: false, admin: false }],
    ['editor', { public: true, signedIn: true, editor: true, admin: false }],
    ['admin', { public: true, signedIn: true, editor: false, admin: true }],
  ];
  it.each(table)('%s meets exactly the expected levels', (who, expected) => {
    for (const [level, yes] of Object.entries(expected))
      expect([level, meets(people[who], level as Access)]).toEqual([level, yes]);
  });

  it('maps the console areas to roles as the spec says', () => {
    expect(canAccess(people.admin, 'users')).toBe(true);
    expect(canAccess(people.editor, 'users')).toBe(false);
    expect(canAccess(people.editor, 'products')).toBe(true);
    expect(canAccess(people.editor, 'languages')).toBe(true);
    expect(canAccess(people.admin, 'products')).toBe(false);
    expect(canAccess(people.staff, 'account')).toBe(true);
    expect(canAccess(people.staff, 'changelog')).toBe(true);
    expect(canAccess(people.nobody, 'dashboard')).toBe(false);
  });

  it('lets only admins remove language keys, though editors edit the languages', () => {
    expect(canDo(people.admin, 'removeLanguageKey')).toBe(true);
    expect(canDo({ ...people.admin, isEditor: true }, 'removeLanguageKey')).toBe(true);
    expect(canDo(people.editor, 'removeLanguageKey')).toBe(false);
    expect(canDo(people.inactive, 'removeLanguageKey')).toBe(false);
    expect(canDo(people.nobody, 'removeLanguageKey')).toBe(false);
  });
});
