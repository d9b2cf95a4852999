import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../domain/locales';
import { describeResource, optionFieldsOf, type ResourceDescription } from '../../../domain/resourceDescription';
import { describedScreens } from '../../../resources';
import type { ResourceTexts } from '../../../resources/shared/recordScreens';
import { servedResources } from '../../../server/resources';
import { migrations } from '../../../server/db/migrate';
import { productDescription } from '../../../domain/productFields';
import {
  loadDescriptions,
  migrationList,
  planOf,
  MIGRATION_LIST,
  pretty,
  productRulesOf,
  resourceMigrationFiles,
  resourceFolders,
  RULES,
  root,
  rulesOf,
  serverList,
  SERVER_LIST,
  withRules,
} from '../../../scripts/resources';

// Every resource folder (resources/<name>/description.ts) is found by the browser (Vite's glob), by the server (the
// generated list) and by the Firestore rules (the generated block), and has its texts in every language.
describe('resource folders', () => {
  const folders = resourceFolders();

  it('there is at least the suppliers folder, named after its resource', async () => {
    expect(folders).toContain('suppliers');
    expect((await loadDescriptions()).map((d) => d.name)).toEqual(folders);
  });

  it('the browser finds every folder (sidebar groups and pages)', () => {
    expect(describedScreens.map((r) => r.name)).toEqual(folders);
  });

  it('the server finds every folder: server/resources.generated.ts is current (else run `npm run resources`)', () => {
    expect(readFileSync(SERVER_LIST, 'utf8')).toBe(serverList(folders));
    expect(servedResources.map((r) => r.name)).toEqual(folders);
  });

  it('every description (products’ too) has its table’s and fields’ migrations (else npm run resources)', async () => {
    expect(await planOf(await loadDescriptions())).toMatchObject({ steps: [], problems: [] });
    expect(readFileSync(MIGRATION_LIST, 'utf8')).toBe(
      await pretty(MIGRATION_LIST, migrationList(resourceMigrationFiles())),
    );
    // Every resource migration is among the server's migrations.
    for (const f of resourceMigrationFiles()) expect(Object.keys(migrations)).toContain(f.replace(/\.ts$/, ''));
  });

  it(
    'the Firestore rules block of every resource is current in ' +
      'firebase/firestore.rules (else run `npm run resources`)',
    async () => {
      const rules = readFileSync(RULES, 'utf8');
      expect(rules).toBe(withRules(rules, await loadDescriptions()));
      for (const d of await loadDescriptions()) expect(rules).toContain(`match /${d.name}/{id} {`);
    },
  );

  it('a description change shows in its rules: a field, a bound, a locked field', async () => {
    const d = (await loadDescriptions()).find((x) => x.name === 'suppliers')!;
    const grown: ResourceDescription = {
      ...d,
      fields: { ...d.fields, vatCode: { kind: 'line', max: 12, locked: true } },
    };
    expect(rulesOf(grown)).toContain('d.vatCode is string && d.vatCode.size() >= 1 && d.vatCode.size() <= 12');
    expect(rulesOf(grown)).toContain('request.resource.data.vatCode == resource.data.vatCode');
    expect(rulesOf(grown)).not.toBe(rulesOf(d));
  });

  it('writes the products’ block from their description', () => {
    const rules = readFileSync(RULES, 'utf8');
    const block = rules.slice(rules.indexOf('// BEGIN products'), rules.indexOf('match /languages/{lang} {'));
    expect(block).toContain(productRulesOf());
    expect(block).toContain("d.mc is string && d.mc in ['Cotton care', 'Linen care']");
    const { sku } = productDescription.fields;
    const shorter = { ...productDescription, fields: { ...productDescription.fields, sku: { ...sku, max: 32 } } };
    expect(productRulesOf(shorter)).toContain('d.sku.size() <= 32');
    expect(productRulesOf(shorter)).not.toBe(productRulesOf());
  });

  it('writes each kind’s check and the access of read, edit and delete into the rules', () => {
    const guides = describeResource({
      name: 'careguides',
      area: 'products',
      access: { delete: 'admin' },
      fields: {
        title: { kind: 'line', max: 120 },
        body: { kind: 'translated', as: 'text', max: 5000 },
        fabric: { kind: 'choice', options: ['linen', 'cotton'] },
        weight: { kind: 'number', min: 0, max: 2000, decimals: 1 },
        pictures: { kind: 'images', max: 1 },
        supplier: { kind: 'reference', to: 'suppliers', optional: true },
      },
      sort: { field: 'title', order: 'asc' },
      search: 'title',
    });
    const rules = rulesOf(guides);
    expect(rules).toContain('d.body is string && d.body.size() >= 1 && d.body.size() <= 5000');
    expect(rules).toContain("d.fabric is string && d.fabric in ['linen', 'cotton']");
    expect(rules).toContain('d.weight is number && d.weight >= 0 && d.weight <= 2000');
    expect(rules).toContain('d.pictures is list && d.pictures.size() <= 1');
    expect(rules).toContain(
      "d.supplier is string && (d.supplier == '' || exists(/databases/$(database)/documents/suppliers/$(d.supplier)))",
    );
    expect(rules).toContain("'translations'");
    expect(rules).toContain('allow read: if editor();');
    expect(rules).toContain('allow delete: if (editor() && admin())\n');
  });

  it('every folder has its texts in every language, a label for every field, none empty', async () => {
    for (const folder of folders) {
      const { texts } = (await import(join(root, 'resources', folder, 'texts.ts'))) as {
        texts: ResourceTexts<ResourceDescription>;
      };
      const { description } = (await import(join(root, 'resources', folder, 'description.ts'))) as {
        description: ResourceDescription;
      };
      for (const locale of LOCALES) {
        const t = texts[locale];
        expect(Object.keys(t.fields).sort(), `${folder} ${locale}`).toEqual(Object.keys(description.fields).sort());
        for (const value of [...Object.values(t).filter((v) => typeof v === 'string'), ...Object.values(t.fields)])
          expect(value, `${folder} ${locale}`).not.toBe('');
      }
      expect(texts.sv.menu, `${folder}: Swedish, not English`).not.toBe(texts.en.menu);
    }
  });

  it('every choice and choices option has its label in every language (texts.ts `options`), none empty', async () => {
    for (const folder of folders) {
      const { texts } = (await import(join(root, 'resources', folder, 'texts.ts'))) as {
        texts: ResourceTexts<ResourceDescription>;
      };
      const { description } = (await import(join(root, 'resources', folder, 'description.ts'))) as {
        description: ResourceDescription;
      };
      for (const locale of LOCALES) {
        const options = texts[locale].options ?? {};
        const fields = optionFieldsOf(description);
        // Labels only for fields that have options, and only for options they have.
        expect(Object.keys(options).sort(), `${folder} ${locale}`).toEqual(fields.map(([k]) => k).sort());
        for (const [k, f] of fields) {
          const labels = options[k] ?? {};
          expect(Object.keys(labels).sort(), `${folder}.${k} ${locale}`).toEqual([...(f.options ?? [])].sort());
          for (const label of Object.values(labels)) expect(label, `${folder}.${k} ${locale}`).not.toBe('');
        }
      }
    }
  });
});
