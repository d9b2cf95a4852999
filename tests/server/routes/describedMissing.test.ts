import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servedResources } from '../../../server/resources.js';
import { fieldsOfResource, missingTexts } from '../../../domain/resourceDescription.js';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { bodyOf, type Context } from '../helpers/recordValues.js';

/** The described resources whose description marks missing texts, and those that do not. */
const WITH = servedResources.filter((d) => d.missing === true);
const WITHOUT = servedResources.filter((d) => d.missing !== true);

// The missing-translation filter is the engine's (`missing: true`): ?missing=se keeps the records some translated
// field of which has its English written and its Swedish empty, the same on both databases.
describe.each(dialects())('texts missing in a language, on a described list (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  const ctx: Context = { image: '', ids: new Map() };
  beforeAll(async () => {
    t = await startApp({ dialect });
    const editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    ctx.image = await storedImage(t, editor.uid);
  });
  afterAll(async () => t?.close());

  it('is turned on by at least one described resource', () => {
    expect(WITH.map((d) => d.name)).toContain('careguides');
  });

  it.each(WITH.map((d) => [d.name, d] as const))(
    '%s: keeps exactly the records missing a Swedish text',
    async (name, d) => {
      for (const [, f] of fieldsOfResource(d))
        if (f.kind === 'reference' && !ctx.ids.has(f.to!)) {
          const target = servedResources.find((x) => x.name === f.to)!;
          ctx.ids.set(
            target.name,
            (await t.api('POST', `/api/${target.name}`, { cookie, body: bodyOf(target, 9000, ctx) })).json.id,
          );
        }
      const translated = fieldsOfResource(d)
        .filter(([, f]) => f.kind === 'translated')
        .map(([k]) => k);
      const add = async (n: number, swedish: Record<string, string>) => {
        const res = await t.api('POST', `/api/${name}`, {
          cookie,
          body: { ...bodyOf(d, n, ctx), translations: { se: swedish } },
        });
        expect(res.status, res.text).toBe(201);
        return res.json as Record<string, unknown> & { id: string };
      };
      const whole = await add(1, Object.fromEntries(translated.map((k) => [k, `Svensk ${k}`])));
      const none = await add(2, {});
      const blank = await add(3, Object.fromEntries(translated.map((k) => [k, ''])));
      const ids = async (query: string) => {
        const res = await t.api('GET', `/api/${name}?limit=100${query}`, { cookie });
        expect(res.status, res.text).toBe(200);
        return (res.json.items as { id: string }[]).map((r) => r.id).sort();
      };
      expect(await ids('&missing=se')).toEqual([none.id, blank.id].sort());
      expect(await ids('')).toEqual([whole.id, none.id, blank.id].sort());
      // What the list's marks read agrees with the filter.
      expect(missingTexts(d, whole)).toEqual([]);
      expect(missingTexts(d, none)).toEqual([['se', translated]]);
      // Once written, it is no longer missing.
      const done = await t.api('PATCH', `/api/${name}/${none.id}`, {
        cookie,
        headers: { 'if-match': `"${none.version as number}"` },
        body: { translations: { se: Object.fromEntries(translated.map((k) => [k, 'Nu på svenska'])) } },
      });
      expect(done.status, done.text).toBe(200);
      expect(await ids('&missing=se')).toEqual([blank.id]);
      for (const bad of ['en', 'xx', '']) {
        const refused = await t.api('GET', `/api/${name}?missing=${bad}`, { cookie });
        expect(refused.status, bad).toBe(400);
        expect(refused.json.error.message).toBe('This list cannot take this value of missing.');
      }
    },
  );

  it.each(WITHOUT.map((d) => [d.name] as const))(
    '%s, which does not mark missing texts, refuses the filter',
    async (name) => {
      expect((await t.api('GET', `/api/${name}?missing=se`, { cookie })).status).toBe(400);
    },
  );
});
