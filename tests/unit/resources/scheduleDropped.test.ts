import { describe, expect, it } from 'vitest';
import { describeEntry } from '../../../resources/shared/history/describe';
import { messages } from '../../../domain/messages';
import { sv } from '../../../domain/messages.sv';
import { SCHEDULER_ACTOR } from '../../../domain/schedule';
import type { HistoryEntry } from '../../../domain/history';

// A scheduled change the scheduler dropped (its value no longer valid, server/core/scheduledChanges.ts) in the
// record's history and on Activity, in English and Swedish, the field by its label where the screen gives one.
describe('a dropped scheduled change in words', () => {
  const entry: HistoryEntry = {
    id: '1',
    at: '2026-11-24T10:00:00.000Z',
    actor: SCHEDULER_ACTOR,
    actorName: '',
    kind: 'record',
    resource: 'careguides',
    recordId: 'g1',
    recordLabel: 'Linen towels',
    action: 'scheduleDropped',
    diff: { title: [null, 'Taken title'] },
  };

  it('says the scheduler could not set the field and dropped the change', () => {
    expect(describeEntry(entry, messages)).toEqual([
      'The scheduler could not set title to Taken title; the scheduled change was dropped',
    ]);
    expect(describeEntry(entry, sv, { locale: 'sv', labels: { title: 'Rubrik' } })).toEqual([
      'Schemaläggaren kunde inte sätta Rubrik till Taken title; den schemalagda ändringen togs bort',
    ]);
  });
});
