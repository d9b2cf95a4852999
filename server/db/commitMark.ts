import { closeSync, openSync, readSync } from 'node:fs';

/** Reads the mark of the last commit, or null when it cannot be read; close() lets its file go. */
export interface CommitMark {
  read(): string | null;
  close(): void;
}

/** The WAL-index header: two copies of 48 bytes at the start of the -shm file. */
const HEADER_BYTES = 96;

/**
 * A mark of the last commit to a SQLite database in WAL mode, by any connection of any process: the WAL-index header
 * at the start of its -shm file, which SQLite rewrites on every commit (its change counter goes up by one; the last
 * frame and, after a checkpoint, the salts change: sqlite.org/walformat.html). Two equal marks mean nothing was
 * committed between the two reads. Each read is one read(2) of the shared-memory file, which the kernel keeps the
 * same as SQLite's mapping of it; the file stays while this process's connection is open. Null when it cannot be
 * read: the caller then asks the database.
 */
export function commitMark(databasePath: string): CommitMark {
  const header = Buffer.alloc(HEADER_BYTES);
  let fd: number | null = null;
  return {
    read() {
      try {
        fd ??= openSync(`${databasePath}-shm`, 'r');
        return readSync(fd, header, 0, HEADER_BYTES, 0) === HEADER_BYTES ? header.toString('latin1') : null;
      } catch {
        return null;
      }
    },
    close() {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
