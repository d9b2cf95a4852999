import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { doc, setDoc } from 'firebase/firestore';
import { startFirestoreEmulator, type FirestoreEmulator } from '../helpers/firestore';

// Cursors at the RPC level: the SDK drops documents outside a cursor by itself, which would hide a server that
// answers too much. So this asks the patched emulator's RunQuery directly with the generated gRPC client and checks
// Firestore's documented cursor semantics (start_at before=true: at, false: after; end_at before=true: before, false:
// at).
const requireHere = createRequire(import.meta.url);
const grpc = requireHere('@grpc/grpc-js') as { credentials: { createInsecure: () => unknown } };
const proto = requireHere('@firestore-emulator/proto/dist/google/firestore/v1/firestore') as {
  FirestoreClient: new (address: string, credentials: unknown) => RpcClient;
  RunQueryRequest: { fromObject: (o: unknown) => unknown };
};
interface QueryStream {
  on(event: 'data', fn: (r: { document?: { name: string } }) => void): QueryStream;
  on(event: 'end', fn: () => void): QueryStream;
  on(event: 'error', fn: (e: Error) => void): QueryStream;
}
interface RpcClient {
  RunQuery: (request: unknown) => QueryStream;
  close: () => void;
}

let emu: FirestoreEmulator;
let client: RpcClient;
beforeAll(async () => {
  emu = await startFirestoreEmulator();
  const db = emu.client();
  for (const [id, sku] of [
    ['a', 'S-1'],
    ['b', 'S-2'],
    ['c', 'S-3'],
    ['d', 'S-4'],
  ] as const)
    await setDoc(doc(db, 'rpc', id), { sku });
  client = new proto.FirestoreClient(`127.0.0.1:${emu.port}`, grpc.credentials.createInsecure());
});
afterAll(async () => {
  client.close();
  await emu.stop();
});

type Cursor = { values: { string_value: string }[]; before: boolean };
const run = (cursors: { start_at?: Cursor; end_at?: Cursor }, direction: 1 | 2 = 1) =>
  new Promise<string[]>((resolve, reject) => {
    const ids: string[] = [];
    const parent = `projects/${emu.projectId}/databases/(default)/documents`;
    client
      .RunQuery(
        proto.RunQueryRequest.fromObject({
          parent,
          structured_query: {
            from: [{ collection_id: 'rpc' }],
            order_by: [{ field: { field_path: 'sku' }, direction }],
            ...cursors,
          },
        }),
      )
      .on('data', (r) => {
        if (r.document?.name) ids.push(r.document.name.split('/').pop()!);
      })
      .on('end', () => resolve(ids))
      .on('error', reject);
  });
const at = (sku: string, before: boolean): Cursor => ({ values: [{ string_value: sku }], before });

describe('RunQuery cursors (patched @firestore-emulator/server)', () => {
  it('start_at before=true starts at the position, before=false after it', async () => {
    expect(await run({ start_at: at('S-2', true) })).toEqual(['b', 'c', 'd']);
    expect(await run({ start_at: at('S-2', false) })).toEqual(['c', 'd']);
  });
  it('end_at before=true ends before the position, before=false at it', async () => {
    expect(await run({ end_at: at('S-3', true) })).toEqual(['a', 'b']);
    expect(await run({ end_at: at('S-3', false) })).toEqual(['a', 'b', 'c']);
  });
  it('cursors follow a descending order', async () => {
    expect(await run({ start_at: at('S-3', false) }, 2)).toEqual(['b', 'a']);
  });
});
