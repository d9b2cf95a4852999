import { afterAll, beforeAll, beforeEach, describe, it } from 'vitest';
import { assertFails, assertSucceeds, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { rulesEnvironment, seed, serverTime, userRecord, at } from './env';

// firebase/firestore.rules, match /users/{uid}: one case for each thing the rules allow and each they refuse.
let env: RulesTestEnvironment;
beforeAll(async () => {
  env = await rulesEnvironment('demo-rules-users');
});
afterAll(async () => env?.cleanup());
beforeEach(async () => {
  await env.clearFirestore();
  await seed(env);
});

const users = (uid: string | null) =>
  (uid ? env.authenticatedContext(uid) : env.unauthenticatedContext()).firestore().collection('users');

describe('users: read', () => {
  it('everyone signed in reads their own record, active or not', async () => {
    await assertSucceeds(users('staff').doc('staff').get());
    await assertSucceeds(users('retired').doc('retired').get());
  });
  it('only an active admin reads others and lists all', async () => {
    await assertSucceeds(users('admin').doc('staff').get());
    await assertSucceeds(users('admin').orderBy('created').limit(10).get());
    await assertFails(users('editor').doc('staff').get());
    await assertFails(users('editor').orderBy('created').limit(10).get());
    await assertFails(users('retired').doc('staff').get());
    await assertFails(users(null).doc('staff').get());
  });
});

describe('users: create (Add user)', () => {
  const fresh = (over: Record<string, unknown> = {}) => ({ ...userRecord('newbie'), created: serverTime(), ...over });
  it("an admin creates another person's active record with the Register fields", async () => {
    await assertSucceeds(users('admin').doc('newbie').set(fresh()));
  });
  it('refuses non-admins, inactive admins and the signed-out', async () => {
    await assertFails(users('editor').doc('newbie').set(fresh()));
    await assertFails(users('retired').doc('newbie').set(fresh()));
    await assertFails(users(null).doc('newbie').set(fresh()));
  });
  it('refuses a wrong uid, extra keys, a client time, an inactive start, bad names or flags', async () => {
    await assertFails(
      users('admin')
        .doc('newbie')
        .set(fresh({ uid: 'someone' })),
    );
    await assertFails(
      users('admin')
        .doc('newbie')
        .set(fresh({ note: 'x' })),
    );
    await assertFails(
      users('admin')
        .doc('newbie')
        .set(fresh({ created: at(Date.UTC(2020, 0, 1)) })),
    );
    await assertFails(
      users('admin')
        .doc('newbie')
        .set(fresh({ active: false })),
    );
    await assertFails(
      users('admin')
        .doc('newbie')
        .set(fresh({ firstName: '' })),
    );
    await assertFails(
      users('admin')
        .doc('newbie')
        .set(fresh({ isAdmin: 'yes' })),
    );
  });
});

describe('users: update', () => {
  it("an admin changes another's flags with updated as the server time (the whole record set back)", async () => {
    await assertSucceeds(
      users('admin')
        .doc('staff')
        .set({ ...userRecord('staff'), isEditor: true, active: false, updated: serverTime() }),
    );
    await assertSucceeds(users('admin').doc('other').update({ isAdmin: true, updated: serverTime() }));
  });
  it(
    "refuses an admin changing their own flags, anyone's " + 'email, uid or created, names of others, or a client time',
    async () => {
      await assertFails(users('admin').doc('admin').update({ isAdmin: false, updated: serverTime() }));
      await assertFails(users('admin').doc('staff').update({ email: 'x@example.com', updated: serverTime() }));
      await assertFails(users('admin').doc('staff').update({ uid: 'x', updated: serverTime() }));
      await assertFails(users('admin').doc('staff').update({ created: serverTime(), updated: serverTime() }));
      await assertFails(users('admin').doc('staff').update({ firstName: 'Renamed', updated: serverTime() }));
      await assertFails(
        users('admin')
          .doc('staff')
          .update({ isEditor: true, updated: at(Date.UTC(2020, 0, 1)) }),
      );
      await assertFails(users('admin').doc('staff').update({ isEditor: 'yes', updated: serverTime() }));
    },
  );
  it('My Account: a user changes only their own names, with updated as the server time', async () => {
    await assertSucceeds(
      users('staff').doc('staff').update({ firstName: 'New', lastName: 'Name', updated: serverTime() }),
    );
    await assertFails(users('staff').doc('staff').update({ isEditor: true, updated: serverTime() }));
    await assertFails(users('staff').doc('staff').update({ email: 'me@example.com', updated: serverTime() }));
    await assertFails(users('staff').doc('staff').update({ firstName: '', updated: serverTime() }));
    await assertFails(
      users('staff')
        .doc('staff')
        .update({ firstName: 'x'.repeat(101), updated: serverTime() }),
    );
    await assertFails(
      users('staff')
        .doc('staff')
        .update({ firstName: 'New', updated: at(Date.UTC(2020, 0, 1)) }),
    );
    await assertFails(users('editor').doc('staff').update({ firstName: 'New', updated: serverTime() }));
    await assertFails(users('retired').doc('retired').update({ firstName: 'New', updated: serverTime() }));
  });
  it('nobody deletes a record', async () => {
    await assertFails(users('admin').doc('staff').delete());
    await assertFails(users('staff').doc('staff').delete());
  });
});
