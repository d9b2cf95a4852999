import { Migrator } from 'kysely';
import { afterEach } from 'vitest';
import { openDb, type Db, type Dialect } from '../../../server/db/index.js';
import { migrations } from '../../../server/db/migrate.js';
import { createData, type DataStore } from './app.js';

/** A database of its own for each test of a describe, opened without the server around it. */
export interface FreshDb {
  /** Makes the test's database (its folder; on PostgreSQL a database) and opens it, before any migration. */
  open(): Promise<Db>;
  /** Closes the database and opens it again, as a start after a migration would (PostgreSQL's prepared reads). */
  reopen(): Promise<Db>;
  /** Where the open database keeps its data: its folder (uploads; SQLite's file) and PostgreSQL's address. */
  data(): DataStore;
  /** Runs the console's migrations up to and including `name`, as an install of that time had them. */
  migrateTo(name: string): Promise<void>;
}

/**
 * A fresh, empty database for each test of the calling describe: after each test it is closed, its folder removed
 * and, on PostgreSQL, its database dropped.
 */
export function freshDb(dialect: Dialect): FreshDb {
  let store: DataStore | undefined;
  let db: Db | undefined;
  afterEach(async () => {
    try {
      await db?.kysely.destroy();
    } finally {
      await store?.drop();
      db = undefined;
      store = undefined;
    }
  });
  const opened = (): { store: DataStore; db: Db } => {
    if (!store || !db) throw new Error('freshDb: open() first');
    return { store, db };
  };
  const connect = (s: DataStore): Db => openDb({ databaseUrl: s.databaseUrl, dataDir: s.dataDir });
  return {
    async open() {
      if (store) throw new Error('freshDb: one database per test');
      store = await createData(dialect);
      db = connect(store);
      return db;
    },
    async reopen() {
      const was = opened();
      db = undefined;
      await was.db.kysely.destroy();
      db = connect(was.store);
      return db;
    },
    data: () => opened().store,
    async migrateTo(name) {
      const migrator = new Migrator({
        db: opened().db.kysely,
        provider: { getMigrations: async () => migrations },
        migrationTableName: 'schema_migrations',
        migrationLockTableName: 'schema_migrations_lock',
      });
      const { error } = await migrator.migrateTo(name);
      if (error) throw new Error(`Migration to ${name} failed: ${String(error)}`);
    },
  };
}
