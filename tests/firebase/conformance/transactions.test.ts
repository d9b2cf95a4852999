import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { doc, getDoc, runTransaction, setDoc, updateDoc } from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../helpers/firestore';

// Conformance of commits in the patched emulator: a transaction's writes carry the read version as a
// precondition, so a document changed between the read and the commit makes Firestore retry the
// transaction with the new data. Also: the emulator listens on 127.0.0.1 only.
let emu: FirestoreEmulator;
beforeAll(async () => {
  emu = await startFirestoreEmulator();
});
afterAll(async () => emu.stop());

describe('transactions and binding (patched @firestore-emulator/server)', () => {
  it('a transaction whose document changed after its read runs again on the new data', async () => {
    const [a, b] = [emu.client(), emu.client()];
    const ref = doc(a, 'tx', 'counter');
    await setDoc(ref, { n: 1 });
    let attempts = 0;
    await runTransaction(a, async (tx) => {
      attempts += 1;
      const n = (await tx.get(ref)).get('n') as number;
      if (attempts === 1) await updateDoc(doc(b, 'tx', 'counter'), { n: 10 });
      tx.update(ref, { n: n + 1 });
    });
    expect(attempts).toBe(2);
    expect((await getDoc(doc(b, 'tx', 'counter'))).get('n')).toBe(11);
  });

  it('a transaction that read a missing document fails over when another client creates it', async () => {
    const [a, b] = [emu.client(), emu.client()];
    const ref = doc(a, 'tx', 'created');
    let attempts = 0;
    await runTransaction(a, async (tx) => {
      attempts += 1;
      const snap = await tx.get(ref);
      if (attempts === 1) await setDoc(doc(b, 'tx', 'created'), { by: 'b' });
      tx.set(ref, { by: snap.exists() ? 'a after b' : 'a' });
    });
    expect(attempts).toBe(2);
    expect((await getDoc(doc(b, 'tx', 'created'))).get('by')).toBe('a after b');
  });

  it('a transaction may read documents it does not write (the SDK sends them as verify writes)', async () => {
    const [a, b] = [emu.client(), emu.client()];
    await setDoc(doc(a, 'tx', 'source'), { n: 5 });
    await runTransaction(a, async (tx) => {
      const n = (await tx.get(doc(a, 'tx', 'source'))).get('n') as number;
      tx.set(doc(a, 'tx', 'copy'), { n });
    });
    expect((await getDoc(doc(b, 'tx', 'copy'))).get('n')).toBe(5);
  });

  it('listens on 127.0.0.1 and not on the other addresses of the machine', async () => {
    const reach = (host: string) =>
      new Promise<boolean>((resolve) => {
        const socket = connect({ host, port: emu.port }, () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
    expect(await reach('127.0.0.1')).toBe(true);
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && i.family === 'IPv4' && !i.internal)
      .map((i) => i!.address);
    for (const address of others) expect(await reach(address)).toBe(false);
    expect(others.length).toBeGreaterThan(0);
  });
});
