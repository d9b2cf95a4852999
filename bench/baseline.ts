// Child process: the floor for this stack. Fastify and the same database driver answering the same queries
// on the same data, with no auth, no validation, no schemas, no hooks and nothing of ours.
import Fastify from 'fastify';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Row = Record<string, unknown>;
type Query = (sql: string, params: unknown[]) => Promise<Row[]>;

/** The driver behind one function; SQLite statements are prepared once and kept, as a bare driver user would. */
function connect(): Query {
  const url = process.env.DATABASE_URL;
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return async (sql, params) => {
      let n = 0;
      return (
        await pool.query(
          sql.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as Row[];
    };
  }
  const db = new SQLite(join(process.env.DATA_DIR!, 'console.sqlite'));
  const prepared = new Map<string, SQLite.Statement>();
  return async (sql, params) => {
    let st = prepared.get(sql);
    if (!st) prepared.set(sql, (st = db.prepare(sql)));
    return st.all(...params) as Row[];
  };
}

const cursorOf = (after: string | undefined): [string, string] | null =>
  after ? (JSON.parse(Buffer.from(after, 'base64url').toString('utf8')) as [string, string]) : null;
const cursor = (key: unknown, id: unknown): string => Buffer.from(JSON.stringify([key, id])).toString('base64url');

async function main(): Promise<void> {
  const query = connect();
  const app = Fastify({ logger: false });
  type ListQ = { Querystring: { limit?: string; after?: string; sku?: string; email?: string } };

  app.get<ListQ>('/api/products', async (req) => {
    if (req.query.sku !== undefined)
      return { items: await query('select * from products where sku = ?', [req.query.sku]), next: null };
    const limit = Number(req.query.limit ?? 10);
    const after = cursorOf(req.query.after);
    const rows = after
      ? await query(
          'select * from products where sku <= ? and (sku < ? or id < ?) order by sku desc, id desc limit ?',
          [after[0], after[0], after[1], limit + 1],
        )
      : await query('select * from products order by sku desc, id desc limit ?', [limit + 1]);
    const items = rows.slice(0, limit);
    const tail = items.at(-1);
    return { items, next: rows.length > limit && tail ? cursor(tail.sku, tail.id) : null };
  });

  app.get<{ Params: { id: string } }>(
    '/api/products/:id',
    async (req) => (await query('select * from products where id = ?', [req.params.id]))[0],
  );

  app.get<ListQ>('/api/users', async (req) => {
    if (req.query.email !== undefined)
      return { items: await query('select * from users where email = ?', [req.query.email]), next: null };
    const limit = Number(req.query.limit ?? 10);
    const after = cursorOf(req.query.after);
    const rows = after
      ? await query(
          'select * from users where created >= ? and (created > ? or id > ?) order by created asc, id asc limit ?',
          [after[0], after[0], after[1], limit + 1],
        )
      : await query('select * from users order by created asc, id asc limit ?', [limit + 1]);
    const items = rows.slice(0, limit);
    const tail = items.at(-1);
    return { items, next: rows.length > limit && tail ? cursor(tail.created, tail.id) : null };
  });

  // The feed's floor (bench/storefront.ts): the same bytes our feed answers, read once, with the same ETag, and a 304
  // for a matching If-None-Match; no database, no hooks.
  const feed = process.env.FEED_BODY_FILE;
  if (feed) {
    const body = readFileSync(feed);
    const etag = process.env.FEED_ETAG!;
    app.get('/api/public/products', (req, reply) => {
      void reply.header('ETag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    });
  }

  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.send!({ type: 'ready' });
}

void main().catch((err: unknown) => {
  process.send?.({ type: 'error', message: err instanceof Error ? err.stack : String(err) });
  process.exit(1);
});
