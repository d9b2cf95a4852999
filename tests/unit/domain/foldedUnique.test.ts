import { describe, expect, it } from 'vitest';
import { describeResource, foldColumn, foldsUnique } from '../../../domain/resourceDescription.js';
import { uniqueKey } from '../../../domain/recordImport.js';
import { planSteps } from '../../../server/db/describedTables.js';

// Which unique fields compare folded (case and accents, as the find box), and what `npm run resources` writes for
// them: a folded copy under a unique index, dropped again when the field becomes 'exact' (it holds nothing of its own).
const named = (unique: true | 'exact') =>
  describeResource({
    name: 'weaves',
    area: 'products',
    fields: { name: { kind: 'line', max: 40, unique }, count: { kind: 'integer', unique: true } },
    sort: { field: 'name', order: 'asc' },
    search: 'name',
  });

describe('unique, folded unless exact', () => {
  it('folds a text kind’s unique value unless exact; a number compares as it is', () => {
    const folded = named(true);
    const exact = named('exact');
    expect(foldsUnique(folded.fields.name)).toBe(true);
    expect(foldsUnique(exact.fields.name)).toBe(false);
    expect(foldsUnique(folded.fields.count)).toBe(false);
    expect(uniqueKey(folded.fields.name, 'Örngottstyg')).toBe(uniqueKey(folded.fields.name, 'ORNGOTTSTYG'));
    expect(uniqueKey(exact.fields.name, 'Örngottstyg')).not.toBe(uniqueKey(exact.fields.name, 'örngottstyg'));
  });

  it('has its folded column made with the table, and dropped once the field says exact', () => {
    const made = planSteps([named(true)], []).steps;
    expect(made[0]!.columns[foldColumn('name')]).toEqual({
      type: 'text',
      default: '',
      stored: 'fold',
      unique: true,
      folds: 'name',
    });
    expect(made[0]!.columns[foldColumn('count')]).toBeUndefined();
    const exact = planSteps([named('exact')], made);
    expect(exact.problems).toEqual([]);
    expect(exact.removed).toEqual([]);
    expect(Object.keys(exact.steps[0]!.drop ?? {})).toEqual([foldColumn('name')]);
    const back = planSteps([named(true)], [...made, ...exact.steps]).steps;
    expect(back[0]!.columns[foldColumn('name')]).toMatchObject({ folds: 'name' });
  });

  it('folds a renamed field’s values again under its new name, the old copy dropped', () => {
    const made = planSteps([named(true)], []).steps;
    const renamed = describeResource({
      name: 'weaves',
      area: 'products',
      fields: { title: { kind: 'line', max: 40, unique: true, renamedFrom: 'name' }, count: { kind: 'integer' } },
      sort: { field: 'title', order: 'asc' },
      search: 'title',
    });
    const plan = planSteps([renamed], made);
    expect(plan.problems).toEqual([]);
    expect(plan.steps[0]).toMatchObject({
      renamed: { title: 'name' },
      columns: { [foldColumn('title')]: { folds: 'title', unique: true } },
      drop: { [foldColumn('name')]: { folds: 'name' } },
    });
  });
});
