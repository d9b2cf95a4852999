import { Client, credentials, status, type ServiceError } from '@grpc/grpc-js';
import type { JSONValue } from 'proto3-json-serializer';
import { bytesToJson, jsonToBytes, messageType, v1 } from './protos';

// The gRPC side of the front: each call the browser SDK makes, relayed as bytes to the Firestore emulator's gRPC
// service (same process, over 127.0.0.1), so the front serves exactly the emulator's data and behaviour.

const SERVICE = '/google.firestore.v1.Firestore/';
const same = (b: Buffer): Buffer => b;

/** The calls a REST request maps to: request and response types, and whether the answer is a stream. */
export const UNARY = {
  commit: { rpc: 'Commit', request: 'CommitRequest', response: 'CommitResponse', stream: false },
  beginTransaction: {
    rpc: 'BeginTransaction',
    request: 'BeginTransactionRequest',
    response: 'BeginTransactionResponse',
    stream: false,
  },
  rollback: { rpc: 'Rollback', request: 'RollbackRequest', response: 'google.protobuf.Empty', stream: false },
  batchGet: {
    rpc: 'BatchGetDocuments',
    request: 'BatchGetDocumentsRequest',
    response: 'BatchGetDocumentsResponse',
    stream: true,
  },
  runQuery: { rpc: 'RunQuery', request: 'RunQueryRequest', response: 'RunQueryResponse', stream: true },
  runAggregationQuery: {
    rpc: 'RunAggregationQuery',
    request: 'RunAggregationQueryRequest',
    response: 'RunAggregationQueryResponse',
    stream: true,
  },
} as const;
export type RestMethod = keyof typeof UNARY;

/** The two streams the browser opens over WebChannel. */
export const STREAMS = {
  Listen: { request: 'ListenRequest', response: 'ListenResponse' },
  Write: { request: 'WriteRequest', response: 'WriteResponse' },
} as const;
export type StreamName = keyof typeof STREAMS;

const typeOf = (name: string) => (name.includes('.') ? messageType(name) : v1(name));

/** An error as Google's JSON APIs give it: `{ error: { code (HTTP), message, status } }`. */
export interface ApiError {
  httpStatus: number;
  body: { error: { code: number; message: string; status: string } };
}

const HTTP_OF: Record<number, number> = {
  [status.CANCELLED]: 499,
  [status.UNKNOWN]: 500,
  [status.INVALID_ARGUMENT]: 400,
  [status.DEADLINE_EXCEEDED]: 504,
  [status.NOT_FOUND]: 404,
  [status.ALREADY_EXISTS]: 409,
  [status.PERMISSION_DENIED]: 403,
  [status.RESOURCE_EXHAUSTED]: 429,
  [status.FAILED_PRECONDITION]: 400,
  [status.ABORTED]: 409,
  [status.OUT_OF_RANGE]: 400,
  [status.UNIMPLEMENTED]: 501,
  [status.INTERNAL]: 500,
  [status.UNAVAILABLE]: 503,
  [status.DATA_LOSS]: 500,
  [status.UNAUTHENTICATED]: 401,
};

/** A gRPC status (or a request the front could not read: INVALID_ARGUMENT) as Google's JSON error. */
export function apiError(code: number, message: string): ApiError {
  const httpStatus = HTTP_OF[code] ?? 500;
  return { httpStatus, body: { error: { code: httpStatus, message, status: status[code] ?? 'UNKNOWN' } } };
}

const fromServiceError = (err: ServiceError): ApiError => apiError(err.code, err.details || err.message);

export interface StreamCall {
  /** Sends one request (proto3 JSON); a request the type cannot hold ends the stream with INVALID_ARGUMENT. */
  send(json: unknown): void;
  /** Ends the call from the browser's side. */
  cancel(): void;
}

export interface StreamHandlers {
  message(json: JSONValue): void;
  error(error: ApiError): void;
  end(): void;
}

/** A client of the emulator's gRPC service at 127.0.0.1:port. */
export function createRelay(grpcPort: number) {
  const client = new Client(`127.0.0.1:${grpcPort}`, credentials.createInsecure());

  /** A REST call: one answer, or for streamed ones the list of answers (as the REST API returns them). */
  const call = (
    method: RestMethod,
    json: unknown,
  ): Promise<{ ok: true; json: JSONValue } | { ok: false; error: ApiError }> => {
    const spec = UNARY[method];
    const requestType = typeOf(spec.request);
    const responseType = typeOf(spec.response);
    let bytes: Buffer;
    try {
      bytes = jsonToBytes(requestType, json);
    } catch (err) {
      return Promise.resolve({ ok: false, error: apiError(status.INVALID_ARGUMENT, String(err)) });
    }
    const path = SERVICE + spec.rpc;
    return new Promise((resolve) => {
      if (!spec.stream) {
        client.makeUnaryRequest(path, same, same, bytes, (err, answer) => {
          if (err || !answer) resolve({ ok: false, error: fromServiceError(err as ServiceError) });
          else resolve({ ok: true, json: bytesToJson(responseType, answer) });
        });
        return;
      }
      const answers: JSONValue[] = [];
      const stream = client.makeServerStreamRequest(path, same, same, bytes);
      stream.on('data', (answer: Buffer) => answers.push(bytesToJson(responseType, answer)));
      stream.on('error', (err: ServiceError) => resolve({ ok: false, error: fromServiceError(err) }));
      stream.on('end', () => resolve({ ok: true, json: answers }));
    });
  };

  /** A Listen or Write stream. */
  const open = (name: StreamName, on: StreamHandlers): StreamCall => {
    const requestType = v1(STREAMS[name].request);
    const responseType = v1(STREAMS[name].response);
    const duplex = client.makeBidiStreamRequest(SERVICE + name, same, same);
    let done = false;
    const finish = (then: () => void) => {
      if (done) return;
      done = true;
      then();
    };
    duplex.on('data', (answer: Buffer) => {
      if (!done) on.message(bytesToJson(responseType, answer));
    });
    duplex.on('error', (err: ServiceError) => {
      if (err.code !== status.CANCELLED) finish(() => on.error(fromServiceError(err)));
    });
    duplex.on('end', () => finish(() => on.end()));
    return {
      send(json) {
        if (done) return;
        try {
          duplex.write(jsonToBytes(requestType, json));
        } catch (err) {
          finish(() => on.error(apiError(status.INVALID_ARGUMENT, String(err))));
          duplex.cancel();
        }
      },
      cancel() {
        done = true;
        duplex.cancel();
      },
    };
  };

  return { call, open, close: () => client.close() };
}

export type Relay = ReturnType<typeof createRelay>;
