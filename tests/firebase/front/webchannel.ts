import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JSONValue } from 'proto3-json-serializer';
import type { ApiError, Relay, StreamCall, StreamName } from './grpc';

// The server end of closure's WebChannel (wire version 8) as the browser SDK uses it for Listen and Write:
// POST <stream>/channel?…&RID=<n>            handshake (no SID): body `headers=…&count=N&ofs=0&req0___data__=<json>…`;
//                                            answer: array 0, ["c", <session id>, "", 8, 14, <keep-alive ms>]
// POST <stream>/channel?…&SID=…&RID=…&AID=…  more messages (same form, map ids ofs+i); answer [1, last array id, 0]
// GET  <stream>/channel?…&RID=rpc&SID=…&AID=…&CI=0|1&TYPE=xmlhttp   the back channel: arrays after AID, as
//                                            `<length>\n<json>` chunks (length in UTF-16 units, as the client counts);
//                                            CI=0 streams and stays open, CI=1 (long polling) answers once and ends
// GET/POST …&SID=…&TYPE=terminate            the client closes the session.
// Each array is [id, [message]]; a stream's error is [id, [{ error }]], its normal end [id, ["close"]].

/** How often an idle back channel hears a noop (the client gives up after 1.5 times the keep-alive it was told). */
const KEEP_ALIVE_MS = 20_000;
/** A long poll with nothing to say ends (with a noop) after this long, or after the client's TO parameter. */
const LONG_POLL_MS = 15_000;
/** A session nobody has polled for this long is dropped (its gRPC stream cancelled). */
const IDLE_SESSION_MS = 120_000;

interface BackChannel {
  res: ServerResponse;
  streaming: boolean;
  timer: NodeJS.Timeout;
}

interface Session {
  id: string;
  stream: StreamName;
  call: StreamCall;
  /** The highest map id the browser sent that was taken (a retried POST repeats ids). */
  lastMapId: number;
  /** The id of the newest array made. */
  lastArrayId: number;
  /** Arrays not yet acknowledged by the browser (AID), to send again on the next back channel. */
  unacked: { id: number; text: string }[];
  back: BackChannel | null;
  ended: boolean;
  touched: number;
}

export interface WebChannelStats {
  sessions: number;
  /** Back-channel requests by form: CI=0 (streaming) or CI=1 (long polling). */
  streamingBackChannels: number;
  longPollBackChannels: number;
}

const chunk = (text: string): string => `${text.length}\n${text}`;

/** The WebChannel end of the front for one relay. */
export function createWebChannel(relay: Relay) {
  const sessions = new Map<string, Session>();
  const stats: WebChannelStats = { sessions: 0, streamingBackChannels: 0, longPollBackChannels: 0 };

  const endBack = (s: Session): void => {
    const back = s.back;
    if (!back) return;
    s.back = null;
    clearTimeout(back.timer);
    back.res.end();
  };

  const drop = (s: Session): void => {
    sessions.delete(s.id);
    s.call.cancel();
    endBack(s);
  };

  /** Writes what the back channel has not sent yet; a long poll then ends. */
  const flush = (s: Session): void => {
    const back = s.back;
    if (!back || s.unacked.length === 0) return;
    back.res.write(chunk(`[${s.unacked.map((a) => a.text).join(',')}]`));
    if (!back.streaming) endBack(s);
    // Sent arrays stay until the browser acknowledges them (AID), in case this response is lost.
  };

  const push = (s: Session, payload: JSONValue): void => {
    s.lastArrayId += 1;
    s.unacked.push({ id: s.lastArrayId, text: JSON.stringify([s.lastArrayId, [payload]]) });
    if (s.back?.streaming) {
      const last = s.unacked[s.unacked.length - 1]!;
      s.back.res.write(chunk(`[${last.text}]`));
      return;
    }
    flush(s);
  };

  const noop = (s: Session): string => {
    s.lastArrayId += 1;
    return chunk(JSON.stringify([[s.lastArrayId, ['noop']]]));
  };

  const acknowledge = (s: Session, aid: number): void => {
    if (Number.isFinite(aid)) s.unacked = s.unacked.filter((a) => a.id > aid);
  };

  /** The messages of a forward POST body, with their map ids; the handshake's encoded headers are ignored. */
  const messagesOf = (body: string): { mapId: number; json: unknown }[] => {
    const form = new URLSearchParams(body);
    const count = Number(form.get('count') ?? 0);
    const ofs = Number(form.get('ofs') ?? 0);
    const out: { mapId: number; json: unknown }[] = [];
    for (let i = 0; i < count; i++) {
      const data = form.get(`req${i}___data__`);
      if (data !== null) out.push({ mapId: ofs + i, json: JSON.parse(data) as unknown });
    }
    return out;
  };

  const take = (s: Session, body: string): void => {
    for (const { mapId, json } of messagesOf(body)) {
      if (mapId <= s.lastMapId) continue;
      s.lastMapId = mapId;
      s.call.send(json);
    }
  };

  const open = (stream: StreamName): Session => {
    const id = randomBytes(12).toString('base64url');
    const session = {
      id,
      stream,
      lastMapId: -1,
      lastArrayId: 0,
      unacked: [],
      back: null,
      ended: false,
      touched: Date.now(),
    } as unknown as Session;
    session.call = relay.open(stream, {
      message: (json) => push(session, json),
      error: (e: ApiError) => {
        session.ended = true;
        push(session, e.body);
      },
      end: () => {
        session.ended = true;
        push(session, 'close');
      },
    });
    sessions.set(id, session);
    stats.sessions += 1;
    return session;
  };

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const s of sessions.values()) if (!s.back && now - s.touched > IDLE_SESSION_MS) drop(s);
  }, 10_000);
  sweep.unref();

  const textHeaders = {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-cache, no-store',
    'X-Content-Type-Options': 'nosniff',
  };

  /** Serves one request to `/google.firestore.v1.Firestore/<stream>/channel`. */
  const serve = (stream: StreamName, url: URL, body: string, req: IncomingMessage, res: ServerResponse): void => {
    const q = url.searchParams;
    const sid = q.get('SID');
    const type = q.get('TYPE');
    if (sid === null && req.method === 'POST') {
      const s = open(stream);
      let messages: { mapId: number; json: unknown }[];
      try {
        messages = messagesOf(body);
      } catch {
        drop(s);
        res.writeHead(400, textHeaders).end('Bad request: unreadable messages');
        return;
      }
      for (const { mapId, json } of messages) {
        s.lastMapId = mapId;
        s.call.send(json);
      }
      const headers: Record<string, string> = { ...textHeaders };
      if (q.get('X-HTTP-Session-Id')) headers['X-HTTP-Session-Id'] = s.id;
      res.writeHead(200, headers);
      res.end(chunk(JSON.stringify([[0, ['c', s.id, '', 8, 14, KEEP_ALIVE_MS]]])));
      return;
    }
    const s = sid === null ? undefined : sessions.get(sid);
    if (!s || s.stream !== stream) {
      // The client recognises a lost session by these words (and then opens a new one).
      res.writeHead(400, textHeaders).end('Bad request: Unknown SID');
      return;
    }
    s.touched = Date.now();
    if (type === 'terminate') {
      drop(s);
      res.writeHead(200, textHeaders).end();
      return;
    }
    acknowledge(s, Number(q.get('AID')));
    if (req.method === 'POST') {
      try {
        take(s, body);
      } catch {
        res.writeHead(400, textHeaders).end('Bad request: unreadable messages');
        return;
      }
      res.writeHead(200, textHeaders).end(chunk(JSON.stringify([1, s.lastArrayId, 0])));
      return;
    }
    if (q.get('RID') !== 'rpc' || type !== 'xmlhttp') {
      res.writeHead(400, textHeaders).end('Bad request: not a back channel');
      return;
    }
    // One back channel per session: a newer one replaces an older one the client has given up on.
    endBack(s);
    const streaming = q.get('CI') === '0';
    if (streaming) stats.streamingBackChannels += 1;
    else stats.longPollBackChannels += 1;
    res.writeHead(200, textHeaders);
    const wait = Number(q.get('TO')) > 0 ? Math.min(Number(q.get('TO')), LONG_POLL_MS) : LONG_POLL_MS;
    const back: BackChannel = { res, streaming, timer: setTimeout(() => undefined, 0) };
    const idle = (): void => {
      if (s.back !== back) return;
      res.write(noop(s));
      if (streaming) back.timer = setTimeout(idle, KEEP_ALIVE_MS);
      else endBack(s);
    };
    back.timer = setTimeout(idle, streaming ? KEEP_ALIVE_MS : wait);
    s.back = back;
    res.on('close', () => {
      if (s.back === back) {
        clearTimeout(back.timer);
        s.back = null;
      }
    });
    if (s.unacked.length > 0) flush(s);
    else if (streaming) res.write(noop(s)); // first bytes at once: the client's buffering-proxy check waits for them
    if (s.ended && s.unacked.length === 0) endBack(s);
  };

  const close = (): void => {
    clearInterval(sweep);
    for (const s of [...sessions.values()]) drop(s);
  };

  return { serve, stats, close };
}
