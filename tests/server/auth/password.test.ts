import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../../server/core/errors.js';
import {
  createUser,
  dialects,
  linkIn,
  signIn,
  signInRaw,
  startApp,
  uniqueEmail,
  waitForOutbox,
  type TestApp,
} from '../helpers/index.js';

const ofLength = (n: number): string => 'abcdefghij'.repeat(13).slice(0, n);

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe.each(dialects())('passwords (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  /** A fresh reset token for the user, read from the outbox mail. */
  async function resetToken(email: string): Promise<string> {
    await t.api('POST', '/api/auth/request-password-reset', { body: { email } });
    const mail = await waitForOutbox(t.data.dataDir, email);
    return new URL(linkIn(mail)!).searchParams.get('token')!;
  }

  it('stores argon2id hashes with m = 19 MiB, t = 2, p = 1', async () => {
    const user = await createUser(t, 'noRole');
    const row = (await t.db
      .selectFrom('auth_account' as never)
      .select(['password' as never])
      .where('userId' as never, '=', user.uid as never)
      .executeTakeFirstOrThrow()) as { password: string };
    expect(row.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password).not.toContain(user.password);
  });

  it.each([
    [7, false],
    [8, true],
    [64, true],
    [128, true],
    [129, false],
  ])('registering with a %i-character password: accepted = %s', async (length, accepted) => {
    const email = uniqueEmail('len');
    const register = createUser(t, 'noRole', { email, password: ofLength(length) });
    if (!accepted) {
      await expect(register).rejects.toBeInstanceOf(DomainError);
      return;
    }
    await register;
    expect(await signIn(t, email, ofLength(length))).toContain('session_token');
    expect((await signInRaw(t, email, ofLength(length - 1))).status).toBe(401);
  });

  it('reset-password refuses 7 and 129 characters, then accepts 8', async () => {
    const user = await createUser(t, 'noRole');
    const token = await resetToken(user.email);
    for (const bad of [ofLength(7), ofLength(129)]) {
      const res = await t.api('POST', '/api/auth/reset-password', { body: { newPassword: bad, token } });
      expect(res.status).toBe(400);
    }
    expect((await signInRaw(t, user.email, ofLength(7))).status).toBe(401);
    const ok = await t.api('POST', '/api/auth/reset-password', { body: { newPassword: ofLength(8), token } });
    expect(ok.status).toBe(200);
    expect(await signIn(t, user.email, ofLength(8))).toContain('session_token');
  });

  const exact: { password: string; refused: string[] }[] = [
    {
      password: '  two  spaces  inside  ',
      refused: ['two  spaces  inside', '  two spaces inside  ', ' two  spaces  inside '],
    },
    {
      password: 'Grönsaksblandning ñandú 🔑',
      refused: ['grönsaksblandning ñandú 🔑', 'Gronsaksblandning nandu 🔑', 'Grönsaksblandning ñandú'],
    },
  ];

  it.each(exact)('checks $password exactly as typed', async ({ password, refused }) => {
    const user = await createUser(t, 'noRole', { password });
    expect(await signIn(t, user.email, password)).toContain('session_token');
    for (const near of refused) expect((await signInRaw(t, user.email, near)).status).toBe(401);
  });

  it('keeps spaces of a password set through reset-password', async () => {
    const user = await createUser(t, 'noRole');
    const token = await resetToken(user.email);
    const password = ' leading and trailing ';
    expect((await t.api('POST', '/api/auth/reset-password', { body: { newPassword: password, token } })).status).toBe(
      200,
    );
    expect((await signInRaw(t, user.email, password.trim())).status).toBe(401);
    expect(await signIn(t, user.email, password)).toContain('session_token');
  });

  it('answers an unknown email like a known one, in similar time', async () => {
    const user = await createUser(t, 'noRole');
    const known: number[] = [];
    const unknown: number[] = [];
    const bodies = new Set<string>();
    for (let i = 0; i < 5; i++) {
      for (const [email, times] of [
        [user.email, known],
        [uniqueEmail('ghost'), unknown],
      ] as const) {
        const start = performance.now();
        const res = await signInRaw(t, email, 'wrong password 1');
        times.push(performance.now() - start);
        expect(res.status).toBe(401);
        bodies.add(res.text);
      }
    }
    expect(bodies.size).toBe(1);
    const ratio = median(known) / median(unknown);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });
});
