import { describe, expect, it } from 'vitest';
import { planImport } from '../../../domain/recordImport.js';
import { recordCsvColumns } from '../../../domain/recordCsv.js';
import { textOf } from '../../../domain/translate.js';
import { description as careguides } from '../../../resources/careguides/description.js';
import { description as suppliers } from '../../../resources/suppliers/description.js';

// A CSV file has no list to choose from: a refused choice or country says what the cell may hold, in both languages.
const none = { read: async () => null, existing: async () => new Set<string>(), holders: async () => new Map() };
const row = (cells: Record<string, string>) => ({ line: 2, cells });

describe('a described resource’s import, in a file’s words', () => {
  it('names the options a choice may take', async () => {
    const cells = { id: '', title: 'Wool wash', body: 'Cold.', body_se: '', fabric: 'wool', picture: '' };
    expect(Object.keys(cells).sort()).toEqual([...recordCsvColumns(careguides)].sort());
    const { result } = await planImport(careguides, [row(cells)], none);
    const [error] = result.rows[0]!.errors;
    expect(error?.field).toBe('fabric');
    expect(textOf(error!.message, 'en')).toBe('Write one of: linen, cotton, blend.');
    expect(textOf(error!.message, 'sv')).toBe('Skriv ett av: linen, cotton, blend.');
  });

  it('asks for a country’s two-letter code, as the export writes it', async () => {
    const cells = { id: '', name: 'Lin & Co', contactPerson: '', email: '', country: 'Finland', notes: '' };
    const { result } = await planImport(suppliers, [row(cells)], none);
    const [error] = result.rows[0]!.errors;
    expect(error?.field).toBe('country');
    expect(textOf(error!.message, 'en')).toBe('Write the country as its two-letter code, such as SE or FI.');
    const fine = await planImport(suppliers, [row({ ...cells, country: 'FI' })], none);
    expect(fine.result.rows[0]).toMatchObject({ action: 'create', errors: [] });
  });
});
