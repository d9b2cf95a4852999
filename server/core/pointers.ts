import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readRows } from '../db/read.js';
import {
  fieldsOfResource,
  idsOf,
  isPointer,
  mayOnResource,
  pointersTo,
  type ResourceDescription,
} from '../../domain/resourceDescription.js';
import type { RoleFlags } from '../../domain/permissions.js';
import type { UsedBy } from '../../domain/usedBy.js';
import { said } from '../../domain/translate.js';
import { DomainError } from './errors.js';
import { keyOf, unstoredKeys } from './files.js';

// What a record points to, checked on add and edit of a described resource's record and of a product; and what points
// to a record: its 'Used by' (counted for a reader) and the refusal of its delete.

const refusal = (field: string, message: ReturnType<typeof said>) => [{ path: `/${field}`, message }];

/**
 * Refuses a reference (or any id of a references field) to a record that does not exist, naming the field, and image
 * addresses that are not finished uploads.
 */
export async function assertPointers(
  db: Kysely<Database>,
  r: ResourceDescription,
  values: Record<string, unknown>,
): Promise<void> {
  for (const [k, spec] of fieldsOfResource(r)) {
    const v = values[k];
    const ids = isPointer(spec) ? [...new Set(idsOf(v))] : [];
    if (ids.length > 0) {
      // Names from the descriptions, never from a request.
      const hits = await readRows<{ id: string }>(
        db,
        `select id from "${spec.to}" where id in (${ids.map(() => '?').join(', ')})`,
        ids,
      );
      if (hits.length !== ids.length)
        throw new DomainError(
          'validation',
          said('records.noSuchReference'),
          refusal(k, said('records.noSuchReference')),
        );
    }
    if (spec.kind === 'images' && Array.isArray(v) && v.length > 0) {
      const unstored = await unstoredKeys(db, v as string[]);
      const missing = (v as string[]).map(keyOf).filter((key) => unstored.has(key));
      if (missing.length > 0) throw new DomainError('validation', said('uploads.unfinished'), { missing });
    }
  }
}

/**
 * The condition of a row whose field points to the record `id`, and its parameter: a reference equal to it, a
 * references field's JSON list holding it quoted (an id has no quote of its own), found alike on both databases.
 */
export const pointsToSql = (field: string, many: boolean, id: string): { where: string; param: string } =>
  many
    ? { where: `replace("${field}", ?, '') <> "${field}"`, param: JSON.stringify(id) }
    : { where: `"${field}" = ?`, param: id };

/**
 * Refuses to delete a record of `name` (a described resource's, or a product) while a reference or references field
 * of any described resource points to it, naming that pointer (its resource and field) in the refusal's details; the
 * screens show the record's 'Used by' beside it.
 */
export async function assertNotPointedTo(
  db: Kysely<Database>,
  name: string,
  all: readonly ResourceDescription[],
  id: string,
): Promise<void> {
  for (const { resource, field, many } of pointersTo(name, all)) {
    const { where, param } = pointsToSql(field, many, id);
    const [hit] = await readRows<{ id: string }>(db, `select id from "${resource.name}" where ${where} limit 1`, [
      param,
    ]);
    if (hit) throw new DomainError('conflict', said('records.inUse'), { pointer: { resource: resource.name, field } });
  }
}

/**
 * A record's 'Used by': for each field of another resource (`all`) that points to `name`, how many records point to
 * `id`, counted only where `reader` may read that resource (what they may not read is not counted, nor named); those
 * with none left out.
 */
export async function usedBy(
  db: Kysely<Database>,
  name: string,
  all: readonly ResourceDescription[],
  id: string,
  reader: RoleFlags | null | undefined,
): Promise<UsedBy> {
  const out: UsedBy = [];
  for (const { resource, field, many } of pointersTo(name, all)) {
    if (!mayOnResource(reader, resource, 'read')) continue;
    const { where, param } = pointsToSql(field, many, id);
    const [row] = await readRows<{ n: number | string }>(
      db,
      `select count(*) as n from "${resource.name}" where ${where}`,
      [param],
    );
    const count = Number(row?.n ?? 0);
    if (count > 0) out.push({ resource: resource.name, field, count });
  }
  return out;
}
