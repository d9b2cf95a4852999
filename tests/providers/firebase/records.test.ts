import { describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase/firestore';
import { fingerprint, isoOf, toLanguage, toProduct, toUser } from '../../../providers/firebase/documents';
import { uploadPath } from '../../../providers/firebase/uploads';

describe('Firestore documents as the screens know them (providers/firebase/documents.ts)', () => {
  it('the version is the same for the same content, whatever the order of its keys', () => {
    const a = { sku: 'A1', images: ['x', 'y'], meta: { b: 1, a: 2 } };
    const b = { meta: { a: 2, b: 1 }, images: ['x', 'y'], sku: 'A1' };
    expect(fingerprint(a)).toBe(fingerprint(b));
    expect(Number.isSafeInteger(fingerprint(a))).toBe(true);
  });

  it('the version changes with any change of content: a value, an array order, a type, a key, a time', () => {
    const base = { sku: 'A1', price: '10', images: ['x', 'y'], active: true, updated: new Timestamp(100, 0) };
    const v = fingerprint(base);
    expect(fingerprint({ ...base, price: '11' })).not.toBe(v);
    expect(fingerprint({ ...base, images: ['y', 'x'] })).not.toBe(v);
    expect(fingerprint({ ...base, active: 'true' })).not.toBe(v);
    expect(fingerprint({ ...base, extra: '' })).not.toBe(v);
    expect(fingerprint({ ...base, updated: new Timestamp(100, 1) })).not.toBe(v);
    expect(fingerprint({ ...base, updated: new Timestamp(100, 0) })).toBe(v);
  });

  it('reads users/{uid}: times as ISO text, flags only when true, the id as uid when the field is missing', () => {
    const user = toUser('u9', {
      email: 'e@x.se',
      firstName: 'Eva',
      lastName: 'Berg',
      created: Timestamp.fromMillis(0),
      active: true,
      isAdmin: 'yes',
    });
    expect(user).toEqual({
      id: 'u9',
      uid: 'u9',
      email: 'e@x.se',
      firstName: 'Eva',
      lastName: 'Berg',
      userType: '',
      active: true,
      isAdmin: false,
      isEditor: false,
      created: '1970-01-01T00:00:00.000Z',
      updated: null,
    });
  });

  it(
    'reads products/{id}: the images are their own thumbnails, ' + 'primary falls back to the first, price text kept',
    () => {
      const p = toProduct('p1', {
        sku: 'S',
        category: 'Linen',
        mc: 'Linen care',
        name: 'N',
        details: 'D',
        price: 12.5,
        active: true,
        images: ['https://i/1', 7],
      });
      expect(p).toMatchObject({
        id: 'p1',
        category: 'Linen',
        mc: 'Linen care',
        price: '12.5',
        images: ['https://i/1'],
        thumbnails: ['https://i/1'],
        primary: 'https://i/1',
      });
      expect(p.version).toBe(
        fingerprint({
          sku: 'S',
          category: 'Linen',
          mc: 'Linen care',
          name: 'N',
          details: 'D',
          price: 12.5,
          active: true,
          images: ['https://i/1', 7],
        }),
      );
    },
  );

  it('reads products/{id} translations: the Swedish name and details only, strings only, empties dropped', () => {
    const p = (translations: unknown) => toProduct('p1', { sku: 'S', translations }).translations;
    expect(p({ se: { name: 'Handduk', details: 'Mjuk' } })).toEqual({ se: { name: 'Handduk', details: 'Mjuk' } });
    expect(p({ se: { name: 'Handduk', details: '' } })).toEqual({ se: { name: 'Handduk' } });
    expect(
      p({ se: { name: 7, details: ['Mjuk'], colour: 'blå' }, de: { name: 'Handtuch' }, en: { name: 'Towel' } }),
    ).toEqual({});
    expect(p({ se: { details: 'Mjuk', name: null } })).toEqual({ se: { details: 'Mjuk' } });
    expect(p({ se: {} })).toEqual({});
    expect(p({ se: 'Handduk' })).toEqual({});
    expect(p({ se: ['Handduk'] })).toEqual({});
    expect(p('Handduk')).toEqual({});
    expect(p(null)).toEqual({});
    expect(p(undefined)).toEqual({});
    expect(p(Timestamp.fromMillis(0))).toEqual({});
  });

  it('the version of a product covers its translations', () => {
    const base = { sku: 'S', translations: { se: { name: 'Handduk', details: 'Mjuk' } } };
    const v = toProduct('p1', base).version;
    expect(toProduct('p1', { ...base, translations: { se: { details: 'Mjuk', name: 'Handduk' } } }).version).toBe(v);
    expect(toProduct('p1', { ...base, translations: { se: { name: 'Badlakan', details: 'Mjuk' } } }).version).not.toBe(
      v,
    );
    expect(toProduct('p1', { ...base, translations: { se: { name: 'Handduk' } } }).version).not.toBe(v);
    expect(toProduct('p1', { sku: 'S' }).version).not.toBe(v);
  });

  it('reads languages/{id} as the whole flat map, booleans kept', () => {
    const l = toLanguage('se', { hello: 'Hej', shown: false });
    expect(l).toMatchObject({
      id: 'se',
      texts: { hello: 'Hej', shown: false },
      version: fingerprint({ hello: 'Hej', shown: false }),
    });
  });

  it('isoOf takes Timestamps, Dates and text, and nothing else', () => {
    expect(isoOf(Timestamp.fromMillis(1000))).toBe('1970-01-01T00:00:01.000Z');
    expect(isoOf(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(isoOf(42)).toBeNull();
  });

  it('an upload is named Uploads/<uid>_<unique id>_<name>, with no folder made by a slash in the name', () => {
    expect(uploadPath('u1', 'abc', 'shirt.jpg')).toBe('Uploads/u1_abc_shirt.jpg');
    expect(uploadPath('u1', 'abc', '../a/b.png')).toBe('Uploads/u1_abc_.._a_b.png');
  });
});

describe('SDK failures as the screens read them (providers/firebase/errors.ts)', () => {
  it('maps codes to the statuses our server answers, with a message fit to show', async () => {
    const { toBackendError } = await import('../../../providers/firebase/errors');
    const of = (code: string) => toBackendError(Object.assign(new Error('x'), { code }));
    expect(of('permission-denied')).toMatchObject({
      status: 403,
      message: 'Your account does not have access to this.',
    });
    expect(of('not-found')).toMatchObject({ status: 404 });
    expect(of('invalid-argument')).toMatchObject({ status: 400, message: 'Some fields are not valid.' });
    expect(of('unavailable')).toMatchObject({
      status: 0,
      message: 'Could not reach the server. Check your connection and try again.',
    });
    expect(of('auth/too-many-requests')).toMatchObject({
      status: 429,
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    expect(of('storage/unauthorized')).toMatchObject({ status: 403 });
    expect(of('something-new')).toMatchObject({
      status: 500,
      code: 'something-new',
      message: 'Something went wrong on the server.',
    });
  });
});
