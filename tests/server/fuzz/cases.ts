import fc from 'fast-check';

/** A field the generator leaves out of an otherwise valid body. */
export const MISSING = Symbol('missing');

/** A hostile value and a short name for what makes it hostile (the failure report groups by it). */
export interface Hostile {
  kind: string;
  value: unknown;
}

/** Valid bodies that mutations start from; build() in the test fills in what depends on the running app. */
export type Base =
  | 'product'
  | 'productPatch'
  | 'me'
  | 'flags'
  | 'addUser'
  | 'status'
  | 'signIn'
  | 'requestReset'
  | 'resetPassword'
  | 'webhook'
  | 'changePassword'
  | 'view'
  | 'twoFactorPassword'
  | 'totpCode'
  | 'recoveryCode'
  | 'bulk'
  | 'supplier'
  | 'supplierPatch'
  | 'supplierImport'
  | 'passkeyRegister'
  | 'passkeySignIn'
  | 'passkeyRename'
  | 'passkeyRemove';

/**
 * One generated request, as data. Tokens the test replaces: {product}, {supplier} and {target} as a whole path segment
 * (the fixed product's and supplier's ids, the noRole user's uid), and '{image}' as an images array element (a stored
 * image's address).
 */
export interface Gen {
  route: string;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Already URL-encoded. */
  path: string;
  kind: string;
  anonymous?: boolean;
  /** A valid body with `set` applied (MISSING removes the field), or `body` as it is. */
  base?: Base;
  set?: [string, unknown];
  body?: unknown;
  /** 'CURRENT' is the version last read from an ETag; null sends no If-Match. */
  ifMatch?: string | null;
  /** Sent as the request body verbatim, with this content type. */
  raw?: { text: string | Uint8Array; type: string };
}

const text = fc.string({ maxLength: 12 });
const around = (core: fc.Arbitrary<string>) => fc.tuple(text, core, text).map(([a, c, b]) => a + c + b);
const charIn = (min: number, max: number) => fc.integer({ min, max }).map((c) => String.fromCharCode(c));
const chars = (min: number, max: number) => fc.string({ unit: charIn(min, max), minLength: 1, maxLength: 4 });
const h = (kind: string, arb: fc.Arbitrary<unknown>): fc.Arbitrary<Hostile> => arb.map((value) => ({ kind, value }));
const w = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });

const BIDI = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];
const NON_NFC = [
  'e\u0301',
  'A\u030a',
  'n\u0303',
  '\u1100\u1161',
  '\u2126',
  '\u212b',
  'o\u0308\u0304',
  'Å'.normalize('NFD'),
  '\u0041\u0328\u0301',
];
const NUMERIC_TEXT = [
  '2147483648',
  '99999999999999999999',
  '-1',
  '1e3',
  '-0',
  'NaN',
  'Infinity',
  '0x1F',
  '1e308',
  '9007199254740993',
  ' 42 ',
];
const BLANK = ['', ' ', '\t', '\u00a0', '\u200b', '\ufeff', '\u3000', '\u2028', '\r\n'];
const INJECTION = [
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '${7*7}',
  '%00',
  '\\',
  '"',
  "'; DROP TABLE products; --",
  '\\u0000',
];
const LONG_UNITS = ['a', 'é', ' ', '\u0000', '\u202e', '𝕏', '\ud800', 'e\u0301', '\u0085'];

/** 10k to 300k characters of one repeated unit (maxChars lowers the ceiling, e.g. for URLs). */
const long = (maxChars = 300_000) =>
  fc
    .tuple(fc.constantFrom(...LONG_UNITS), fc.integer({ min: Math.min(10_000, maxChars), max: maxChars }))
    .map(([u, n]) => ({
      kind: `long (${u === '\u0000' ? 'NUL' : u === '\ud800' ? 'surrogate' : 'text'})`,
      value: u.repeat(Math.ceil(n / u.length)).slice(0, n),
    }));

/** Hostile text: control characters, lone surrogates, bidi overrides, non-NFC, very long, and random unicode. */
export const hostileString = (maxLong = 300_000): fc.Arbitrary<Hostile> =>
  fc.oneof(
    w(6, h('NUL', around(fc.constant('\u0000')))),
    w(3, h('C0 control', around(chars(1, 0x1f)))),
    w(2, h('C1 control', around(chars(0x7f, 0x9f)))),
    w(3, h('lone surrogate', around(fc.oneof(fc.constantFrom('\ud800', '\udfff'), charIn(0xd800, 0xdfff))))),
    w(3, h('bidi override', around(fc.constantFrom(...BIDI)))),
    w(2, h('non-NFC', around(fc.constantFrom(...NON_NFC)))),
    w(2, long(maxLong)),
    w(2, h('numeric text', fc.constantFrom(...NUMERIC_TEXT))),
    w(2, h('blank', fc.constantFrom(...BLANK))),
    w(1, h('injection text', fc.constantFrom(...INJECTION))),
    w(2, h('random unicode', fc.string({ unit: 'binary', maxLength: 40 }))),
    w(2, h('random UTF-16', fc.string({ unit: charIn(0, 0xffff), maxLength: 20 }))),
  );

/** Any hostile JSON value for a field: hostile text, wrong types, huge numbers, nesting, null, or no field at all. */
export const hostileValue: fc.Arbitrary<Hostile> = fc.oneof(
  w(12, hostileString()),
  w(3, h('number', fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, -0, 0, -1, 0.5, 5e-324, 2147483648, 1e21))),
  w(1, h('random number', fc.oneof(fc.double(), fc.integer()))),
  w(2, h('boolean or null', fc.constantFrom(true, false, null))),
  w(
    2,
    h(
      'nested',
      fc.oneof(
        fc.object({ maxDepth: 2 }),
        fc.array(
          hostileString(20_000).map((x) => x.value),
          { maxLength: 3 },
        ),
      ),
    ),
  ),
  w(
    1,
    h(
      'deep array',
      fc.integer({ min: 50, max: 3000 }).map((d) => JSON.parse('['.repeat(d) + ']'.repeat(d)) as unknown),
    ),
  ),
  w(2, h('random JSON', fc.jsonValue({ maxDepth: 2 }))),
  w(2, h('missing', fc.constant(MISSING))),
);

/** A whole body that is not the shape asked for. */
const randomBody: fc.Arbitrary<Hostile> = fc.oneof(
  h('random JSON body', fc.jsonValue({ maxDepth: 3 })),
  h('random value body', fc.anything({ maxDepth: 2 })),
  h('random object body', fc.object({ maxDepth: 2 })),
  hostileValue.map((x) => ({ kind: `body is ${x.kind}`, value: x.value === MISSING ? undefined : x.value })),
);

/** encodeURIComponent, or for lone surrogates the WTF-8 bytes percent-encoded (encodeURIComponent throws on them). */
export function enc(s: string): string {
  let out = '';
  for (const ch of s) {
    try {
      out += encodeURIComponent(ch);
    } catch {
      const c = ch.charCodeAt(0);
      out += [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return out;
}

const RAW_PERCENT = [
  '%00',
  '%FF',
  '%C0%80',
  '%E0%80%80',
  '%ED%A0%80',
  '%',
  '%zz',
  '%2e%2e',
  '..',
  '%0D%0A',
  '%E2%80%AE',
  'a%00b',
];

/** A path segment or query value, encoded: hostile text, raw percent escapes, numbers. */
const urlValue: fc.Arbitrary<Hostile> = fc.oneof(
  w(
    8,
    hostileString(40_000).map((x) => ({ kind: x.kind, value: enc(x.value as string) })),
  ),
  w(2, h('raw percent escape', fc.constantFrom(...RAW_PERCENT))),
  w(1, h('number', fc.constantFrom('1e308', '-0', '9007199254740993', '2147483648', '-1').map(enc))),
);

const b64 = (v: string) => Buffer.from(v, 'utf8').toString('base64url');

/** Page cursors: random base64url, base64url JSON arrays of hostile strings, wrong shapes, junk. */
const cursor: fc.Arbitrary<Hostile> = fc.oneof(
  w(
    2,
    h(
      'cursor: random base64url',
      fc.uint8Array({ maxLength: 60 }).map((u) => Buffer.from(u).toString('base64url')),
    ),
  ),
  w(
    5,
    fc
      .tuple(hostileString(2_000), fc.oneof(fc.constant({ kind: 'plain', value: 'x' }), hostileString(2_000)))
      .map(([a, id]) => ({
        kind: `cursor: [${a.kind}, ${id.kind}]`,
        value: b64(JSON.stringify([a.value, id.value])),
      })),
  ),
  w(
    2,
    h(
      'cursor: wrong shape',
      fc.jsonValue({ maxDepth: 2 }).map((v) => b64(JSON.stringify(v))),
    ),
  ),
  w(
    1,
    urlValue.map((x) => ({ kind: `cursor: ${x.kind}`, value: x.value })),
  ),
);

const IF_MATCH = [
  '"2147483648"',
  '"2147483647"',
  '"99999999999999999999"',
  '"-1"',
  '"1e3"',
  '2147483648',
  'W/"2147483648"',
  '"9007199254740993"',
  '""',
  '*',
  '"abc"',
  '"0"',
  '"1.5"',
  '" 1"',
  'W/"-1"',
  '"00000000000000000001"',
  '"4294967296"',
  '"9223372036854775808"',
  '"1e308"',
  '"NaN"',
  '"0x10"',
];

/** A bad If-Match: huge, negative, non-numeric, malformed or missing. */
const ifMatch: fc.Arbitrary<Hostile> = fc.oneof(
  w(
    3,
    fc.constantFrom(...IF_MATCH).map((v) => ({ kind: `If-Match ${v}`, value: v })),
  ),
  w(
    1,
    h(
      'If-Match: huge integer',
      fc.bigInt({ min: 0n, max: 10n ** 30n }).map((n) => `"${n}"`),
    ),
  ),
  w(1, h('If-Match: random ASCII', fc.string({ unit: charIn(0x20, 0x7e), maxLength: 30 }))),
  w(1, h('If-Match missing', fc.constant(null))),
);

const PRODUCT_FIELDS = [
  'sku',
  'category',
  'mc',
  'name',
  'details',
  'price',
  'active',
  'images',
  'activeFrom',
  'activeUntil',
];
const TOO_MANY = ['{image}', '{image}', '{image}', '{image}'];

/** Values for an images array: hostile addresses, too many, foreign, not an array. */
const images: fc.Arbitrary<Hostile> = fc.oneof(
  hostileString(20_000).map((x) => ({
    kind: `images: address with ${x.kind}`,
    value: [`/files/Uploads/${String(x.value)}`],
  })),
  hostileString(20_000).map((x) => ({ kind: `images: ${x.kind}`, value: ['{image}', x.value] })),
  h(
    'images: too many / foreign',
    fc.constantFrom(TOO_MANY, ['/files/Uploads/../x.jpg'], ['https://evil.example/x.jpg'], [], '{image}'),
  ),
);

type Mutation = { set: [string, unknown]; kind: string };
const setField = ([f, x]: [string, Hostile]): Mutation => ({ set: [f, x.value], kind: `${f}: ${x.kind}` });
const extraKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'colour', 'isAdmin', 'version'),
  hostileString(300).map((x) => x.value as string),
);

/** One field of a valid body replaced (or an extra key added) with a hostile value. */
function mutation(fields: string[], values: fc.Arbitrary<Hostile> = hostileValue): fc.Arbitrary<Mutation> {
  return fc.oneof(
    w(8, fc.tuple(fc.constantFrom(...fields), values).map(setField)),
    w(
      1,
      fc
        .tuple(extraKey, hostileValue)
        .map(([k, x]) => ({ set: [k, x.value === MISSING ? 1 : x.value] as [string, unknown], kind: 'extra key' })),
    ),
  );
}

/** The route a path belongs to, for the report: ids as :id, the query value left out. */
const routeOf = (method: Gen['method'], path: string): string =>
  `${method} ${path.replace(/\{\w+\}/, ':id').replace(/=.*$/, '=')}`;
const gen = (method: Gen['method'], path: string, rest: Omit<Gen, 'route' | 'method' | 'path'>): Gen => ({
  route: routeOf(method, path),
  method,
  path,
  ...rest,
});

/** A body route: mostly a valid body with one field mutated, sometimes a whole random body. */
function bodyRoute(
  method: Gen['method'],
  path: string,
  base: Base,
  muts: fc.Arbitrary<Mutation>,
  opts: Partial<Gen> = {},
): fc.Arbitrary<Gen> {
  return fc.oneof(
    w(
      4,
      muts.map(({ set, kind }) => gen(method, path, { base, set, kind, ...opts })),
    ),
    w(
      1,
      randomBody.map((x) => gen(method, path, { kind: x.kind, body: x.value, ...opts })),
    ),
  );
}

/** The same request with a hostile id in place of `token`. */
const withId = (method: Gen['method'], template: string, token: string, rest: Partial<Gen>): fc.Arbitrary<Gen> =>
  urlValue.map((x) => ({
    ...gen(method, template, { kind: `id: ${x.kind}`, ...rest }),
    path: template.replace(token, x.value as string),
  }));

const orNone = (v: unknown): unknown => (v === MISSING ? undefined : v);

/** Values for `translations`: the map itself, a language, a language's key or one text hostile. */
const translations: fc.Arbitrary<Mutation> = fc
  .oneof(
    w(
      2,
      fc
        .tuple(fc.constantFrom('name', 'details'), hostileValue)
        .map(([f, x]) => ({ kind: `se.${f}: ${x.kind}`, value: { se: { [f]: orNone(x.value) } } })),
    ),
    w(
      1,
      hostileValue.map((x) => ({ kind: `se: ${x.kind}`, value: { se: orNone(x.value) } })),
    ),
    w(
      1,
      hostileValue.map((x) => ({ kind: `map: ${x.kind}`, value: orNone(x.value) })),
    ),
    w(
      1,
      hostileString(300).map((x) => ({
        kind: `language ${x.kind}`,
        value: { [x.value as string]: { name: 'Handduk' } },
      })),
    ),
  )
  .map((x) => ({ set: ['translations', x.value] as [string, unknown], kind: `translations ${x.kind}` }));

const productMutation = fc.oneof(
  w(6, mutation(PRODUCT_FIELDS, fc.oneof(w(6, hostileValue), w(1, images)))),
  w(1, translations),
);

/** PATCH /api/products/:id: a hostile body, If-Match or id, one at a time. */
const patchProduct: fc.Arbitrary<Gen> = fc.oneof(
  w(6, bodyRoute('PATCH', '/api/products/{product}', 'productPatch', productMutation, { ifMatch: 'CURRENT' })),
  w(
    3,
    ifMatch.map((x) =>
      gen('PATCH', '/api/products/{product}', {
        base: 'productPatch',
        kind: x.kind,
        ifMatch: x.value as string | null,
      }),
    ),
  ),
  w(1, withId('PATCH', '/api/products/{product}', '{product}', { base: 'productPatch', ifMatch: 'CURRENT' })),
);

const SUPPLIER_FIELDS = ['name', 'contactPerson', 'email', 'country', 'notes'];
/** DELETE /api/suppliers/:id: a hostile If-Match (never the current one) or a hostile id. */
const deleteSupplier: fc.Arbitrary<Gen> = fc.oneof(
  w(
    2,
    ifMatch.map((x) => gen('DELETE', '/api/suppliers/{supplier}', { kind: x.kind, ifMatch: x.value as string | null })),
  ),
  w(1, withId('DELETE', '/api/suppliers/{supplier}', '{supplier}', { ifMatch: 'CURRENT' })),
);

/** PATCH /api/suppliers/:id: a hostile body, If-Match or id, one at a time. */
const patchSupplier: fc.Arbitrary<Gen> = fc.oneof(
  w(
    6,
    bodyRoute('PATCH', '/api/suppliers/{supplier}', 'supplierPatch', mutation(SUPPLIER_FIELDS), { ifMatch: 'CURRENT' }),
  ),
  w(
    2,
    ifMatch.map((x) =>
      gen('PATCH', '/api/suppliers/{supplier}', {
        base: 'supplierPatch',
        kind: x.kind,
        ifMatch: x.value as string | null,
      }),
    ),
  ),
  w(1, withId('PATCH', '/api/suppliers/{supplier}', '{supplier}', { base: 'supplierPatch', ifMatch: 'CURRENT' })),
);

const manyTexts = fc.dictionary(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  { maxKeys: 40 },
);
const languageBody: fc.Arbitrary<Hostile> = fc.oneof(
  hostileValue.map((x) => ({ kind: `texts: ${x.kind}`, value: { texts: orNone(x.value) } })),
  hostileString().map((x) => ({ kind: `text key: ${x.kind}`, value: { texts: { [x.value as string]: 'value' } } })),
  hostileValue.map((x) => ({ kind: `text value: ${x.kind}`, value: { texts: { key: orNone(x.value) } } })),
  fc.tuple(hostileValue, fc.constantFrom('version', 'id', 'extra')).map(([x, k]) => ({
    kind: `extra key ${k}`,
    value: { texts: { key: 'value' }, [k]: x.value },
  })),
  h(
    'texts: many keys',
    manyTexts.map((texts) => ({ texts })),
  ),
  randomBody,
);

/** PUT /api/languages/:id: a hostile body, If-Match or id. */
const language = fc.constantFrom('/api/languages/en', '/api/languages/se');
const putLanguage: fc.Arbitrary<Gen> = fc.oneof(
  w(
    6,
    fc
      .tuple(language, languageBody)
      .map(([path, x]) => gen('PUT', path, { kind: x.kind, body: x.value, ifMatch: 'CURRENT' })),
  ),
  w(
    2,
    fc
      .tuple(language, ifMatch)
      .map(([path, x]) =>
        gen('PUT', path, { kind: x.kind, body: { texts: { key: 'v' } }, ifMatch: x.value as string | null }),
      ),
  ),
  w(1, withId('PUT', '/api/languages/{id}', '{id}', { body: { texts: { key: 'value' } }, ifMatch: '"1"' })),
);

/** PUT and DELETE /api/languages/:id/keys/:key: a hostile key in the path, a hostile text, or a bad If-Match. */
const keyPath = (id: string, key: string): string => `/api/languages/${id}/keys/${key}`;
const languageKey: fc.Arbitrary<Gen> = fc.oneof(
  w(
    4,
    fc.tuple(fc.constantFrom('en', 'se'), urlValue).map(([id, x]) => ({
      ...gen('PUT', keyPath('{id}', '{key}'), { kind: `key: ${x.kind}`, body: { value: 'Fuzz' }, ifMatch: 'CURRENT' }),
      path: keyPath(id, x.value as string),
    })),
  ),
  w(
    3,
    hostileValue.map((x) =>
      gen('PUT', keyPath('se', 'fuzzKey'), {
        kind: `key text: ${x.kind}`,
        body: { value: orNone(x.value) },
        ifMatch: 'CURRENT',
      }),
    ),
  ),
  w(
    1,
    ifMatch.map((x) =>
      gen('PUT', keyPath('en', 'fuzzKey'), {
        kind: x.kind,
        body: { value: 'Fuzz' },
        ifMatch: x.value as string | null,
      }),
    ),
  ),
  w(
    2,
    urlValue.map((x) => ({
      ...gen('DELETE', keyPath('{id}', '{key}'), { kind: `key: ${x.kind}`, ifMatch: 'CURRENT' }),
      path: keyPath('en', x.value as string),
    })),
  ),
);

/** POST /api/products/bulk: a hostile top-level field, a hostile value to set, a hostile id or version, many ids. */
const bulkBody: fc.Arbitrary<Mutation> = fc.oneof(
  w(4, mutation(['ids', 'set', 'versions', 'batch'])),
  w(
    3,
    fc.tuple(fc.constantFrom('active', 'category', 'mc', 'sku', 'price', 'version'), hostileValue).map(([f, x]) => ({
      set: ['set', { [f]: orNone(x.value) }] as [string, unknown],
      kind: `set.${f}: ${x.kind}`,
    })),
  ),
  w(
    2,
    hostileString(300).map((x) => ({
      set: ['ids', ['{product}', x.value]] as [string, unknown],
      kind: `ids: ${x.kind}`,
    })),
  ),
  w(
    1,
    hostileValue.map((x) => ({
      set: ['versions', { '{product}': orNone(x.value) }] as [string, unknown],
      kind: `version: ${x.kind}`,
    })),
  ),
  w(
    1,
    fc.integer({ min: 10_001, max: 12_000 }).map((n) => ({
      set: ['ids', Array.from({ length: n }, (_, i) => `id-${i}`)] as [string, unknown],
      kind: 'ids: too many',
    })),
  ),
  w(
    1,
    fc
      .constantFrom(['{product}', '{product}'], [])
      .map((ids) => ({ set: ['ids', ids] as [string, unknown], kind: 'ids: twice or none' })),
  ),
);

/** GET with a hostile query value (once, or the parameter repeated). */
const query = (path: string, name: string, value: fc.Arbitrary<Hostile> = urlValue): fc.Arbitrary<Gen> =>
  fc.oneof(
    w(
      6,
      value.map((x) => gen('GET', `${path}?${name}=${x.value as string}`, { kind: x.kind })),
    ),
    w(
      1,
      fc.tuple(urlValue, urlValue).map(([a, b]) =>
        gen('GET', `${path}?${name}=${a.value as string}&${name}=${b.value as string}`, {
          kind: 'repeated parameter',
        }),
      ),
    ),
  );

/** Email-shaped hostile text, so more of it gets past an email format check. */
const emailish: fc.Arbitrary<Hostile> = fc.oneof(
  w(3, hostileValue),
  w(
    2,
    hostileString(20_000).map((x) => ({ kind: `email-shaped ${x.kind}`, value: `fz${String(x.value)}@test.local` })),
  ),
  w(
    1,
    hostileString(20_000).map((x) => ({ kind: `email domain ${x.kind}`, value: `fz@${String(x.value)}.local` })),
  ),
);
const withEmail = (fields: string[]): fc.Arbitrary<Mutation> =>
  fc.oneof(w(3, fc.tuple(fc.constant('email'), emailish).map(setField)), w(4, mutation(fields)));
const addUserNames = mutation(['firstName', 'lastName'], emailish);
const identity = (path: string, base: Base, muts: fc.Arbitrary<Mutation>): fc.Arbitrary<Gen> =>
  bodyRoute('POST', path, base, muts, { anonymous: true });

const RAW_TEXT = [
  '{"firstName": -0, "lastName": 1e999}',
  '1e999',
  'null',
  '[]',
  '"text"',
  '{',
  '',
  '{"firstName":"a","firstName":"b","lastName":"c"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '\ufeff{}',
];
// 0xFF 0xFE; {"a":"<overlong NUL>"}; {"a":"<UTF-8 of a lone surrogate>"}
const BAD_UTF8 = [
  [0xff, 0xfe],
  [...Buffer.from('{"a":"'), 0xc0, 0x80, 0x22, 0x7d],
  [...Buffer.from('{"a":"'), 0xed, 0xa0, 0x80, 0x22, 0x7d],
];
const RAW_TARGETS: Array<[Gen['method'], string, boolean?]> = [
  ['PATCH', '/api/me'],
  ['POST', '/api/products'],
  ['PUT', '/api/app/status'],
  ['PATCH', '/api/users/{target}'],
  ['POST', '/api/users'],
  ['POST', '/api/auth/sign-in/email', true],
  ['POST', '/api/auth/request-password-reset', true],
  ['POST', '/api/auth/reset-password', true],
  ['POST', '/api/auth/change-password'],
  ['POST', '/api/auth/two-factor/verify-totp', true],
  ['POST', '/api/auth/two-factor/enable'],
  ['POST', '/api/products/bulk'],
  ['POST', '/api/auth/passkey/verify-authentication', true],
  ['POST', '/api/auth/passkey/update-passkey'],
];
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'text/plain',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
];

/** Bodies JSON.stringify cannot make: raw text, bad UTF-8, deep nesting, odd content types. */
const raw: fc.Arbitrary<Gen> = fc
  .tuple(
    fc.constantFrom(...RAW_TARGETS),
    fc.oneof(
      w(
        4,
        fc.constantFrom(...RAW_TEXT).map((t) => ({ kind: 'raw JSON text', text: t as string | Uint8Array })),
      ),
      w(
        1,
        fc
          .constantFrom(...BAD_UTF8)
          .map((b) => ({ kind: 'raw bad UTF-8', text: Uint8Array.from(b) as string | Uint8Array })),
      ),
      w(
        1,
        fc
          .integer({ min: 1000, max: 100_000 })
          .map((d) => ({ kind: 'raw deep nesting', text: `{"a":${'['.repeat(d)}${']'.repeat(d)}}` })),
      ),
    ),
    fc.constantFrom(...CONTENT_TYPES),
  )
  .map(([[method, path, anonymous], x, type]) =>
    gen(method, path, { kind: `${x.kind} (${type})`, anonymous, raw: { text: x.text, type } }),
  );

/**
 * Every case: writes and reads as an admin, identity routes anonymously (about 15 %: valid-looking ones run argon2).
 */
export const anyCase: fc.Arbitrary<Gen> = fc.oneof(
  w(18, bodyRoute('POST', '/api/products', 'product', productMutation)),
  w(16, patchProduct),
  w(9, putLanguage),
  w(5, languageKey),
  w(6, bodyRoute('PATCH', '/api/me', 'me', mutation(['firstName', 'lastName']))),
  w(4, bodyRoute('PATCH', '/api/users/{target}', 'flags', mutation(['active', 'isEditor', 'isAdmin']))),
  w(1, withId('PATCH', '/api/users/{target}', '{target}', { body: { isEditor: true } })),
  w(
    4,
    bodyRoute(
      'POST',
      '/api/users',
      'addUser',
      fc.oneof(withEmail(['firstName', 'lastName', 'isEditor', 'isAdmin']), addUserNames),
    ),
  ),
  w(4, bodyRoute('PUT', '/api/app/status', 'status', mutation(['active']))),
  w(3, query('/api/products', 'sku')),
  w(4, query('/api/products', 'after', cursor)),
  w(1, query('/api/products', 'limit')),
  w(4, withId('GET', '/api/products/{id}', '{id}', {})),
  // The list's scheduled filter, and Duplicate (copies the fixed product's images, or a hostile id).
  w(1, query('/api/products', 'scheduled')),
  w(2, withId('POST', '/api/products/{id}/duplicate', '{id}', {})),
  w(1, withId('GET', '/api/products/{id}/usedby', '{id}', {})),
  w(3, query('/api/users', 'email')),
  w(3, query('/api/users', 'after', cursor)),
  w(3, withId('GET', '/api/users/{id}', '{id}', {})),
  w(3, raw),
  // The change history's reads and undo (server/routes/history.ts).
  w(1, query('/api/history', 'person')),
  w(1, query('/api/history', 'kind')),
  w(1, query('/api/history', 'from')),
  w(1, query('/api/history', 'to')),
  w(2, query('/api/history', 'after', cursor)),
  w(1, query('/api/products/{product}/history', 'after', cursor)),
  w(1, withId('GET', '/api/products/{id}/history', '{id}', {})),
  w(1, withId('GET', '/api/languages/{id}/history', '{id}', {})),
  w(1, withId('POST', '/api/history/{entry}/undo', '{entry}', { ifMatch: 'CURRENT' })),
  w(1, withId('POST', '/api/products/history/{entry}/undo', '{entry}', { ifMatch: 'CURRENT' })),
  w(6, identity('/api/auth/sign-in/email', 'signIn', withEmail(['password', 'rememberMe', 'callbackURL']))),
  w(5, identity('/api/auth/request-password-reset', 'requestReset', withEmail(['redirectTo']))),
  w(3, identity('/api/auth/reset-password', 'resetPassword', mutation(['token', 'newPassword']))),
  // The storefront's feed (on in this suite) and the webhook receivers.
  w(1, query('/api/public/products', 'after', cursor)),
  w(1, query('/api/public/products', 'limit')),
  w(1, withId('GET', '/api/public/products/{sku}', '{sku}', {})),
  w(1, withId('GET', '/api/public/images/{name}', '{name}', {})),
  w(2, bodyRoute('POST', '/api/webhooks', 'webhook', mutation(['url']))),
  w(1, withId('DELETE', '/api/webhooks/{id}', '{id}', {})),
  // Saved views of the products list.
  w(2, bodyRoute('POST', '/api/views', 'view', mutation(['name', 'params', 'shared']))),
  w(1, withId('DELETE', '/api/views/{id}', '{id}', {})),
  // Bulk edit of the products list.
  w(4, bodyRoute('POST', '/api/products/bulk', 'bulk', bulkBody)),
  w(1, withId('POST', '/api/products/bulk/{batch}/undo', '{batch}', {})),
  w(1, query('/api/products/ids', 'q')),
  w(1, query('/api/products/ids', 'active')),
  // A password change (as the admin, with a wrong current password: never accepted) and the session routes.
  w(
    3,
    bodyRoute(
      'POST',
      '/api/auth/change-password',
      'changePassword',
      mutation(['currentPassword', 'newPassword', 'revokeOtherSessions']),
    ),
  ),
  w(1, withId('DELETE', '/api/me/sessions/{id}', '{id}', {})),
  w(1, withId('DELETE', '/api/users/{id}/sessions', '{id}', {})),
  // Passkeys (the admin holds one; registration and sign-in answers come without their challenge cookie).
  w(1, query('/api/auth/passkey/generate-register-options', 'name')),
  w(1, query('/api/auth/passkey/generate-register-options', 'authenticatorAttachment')),
  w(
    2,
    bodyRoute(
      'POST',
      '/api/auth/passkey/verify-registration',
      'passkeyRegister',
      mutation(['response', 'name', 'createSession']),
    ),
  ),
  w(2, identity('/api/auth/passkey/verify-authentication', 'passkeySignIn', mutation(['response']))),
  w(2, bodyRoute('POST', '/api/auth/passkey/update-passkey', 'passkeyRename', mutation(['id', 'name']))),
  w(1, bodyRoute('POST', '/api/auth/passkey/delete-passkey', 'passkeyRemove', mutation(['id']))),
  // Two-factor sign-in: set-up and turning off as the admin (a wrong password: never accepted), the codes anonymously.
  w(
    2,
    bodyRoute('POST', '/api/auth/two-factor/enable', 'twoFactorPassword', mutation(['password', 'method', 'issuer'])),
  ),
  w(1, bodyRoute('POST', '/api/auth/two-factor/disable', 'twoFactorPassword', mutation(['password']))),
  w(1, bodyRoute('POST', '/api/auth/two-factor/generate-backup-codes', 'twoFactorPassword', mutation(['password']))),
  w(2, identity('/api/auth/two-factor/verify-totp', 'totpCode', mutation(['code', 'trustDevice']))),
  w(
    1,
    identity(
      '/api/auth/two-factor/verify-backup-code',
      'recoveryCode',
      mutation(['code', 'trustDevice', 'disableSession']),
    ),
  ),
  w(1, bodyRoute('POST', '/api/auth/two-factor/verify-totp', 'totpCode', mutation(['code']))),
  // Suppliers (resources/suppliers/): the routes every described resource has.
  w(4, bodyRoute('POST', '/api/suppliers', 'supplier', withEmail(SUPPLIER_FIELDS))),
  w(3, patchSupplier),
  w(1, query('/api/suppliers', 'name')),
  w(1, query('/api/suppliers', 'after', cursor)),
  w(1, withId('GET', '/api/suppliers/{id}', '{id}', {})),
  // The routes every described resource has: delete, history, undo, import, the partial search.
  w(2, deleteSupplier),
  w(1, withId('GET', '/api/suppliers/{id}/history', '{id}', {})),
  w(1, query('/api/suppliers/{supplier}/history', 'after', cursor)),
  w(1, withId('POST', '/api/suppliers/history/{id}/undo', '{id}', { ifMatch: 'CURRENT' })),
  // A preview only (apply stays false): a valid file changes nothing either.
  w(2, bodyRoute('POST', '/api/suppliers/import', 'supplierImport', mutation(['rows']))),
  w(1, query('/api/suppliers', 'q')),
);
