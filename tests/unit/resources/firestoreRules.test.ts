import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeResource, fieldsOfResource } from '../../../domain/resourceDescription';
import { productDescription } from '../../../domain/productFields';
import { LANGUAGE_MAX_BYTES } from '../../../domain/languages';
import { uploadPath } from '../../../providers/firebase/uploads';
import { anyOf, commonRules, IMAGE_ADDRESS, productRulesOf, rulesOf, withRules } from '../../../scripts/firestoreRules';
import { loadDescriptions, RULES } from '../../../scripts/resources';

// What scripts/firestoreRules.ts writes into firebase/firestore.rules for each description. The
// rules themselves run only under `npm run test:rules` (Java 21); here, the text the generator writes for them.
const guides = describeResource({
  name: 'guides',
  area: 'products',
  access: { delete: 'admin' },
  fields: {
    title: { kind: 'line', max: 120 },
    body: { kind: 'translated', as: 'text', max: 5000 },
    tagline: { kind: 'translated', max: 80, optional: true },
    pictures: { kind: 'images', max: 2 },
    weight: { kind: 'number', min: 0, max: 2000, decimals: 1 },
    shown: { kind: 'boolean' },
  },
  sort: { field: 'title', order: 'asc' },
  search: 'title',
});
/** Read by all staff, edited by editors, deleted by admins: neither writer's level holds the other's. */
const open = describeResource({
  name: 'open',
  area: 'products',
  access: { read: 'signedIn', delete: 'admin' },
  fields: { title: { kind: 'line', max: 60 } },
  sort: { field: 'title', order: 'asc' },
  search: 'title',
});

const notes = describeResource({
  name: 'notes',
  area: 'products',
  fields: { title: { kind: 'line', max: 60 }, text: { kind: 'text', max: 300 } },
  sort: { field: 'title', order: 'asc' },
  search: 'title',
});

/** The address getDownloadURL answers for an upload (the SDK's form: host, bucket, encoded path, alt and token). */
const downloadAddress = (bucket: string, path: string, token = '0f8fad5b-d9cb-469f-a165-70867728950e') =>
  `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/${encodeURIComponent(path)}?alt=media&token=${token}`;
/** IMAGE_ADDRESS for a project, as the rules' `matches` reads it (the whole string). */
const imageOf = (project: string) => new RegExp(`^${IMAGE_ADDRESS.before}${project}${IMAGE_ADDRESS.after}$`);

describe('the generated Firestore rules', () => {
  it('never write (x || x): one level alone, two different ones in parentheses', async () => {
    expect(anyOf(['editor()', 'editor()'])).toBe('editor()');
    expect(anyOf(['editor()', 'admin()'])).toBe('(editor() || admin())');
    expect(rulesOf(notes)).toContain('allow create: if editor()\n');
    // Guides' delete asks the read level too (editor() && admin()): whoever deletes one may edit it already.
    expect(rulesOf(guides)).toContain('allow create: if editor()\n');
    expect(rulesOf(open)).toContain('allow create: if (editor() || admin())\n');
    const rules = withRules(readFileSync(RULES, 'utf8'), await loadDescriptions());
    expect(rules).not.toMatch(/\(([\w.()]+) \|\| \1\)/);
  });

  it('a history entry: only its keys, in the writer’s own name from their user document, at the request’s time', () => {
    const rules = rulesOf(guides);
    expect(rules).toContain("request.resource.data.keys().hasOnly(['at', 'actor', 'actorName', 'action', 'diff'])");
    expect(rules).toContain(
      'request.resource.data.actor == request.auth.uid && request.resource.data.at == request.time',
    );
    expect(rules).toContain('request.resource.data.actorName == callerName()');
    expect(readFileSync(RULES, 'utf8')).toContain(
      "(caller().get('firstName', '') + ' ' + caller().get('lastName', '')).trim()",
    );
  });

  it('a delete only with its "deleted" entry in the same write, that entry only with the delete', () => {
    const rules = rulesOf(notes);
    expect(rules).toContain(
      'allow delete: if editor()\n' +
        '        && getAfter(/databases/$(database)/documents/notes/$(id)/history/deleted).data.at == request.time;',
    );
    expect(rules).toContain("&& (entry == 'deleted') == (request.resource.data.action == 'deleted')");
    expect(rules).toContain(
      "&& (entry != 'deleted' || (exists(/databases/$(database)/documents/notes/$(id))" +
        ' && !existsAfter(/databases/$(database)/documents/notes/$(id))))',
    );
    // A record is never made again under a deleted one's id (its history, and its 'deleted' entry, are still there).
    expect(rules).toContain(
      "&& request.resource.data.get('updated', null) == null\n" +
        '        && !exists(/databases/$(database)/documents/notes/$(id)/history/deleted);',
    );
    expect(rulesOf(guides)).toContain('allow delete: if (editor() && admin())\n');
    expect(rulesOf(open)).toContain('allow delete: if admin()\n');
  });

  it('a history entry’s diff: only the record’s fields and flat translated keys, each side null or bounded', () => {
    const rules = rulesOf(guides);
    expect(rules).toContain(
      "x is map && x.keys().hasOnly(['title', 'body', 'tagline', 'pictures', 'weight', 'shown', 'body_se', " +
        "'tagline_se'])",
    );
    expect(rules).toContain("x.title.keys().hasOnly(['from', 'to'])");
    expect(rules).toContain(
      "(x.title.get('to', null) == null || x.title.get('to', null) is string && x.title.get('to', null).size() <= 120)",
    );
    expect(rules).toContain("x.tagline_se.get('from', null).size() <= 80");
    expect(rules).toContain("x.pictures.get('to', null) is list && x.pictures.get('to', null).size() <= 2");
    expect(rules).toContain("x.weight.get('to', null) is number && x.weight.get('to', null) >= 0");
    expect(rules).toContain("x.shown.get('from', null) is bool");
    expect(rules).toContain('&& diffOf(request.resource.data.diff);');
  });

  it('a described resource’s translations: only the other languages, only its translated texts, each by size', () => {
    const rules = rulesOf(guides);
    expect(rules).toContain("return t is map && t.keys().hasOnly(['body', 'tagline'])");
    expect(rules).toContain("t.get('body', '') is string && t.get('body', '').size() <= 5000");
    expect(rules).toContain("t.get('tagline', '') is string && t.get('tagline', '').size() <= 80");
    expect(rules).toContain("return m is map && m.keys().hasOnly(['se']) && texts(m.get('se', {}));");
    expect(rules).toContain("&& translations(d.get('translations', {}));");
    expect(rulesOf(notes)).not.toContain('translations');
  });

  it('a date, a date-time and several choices: the server’s forms, as far as rules go', () => {
    const events = describeResource({
      name: 'events',
      area: 'products',
      fields: {
        title: { kind: 'line', max: 60 },
        day: { kind: 'date' },
        ends: { kind: 'date', optional: true },
        starts: { kind: 'datetime' },
        tags: { kind: 'choices', options: ['soft', 'light grey'] },
        extras: { kind: 'choices', options: ['gift'], optional: true },
      },
      sort: { field: 'day', order: 'asc' },
      search: 'title',
    });
    const rules = rulesOf(events);
    // The rules' `matches` takes the whole string, as these anchored expressions do.
    const pattern = (field: string) =>
      new RegExp(`^${new RegExp(`d\\.${field}\\.matches\\('([^']+)'\\)`).exec(rules)![1]}$`);
    expect(pattern('day').test('2026-03-29')).toBe(true);
    expect(pattern('day').test('')).toBe(false);
    expect(pattern('day').test('29.3.2026')).toBe(false);
    expect(pattern('ends').test('')).toBe(true);
    expect(pattern('starts').test(new Date(Date.UTC(2026, 2, 29, 12, 30)).toISOString())).toBe(true);
    expect(pattern('starts').test('2026-03-29T14:30+02:00')).toBe(false);
    expect(rules).toContain("d.tags is list && d.tags.hasOnly(['soft', 'light grey']) && d.tags.size() >= 1");
    expect(rules).toContain("d.extras is list && d.extras.hasOnly(['gift'])");
    expect(rules).not.toContain('d.extras.size() >= 1');
    expect(rules).toContain("x.tags.get('to', null) is list && x.tags.get('to', null).size() <= 2");
    expect(rules).toContain("x.starts.get('to', null) is string && x.starts.get('to', null).size() <= 24");
  });

  it('several references: a list of at most max texts, at least one unless optional', () => {
    const fabrics = describeResource({
      name: 'fabrics',
      area: 'products',
      fields: {
        title: { kind: 'line', max: 60 },
        mills: { kind: 'references', to: 'suppliers', max: 2 },
        others: { kind: 'references', to: 'suppliers', optional: true },
      },
      sort: { field: 'title', order: 'asc' },
      search: 'title',
    });
    const rules = rulesOf(fabrics);
    const at = (i: number) => `d.mills[${i}]`;
    const each = (i: number) =>
      `(d.mills.size() <= ${i} || (${at(i)} is string && ${at(i)}.size() >= 1 && ${at(i)}.size() <= 64))`;
    expect(rules).toContain(
      `d.mills is list && d.mills.size() <= 2 && d.mills.size() >= 1 && ${each(0)} && ${each(1)}`,
    );
    expect(rules).not.toContain('d.mills[2]');
    // Left without a max, at most 20; empty allowed where optional.
    expect(rules).toContain('d.others is list && d.others.size() <= 20 && (d.others.size() <= 0');
    expect(rules).toContain('d.others[19]');
    expect(rules).not.toContain('d.others.size() >= 1');
    expect(rules).toContain("x.mills.get('to', null) is list && x.mills.get('to', null).size() <= 2");
  });

  it('each image of a described resource is an address of this project’s bucket', () => {
    const rules = rulesOf(guides);
    expect(rules).toContain(
      'd.pictures is list && d.pictures.size() <= 2 && (d.pictures.size() <= 0 || image(d.pictures[0]))' +
        ' && (d.pictures.size() <= 1 || image(d.pictures[1]))',
    );
    expect(rules).not.toContain('image(d.pictures[2])');
  });

  it('a product: only its fields, translations and primary; each of its images an address of the bucket', () => {
    const rules = productRulesOf();
    // The description's fields in its order, then what a product document holds besides.
    const keys = [...Object.keys(productDescription.fields), 'translations', 'primary'];
    expect(keys.slice(0, 8)).toEqual(['sku', 'name', 'category', 'mc', 'price', 'active', 'details', 'images']);
    expect(rules).toContain(`d.keys().hasOnly([${keys.map((k) => `'${k}'`).join(', ')}])`);
    expect(rules).not.toMatch(/'created'|'updated'/);
    expect(rules).toContain('(d.images.size() <= 2 || image(d.images[2]))');
    const grown = { ...productDescription, fields: { ...productDescription.fields, weight: { kind: 'integer' } } };
    const last = Object.keys(productDescription.fields).at(-1);
    expect(productRulesOf(grown as typeof productDescription)).toContain(`'${last}', 'weight', 'translations'`);
    const block = readFileSync(RULES, 'utf8');
    expect(block).toContain("(p.get('primary', null) == null || p.primary in p.images)");
  });

  it('a product field added as optional may be absent (older documents lack it); today’s are required', () => {
    const grown = {
      ...productDescription,
      fields: {
        ...productDescription.fields,
        colour: { kind: 'choice', options: ['Red', 'Blue'], optional: true },
        guide: { kind: 'reference', to: 'careguides', optional: true },
      },
    } as unknown as typeof productDescription;
    const rules = productRulesOf(grown);
    expect(rules).toContain("&& (!('colour' in d) || d.colour is string && d.colour in ['', 'Red', 'Blue'])");
    expect(rules).toContain(
      "&& (!('guide' in d) || d.guide is string && (d.guide == '' || " +
        'exists(/databases/$(database)/documents/careguides/$(d.guide))))',
    );
    // Every other line (today's fields' checks) byte for byte as without them; only the key list grows.
    const others = (r: string) => r.split('\n').filter((l) => !/colour|guide|hasOnly\(\['sku'/.test(l));
    expect(others(rules)).toEqual(others(productRulesOf()));
    for (const [k, f] of fieldsOfResource(productDescription))
      if (f.optional !== true) expect(productRulesOf()).not.toContain(`!('${k}' in d)`);
    expect(productRulesOf()).not.toContain("!('sku' in d)");
  });

  it('the products’ whole match block from their description: levels, locked fields kept, delete when it says', () => {
    const rules = productRulesOf();
    expect(rules.split('\n')[0]).toBe('    match /products/{id} {');
    expect(rules).toContain('      allow read: if editor();');
    expect(rules).toContain(
      '      allow update: if editor() && valid(request.resource.data)' +
        ' && request.resource.data.sku == resource.data.sku;',
    );
    expect(rules).toContain('      allow delete: if false;');
    const { sku, ...unlocked } = productDescription.fields;
    const open = {
      ...productDescription,
      fields: { ...unlocked, sku: { ...sku, locked: false } },
      access: { delete: 'admin' },
    } as unknown as typeof productDescription;
    expect(productRulesOf(open)).toContain('      allow update: if editor() && valid(request.resource.data);');
    expect(productRulesOf(open)).toContain('      allow delete: if (editor() && admin());');
  });

  it('an image address: Firebase Storage, this project’s default bucket, the Uploads folder, a download token', () => {
    const project = 'shop-42';
    const mine = imageOf(project);
    const path = uploadPath('Ab12', '6f1c7e9a-3b1d-4c7e-9a8b-2f1e3d4c5b6a', 'Towel (blue) 1.jpg');
    expect(downloadAddress(`${project}.appspot.com`, path)).toMatch(mine);
    expect(downloadAddress(`${project}.firebasestorage.app`, path)).toMatch(mine);
    expect(downloadAddress('other.appspot.com', path)).not.toMatch(mine);
    expect(downloadAddress(`${project}.appspot.com.evil.example`, path)).not.toMatch(mine);
    expect(downloadAddress(`${project}.appspot.com`, 'Private/x.jpg')).not.toMatch(mine);
    expect(downloadAddress(`${project}.appspot.com`, path).replace('https://', 'http://')).not.toMatch(mine);
    expect(`https://evil.example/v0/b/${project}.appspot.com/o/Uploads%2Fa.jpg?alt=media&token=1`).not.toMatch(mine);
    expect(`${downloadAddress(`${project}.appspot.com`, path)}&x=<script>`).not.toMatch(mine);
    expect(commonRules()).toContain(`u.matches('${IMAGE_ADDRESS.before}' + request.auth.token.aud`);
  });

  it('a language record within the server’s size, counted over its keys and texts', () => {
    expect(commonRules()).toContain(`<= ${LANGUAGE_MAX_BYTES};`);
    expect(commonRules(1000)).toContain('<= 1000;');
    expect(commonRules()).toContain("m.keys().join('').size() + m.values().removeAll([true, false]).join('').size()");
    const rules = readFileSync(RULES, 'utf8');
    expect(rules).toContain(commonRules());
    expect(rules.match(/languageTexts\(request\.resource\.data\)/g)).toHaveLength(2);
  });
});
