import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { runInNewContext } from 'node:vm';
import protobuf from 'protobufjs';
import { fromProto3JSON, toProto3JSON, type JSONValue } from 'proto3-json-serializer';

// The Firestore v1 API's message types, for turning the browser SDK's proto3 JSON into the bytes the gRPC emulator
// reads and back. No .proto files of Firestore are installed here; the one copy of the schema on this machine is the
// descriptor the SDK's own Node build carries for its gRPC connection (a `nested` object literal inside
// @firebase/firestore/dist/common-*.node.cjs.js; firebase is pinned in package.json). This reads that literal:
// a firebase upgrade that moves it stops the front with the message below.

const requireRoot = createRequire(join(process.cwd(), 'package.json'));

function firestoreDescriptor(): protobuf.INamespace['nested'] {
  const dist = dirname(requireRoot.resolve('@firebase/firestore'));
  for (const name of readdirSync(dist).filter((n) => /^common-.*\.node\.cjs\.js$/.test(n))) {
    const text = readFileSync(join(dist, name), 'utf8');
    const start = text.indexOf('const nested = {');
    const end = text.indexOf('var protos = {', start);
    if (start < 0 || end < 0) continue;
    const literal = text
      .slice(start + 'const nested = '.length, end)
      .trim()
      .replace(/;$/, '');
    // An object literal of the SDK's build (names, field numbers, options): data, evaluated with no globals.
    return runInNewContext(`(${literal})`, Object.create(null) as object) as protobuf.INamespace['nested'];
  }
  throw new Error(
    `tests/firebase/front: no Firestore proto descriptor found in ${dist} (has the firebase SDK changed?)`,
  );
}

let root: protobuf.Root | null = null;

/** A message type of the Firestore API, e.g. `google.firestore.v1.CommitRequest`. */
export function messageType(name: string): protobuf.Type {
  root ??= protobuf.Root.fromJSON({ nested: firestoreDescriptor() });
  return root.lookupType(name);
}

/** The type of `google.firestore.v1.<short>`. */
export const v1 = (short: string): protobuf.Type => messageType(`google.firestore.v1.${short}`);

/** Proto3 JSON (as the browser SDK sends it) to wire bytes; throws on a value the type cannot hold. */
export function jsonToBytes(type: protobuf.Type, json: unknown): Buffer {
  const message = fromProto3JSON(type, json as JSONValue);
  if (!message) throw new Error(`not a ${type.name}`);
  return Buffer.from(type.encode(message).finish());
}

/** Wire bytes to proto3 JSON (as the REST and WebChannel APIs answer). */
export function bytesToJson(type: protobuf.Type, bytes: Uint8Array): JSONValue {
  return toProto3JSON(type.decode(bytes));
}
