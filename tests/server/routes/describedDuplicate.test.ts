import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedResources } from '../../../server/resources.js';
import { fieldsOfResource } from '../../../domain/resourceDescription.js';
import { keyOf, thumbKey } from '../../../server/core/files.js';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { storedImage, storedBytes } from '../helpers/images.js';
import { bodyOf, type Context } from '../helpers/recordValues.js';

/** The described resources whose description turns Duplicate on, and one that does not. */
const WITH = servedResources.filter((d) => d.duplicate === true);
const WITHOUT = servedResources.filter((d) => d.duplicate !== true);

// Duplicate is the engine's (`duplicate: true`): POST /api/<name>/:id/duplicate copies each images field's files into
// new files of the caller's, for Add to start from; the copy and the original are independent.
describe.each(dialects())('Duplicate of a described record (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let noRole: string;
  const ctx: Context = { image: '', ids: new Map() };
  beforeAll(async () => {
    t = await startApp({ dialect });
    const editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    const other = await createUser(t, 'noRole');
    noRole = await signIn(t, other.email, other.password);
    ctx.image = await storedImage(t, editor.uid, 'guide.jpg');
  });
  afterAll(async () => t?.close());

  it('is turned on by at least one described resource', () => {
    expect(WITH.map((d) => d.name)).toContain('careguides');
  });

  it.each(WITH.map((d) => [d.name, d] as const))(
    'copies every image of a %s record into new files',
    async (name, d) => {
      // A record of each resource it points to first (references are checked).
      for (const [, f] of fieldsOfResource(d))
        if (f.kind === 'reference' && !ctx.ids.has(f.to!)) {
          const target = servedResources.find((x) => x.name === f.to)!;
          const res = await t.api('POST', `/api/${target.name}`, { cookie, body: bodyOf(target, 9000, ctx) });
          ctx.ids.set(target.name, res.json.id);
        }
      // An even record holds an image in each images field (the kinds' samples).
      const made = await t.api('POST', `/api/${name}`, { cookie, body: bodyOf(d, 2, ctx) });
      expect(made.status, made.text).toBe(201);
      const images = fieldsOfResource(d).filter(([, f]) => f.kind === 'images');
      expect(images.length).toBeGreaterThan(0);

      // Its answer carries each image's thumbnail as the server names it, in order (the images kind's slots show them).
      const one = await t.api('GET', `/api/${name}/${made.json.id}`, { cookie });
      for (const [field] of images)
        expect(one.json.thumbnails[field]).toEqual(
          (made.json[field] as string[]).map((a) => `/files/${thumbKey(keyOf(a))}`),
        );
      expect(made.json.thumbnails).toEqual(one.json.thumbnails);

      const res = await t.api('POST', `/api/${name}/${made.json.id}/duplicate`, { cookie });
      expect(res.status, res.text).toBe(200);
      expect(Object.keys(res.json).sort()).toEqual(images.map(([k]) => k).sort());
      for (const [field] of images) {
        const originals = made.json[field] as string[];
        expect(originals.length).toBeGreaterThan(0);
        const copies = res.json[field] as { images: string[]; thumbnails: string[] };
        expect(copies.images).toHaveLength(originals.length);
        for (const [i, original] of originals.entries()) {
          const copy = copies.images[i]!;
          expect(copy).not.toBe(original);
          expect(copies.thumbnails[i]).toBe(`/files/${thumbKey(keyOf(copy))}`);
          expect(await storedBytes(t, keyOf(copy))).toEqual(await storedBytes(t, keyOf(original)));
          // A new file of the caller's, which a new record may use.
          const row = await t.db.selectFrom('files').selectAll().where('key', '=', keyOf(copy)).executeTakeFirst();
          expect(row?.key).toBe(keyOf(copy));
        }
      }
      // Add takes the copies as a new record's images.
      const copied = Object.fromEntries(images.map(([k]) => [k, (res.json[k] as { images: string[] }).images]));
      const again = await t.api('POST', `/api/${name}`, { cookie, body: { ...bodyOf(d, 4, ctx), ...copied } });
      expect(again.status, again.text).toBe(201);

      // Only those who may add records duplicate one; an unknown record is not found.
      expect((await t.api('POST', `/api/${name}/${made.json.id}/duplicate`, { cookie: noRole })).status).toBe(403);
      expect((await t.api('POST', `/api/${name}/no-such-id/duplicate`, { cookie })).status).toBe(404);
    },
  );

  it.each(WITHOUT.map((d) => [d.name] as const))(
    'offers no Duplicate for %s, which does not turn it on',
    async (name) => {
      expect((await t.api('POST', `/api/${name}/any-id/duplicate`, { cookie })).status).toBe(404);
    },
  );
});
