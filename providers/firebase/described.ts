import {
  collection,
  doc,
  documentId,
  getCountFromServer,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  where,
  writeBatch,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Transaction,
} from 'firebase/firestore';
import type { GetListResult } from 'react-admin';
import type { z } from 'zod';
import {
  emptyValue,
  fieldsOfResource,
  foldsUnique,
  hasTranslations,
  labelOf,
  mergeTexts,
  referencesOf,
  idsOf,
  mayOnResource,
  pointersTo,
  REFERENCES_JOIN,
  type ResourceDescription,
  type RecordTranslations,
} from '../../domain/resourceDescription';
import { bulkSetFor, schemasOf } from '../../domain/recordSchemas';
import { BULK_BATCH, BULK_MAX, type AnyBulkRequest, type BulkIds, type BulkResult } from '../../domain/bulk';
import { bulkOverFirestore } from './bulk';
import type { RoleFlags } from '../../domain/permissions';
import type { UsedBy } from '../../domain/usedBy';
import { readDocument } from '../../domain/resourceDocument';
import { currentMessages, spoken } from '../shared/locale';
import { conflict, FirebaseBackendError, notAvailable, notFound } from './errors';
import type { Pager } from './pages';
import { fingerprint, isoOf } from './documents';
import { mayUndo, recordDiff, undoChange } from '../../domain/recordHistory';
import { planImport, uniqueKey, type ImportLookup } from '../../domain/recordImport';
import type { RecordImportResult, RecordImportRow } from '../../domain/recordCsv';
import { format } from '../../domain/messages';

/** The rows one import may add or change: two writes each (the record, its entry), 500 a Firestore transaction. */
export const IMPORT_MAX_WRITES = 250;
import { deletedEntryRef, entryData, historyPage, newEntryRef, toEntry, type Actor } from './recordHistory';

// Every described resource (resources/<name>/description.ts) over Firestore, from its description alone: the
// collection of its name, its list in the description's order with 'More' (or filtered on one reference field), the
// exact search, add, edit and delete with the conflict check. Its rules block in firebase/firestore.rules is generated
// from the same description (npm run resources: who may read, edit and delete, each field's kind and bounds, a
// reference's record existing).

/*
 * What Firestore cannot do for a field of each kind, said once (docs/firebase.md): everything else a kind does on
 * our server it does here too.
 * - line, text, email, translated: the list's partial-name search (?q=; no substring index: it answers
 *   not_available, as the products' does).
 * - line, email, translated, choice, country, integer, number: a unique value guaranteed (looked up first, not
 *   enforced); one compared folded (case and accents, not 'exact') is looked up among all the field's values, which
 *   Firestore cannot fold (a read of the collection per check).
 * - number: exact decimals (a double: 0.1 + 0.2; the rules check the bounds, the provider the decimals).
 * - images: checking that each address is a finished upload (the addresses are kept as given).
 * - reference, references: refusing the delete of a record pointed to (the provider looks first); its label to a
 *   reader who may not read the resource pointed to (the browser reads the label itself: the id shows). references:
 *   that each id names a record (the provider looks first; the rules check the list's form and size).
 * - boolean: nothing.
 * History and undo are kept here as there (providers/firebase/recordHistory.ts); the CSV import writes at most
 * IMPORT_MAX_WRITES records at once (one transaction).
 */

type Data = Record<string, unknown>;

/** The query of the records of `resource` whose `field` points to `id`: a reference equal to it, a list holding it. */
const pointingTo = (db: Firestore, resource: string, field: string, many: boolean, id: string) =>
  query(collection(db, resource), where(field, many ? 'array-contains' : '==', id));

/** Firestore's bound on the values of one 'in' or 'array-contains-any' filter. */
const ANY_OF_MAX = 30;

/**
 * A list filter on `field` of `d` as one Firestore filter, when it is a reference (`==`, or `in` for several ids) or
 * references field (`array-contains`, or `array-contains-any`: has any of) given at most ANY_OF_MAX ids; else null.
 * Alone, each is read through the field's own index: no composite index needed.
 */
function pointingFilter(d: ResourceDescription, field: string, value: unknown) {
  const kind = d.fields[field]?.kind;
  if (kind !== 'reference' && kind !== 'references') return null;
  const ids = Array.isArray(value) ? value : [value];
  if (ids.length > ANY_OF_MAX || ids.some((id) => typeof id !== 'string' || id === '')) return null;
  if (ids.length === 1) return where(field, kind === 'references' ? 'array-contains' : '==', ids[0]);
  return where(field, kind === 'references' ? 'array-contains-any' : 'in', ids);
}

/**
 * Refuses to delete a record of `name` while a record of any resource of `all` points to it (our server's refusal,
 * server/core/pointers.ts): looked up before the delete, as Firestore's rules cannot query.
 */
export async function assertNotPointedTo(
  db: Firestore,
  name: string,
  all: readonly ResourceDescription[],
  id: string,
): Promise<void> {
  for (const { resource, field, many } of pointersTo(name, all)) {
    const hits = await getDocs(query(pointingTo(db, resource.name, field, many, id), limit(1)));
    if (!hits.empty) throw conflict(currentMessages().records.inUse);
  }
}

/**
 * A record's 'Used by', as our server's (server/core/pointers.ts): one count per field pointing to `name`, of the
 * resources `reader` may read (the rules refuse the others' queries anyway); those with none left out.
 */
export async function usedByOf(
  db: Firestore,
  name: string,
  all: readonly ResourceDescription[],
  id: string,
  reader: RoleFlags | null | undefined,
): Promise<UsedBy> {
  const out: UsedBy = [];
  for (const { resource, field, many } of pointersTo(name, all)) {
    if (!mayOnResource(reader, resource, 'read')) continue;
    const count = (await getCountFromServer(pointingTo(db, resource.name, field, many, id))).data().count;
    if (count > 0) out.push({ resource: resource.name, field, count });
  }
  return out;
}

export type DescribedRecord = Data & { id: string; version: number; created: string; updated: string | null };

/**
 * A document as the screens' record: its fields and translations as the one reader takes them
 * (domain/resourceDocument.ts: a missing or odd value as its kind's empty one, nothing the description does not say).
 */
export function toDescribedRecord(d: ResourceDescription, id: string, data: Data): DescribedRecord {
  return {
    id,
    version: fingerprint(data),
    created: isoOf(data.created) ?? '',
    updated: isoOf(data.updated),
    ...readDocument(d, data),
  };
}

/** The values as the server's own rule takes them (domain/recordSchemas.ts), else a 400 naming the first bad field. */
function checked(schema: z.ZodType, data: Data): Data {
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data as Data;
  const issue = parsed.error.issues[0];
  throw new FirebaseBackendError(
    400,
    'validation',
    issue ? spoken(issue.message) : currentMessages().errors.validation,
  );
}

/**
 * What a document of `d` is written with, from a form's record: only the described fields and translations, each as
 * `schema` takes it (one of schemasOf(d)), else a 400 naming the first bad field. Whatever else the form holds (id,
 * version, times, labels; a product's thumbnails and primary) is left out, and so are the keys in `skip` (what the
 * caller writes its own way). The one writer of products' and every described resource's fields.
 */
export function writtenValues(d: ResourceDescription, schema: z.ZodType, data: Data, skip: readonly string[] = []) {
  const keys = [...fieldsOfResource(d).map(([k]) => k), ...(hasTranslations(d) ? ['translations'] : [])];
  return checked(
    schema,
    Object.fromEntries(keys.filter((k) => data[k] !== undefined && !skip.includes(k)).map((k) => [k, data[k]])),
  );
}

/**
 * `values` less each field a stored document lacks (written before the field was added) that would be written as its
 * empty value: reading shows such a field empty already, so a save that changes nothing leaves the document, and its
 * version (the fingerprint of its content), as they were.
 */
export function withoutAddedEmpties(d: ResourceDescription, values: Data, stored: Data): Data {
  return Object.fromEntries(
    Object.entries(values).filter(([key, value]) => {
      const f = d.fields[key];
      return f === undefined || key in stored || JSON.stringify(value) !== JSON.stringify(emptyValue(f));
    }),
  );
}

/**
 * The calls of one described resource; `actor` names who acts in each history entry, `image` is what an image
 * address is (providers/firebase/imageAddress.ts, of the app's bucket).
 */
export function describedCalls(
  db: Firestore,
  page: Pager,
  d: ResourceDescription,
  actor: Actor,
  image: z.ZodType<string>,
  all: readonly ResourceDescription[] = [d],
) {
  const schemas = schemasOf(d, image);
  const fields = fieldsOfResource(d);
  const toRecord = (id: string, data: Data) => toDescribedRecord(d, id, data);

  /**
   * The records with each reference's label (`labels`, as the server answers them), read here by the browser: one
   * read per record pointed to, which Firestore's rules allow only to whoever may read that resource. A reference the
   * reader may not read, or whose record is gone, keeps no label and shows its id (docs/firebase.md).
   */
  const labelReader = () => {
    const known = new Map<string, Promise<string | undefined>>();
    return (to: string, id: string): Promise<string | undefined> => {
      const key = `${to}/${id}`;
      const target = all.find((x) => x.name === to);
      if (!known.has(key))
        known.set(
          key,
          target
            ? getDoc(doc(db, to, id)).then(
                (snap) => {
                  const v = snap.exists() ? snap.data()[labelOf(target)] : undefined;
                  return typeof v === 'string' ? v : undefined;
                },
                () => undefined,
              )
            : Promise.resolve(undefined),
        );
      return known.get(key)!;
    };
  };
  const labelled = async (recs: DescribedRecord[]): Promise<DescribedRecord[]> => {
    const refs = referencesOf(d);
    if (refs.length === 0) return recs;
    const labelOfId = labelReader();
    return Promise.all(
      recs.map(async (rec) => {
        const labels: Record<string, string> = {};
        for (const { field, to, many } of refs) {
          const ids = idsOf(rec[field]);
          if (many) {
            // Each record's label in the ids' order, as the server joins them; one the reader cannot read, by its id.
            if (ids.length > 0)
              labels[field] = (await Promise.all(ids.map(async (id) => (await labelOfId(to, id)) ?? id))).join(
                REFERENCES_JOIN,
              );
            continue;
          }
          const label = ids[0] !== undefined ? await labelOfId(to, ids[0]) : undefined;
          if (label !== undefined) labels[field] = label;
        }
        return { ...rec, labels };
      }),
    );
  };

  const one = async (id: string): Promise<DescribedRecord> => {
    const snap = await getDoc(doc(db, d.name, id));
    if (!snap.exists()) throw notFound();
    return (await labelled([toRecord(snap.id, snap.data())]))[0]!;
  };

  /**
   * Firestore has no unique index: this check narrows the window for a second record with one value, it cannot close
   * it.
   */
  const assertUnique = async (values: Data, except?: string): Promise<void> => {
    for (const [k, f] of fields) {
      if (!f.unique || values[k] === undefined) continue;
      const ids = foldsUnique(f)
        ? ((await foldedHolders(k, [values[k]])).get(uniqueKey(f, values[k])) ?? [])
        : (await getDocs(query(collection(db, d.name), where(k, '==', values[k]), limit(2)))).docs.map((h) => h.id);
      if (ids.some((id) => id !== except))
        throw new FirebaseBackendError(409, 'conflict', currentMessages().records.duplicate);
    }
  };

  /**
   * Who holds each of these values of a unique field compared folded (uniqueKey: case and accents): Firestore cannot
   * fold in a query, so the field's values are read from every document and folded here.
   */
  const foldedHolders = async (field: string, values: readonly unknown[]): Promise<Map<string, string[]>> => {
    const f = d.fields[field]!;
    const wanted = new Set(values.map((v) => uniqueKey(f, v)));
    const out = new Map<string, string[]>();
    for (const h of (await getDocs(collection(db, d.name))).docs) {
      const key = uniqueKey(f, toRecord(h.id, h.data())[field]);
      if (wanted.has(key)) out.set(key, [...(out.get(key) ?? []), h.id]);
    }
    return out;
  };

  /**
   * Edit: in one transaction, read the document, refuse with the stale message (409) unless its content is still what
   * the form was loaded from (`version`), refuse a locked field's change, then write the fields and the 'changed'
   * entry (nothing at all when the save changes nothing: writeChange).
   */
  const change = async (id: string, version: unknown, valuesOf: (current: DescribedRecord) => Data): Promise<void> => {
    await runTransaction(db, async (tx) => {
      const snap = await tx.get(doc(db, d.name, id));
      if (!snap.exists()) throw notFound();
      if (typeof version === 'number' && fingerprint(snap.data()) !== version)
        throw conflict(currentMessages().records.stale);
      writeChange(tx, snap, valuesOf(toRecord(id, snap.data())));
    });
  };

  /**
   * A change's writes in a transaction: a locked field refused, texts merged, the fields, the 'changed' entry; none
   * when the document would stay as it is (a save that changes nothing keeps its version and is heard by nobody).
   */
  const writeChange = (tx: Transaction, snap: DocumentSnapshot, values: Data): void => {
    const current = toRecord(snap.id, snap.data()!);
    for (const [k, f] of fields) {
      if (f.locked && values[k] !== undefined && values[k] !== current[k])
        throw new FirebaseBackendError(400, 'validation', currentMessages().records.locked);
    }
    const translations = hasTranslations(d)
      ? { translations: mergeTexts(current.translations as RecordTranslations, values.translations) }
      : {};
    if (fingerprint({ ...snap.data(), ...values, ...translations }) === fingerprint(snap.data())) return;
    tx.update(snap.ref, { ...values, ...translations, updated: serverTimestamp() });
    const diff = recordDiff(d, current, { ...current, ...values, ...translations });
    if (Object.keys(diff).length > 0) tx.set(newEntryRef(snap.ref), entryData(actor(), 'changed', diff));
  };

  /** A new record's writes in a batch or transaction: its texts kept as merged, the record, its 'created' entry. */
  const writeCreate = (
    w: { set(ref: DocumentReference, data: Data): unknown },
    checkedValues: Data,
  ): DocumentReference => {
    const values = hasTranslations(d)
      ? { ...checkedValues, translations: mergeTexts({}, checkedValues.translations) }
      : checkedValues;
    const ref = doc(collection(db, d.name));
    w.set(ref, { ...values, created: serverTimestamp() });
    w.set(newEntryRef(ref), entryData(actor(), 'created', recordDiff(d, {}, values)));
    return ref;
  };

  /**
   * What the import's plan reads (domain/recordImport.ts): each row's record, which referenced ids exist and who
   * holds a unique value, by 30 (Firestore's bound on an 'in' query).
   */
  const lookup: ImportLookup = {
    read: async (id) => {
      const snap = await getDoc(doc(db, d.name, id));
      return snap.exists() ? toRecord(snap.id, snap.data()) : null;
    },
    existing: async (resource, ids) => {
      const out = new Set<string>();
      for (let i = 0; i < ids.length; i += 30) {
        const hits = await getDocs(query(collection(db, resource), where(documentId(), 'in', ids.slice(i, i + 30))));
        for (const h of hits.docs) out.add(h.id);
      }
      return out;
    },
    holders: async (field, values) => {
      const f = d.fields[field]!;
      if (foldsUnique(f)) return foldedHolders(field, values);
      const out = new Map<string, string[]>();
      for (let i = 0; i < values.length; i += 30) {
        const hits = await getDocs(query(collection(db, d.name), where(field, 'in', values.slice(i, i + 30))));
        for (const h of hits.docs) {
          const key = uniqueKey(f, toRecord(h.id, h.data())[field]);
          out.set(key, [...(out.get(key) ?? []), h.id]);
        }
      }
      return out;
    },
  };

  /**
   * Refuses an id of a references field that names no record (our server's refusal): the rules check the list's form
   * and size only (a rule may look up so many documents), a reference's record they check themselves.
   */
  const assertPointed = async (values: Data): Promise<void> => {
    for (const { field, to, many } of referencesOf(d)) {
      const ids = many ? [...new Set(idsOf(values[field]))] : [];
      if (ids.length === 0) continue;
      const found = await lookup.existing(to, ids);
      if (ids.some((id) => !found.has(id)))
        throw new FirebaseBackendError(400, 'validation', currentMessages().records.noSuchReference);
    }
  };

  return {
    one,

    /** 'Select all N matching' (bulk edit): the list in its order, up to BULK_MAX; Firestore's has no filters. */
    ids: async (filter: Data): Promise<BulkIds> => {
      if (d.bulk !== true || Object.values(filter).some((v) => v !== undefined && v !== '')) throw notAvailable();
      const snap = await getDocs(
        query(collection(db, d.name), orderBy(d.sort.field, d.sort.order), limit(BULK_MAX + 1)),
      );
      const items = snap.docs.slice(0, BULK_MAX).map((x) => ({ id: x.id, version: fingerprint(x.data()) }));
      return { items, more: snap.size > BULK_MAX };
    },

    /**
     * Bulk edit (`bulk: true`): the engine's over Firestore (bulk.ts), each record's fields and its 'changed' entry
     * (two writes, so half of BULK_BATCH a transaction), each only from the version it was selected at.
     */
    bulk: (req: AnyBulkRequest): Promise<BulkResult> => {
      if (d.bulk !== true) throw notAvailable();
      return bulkOverFirestore(
        db,
        {
          collection: d.name,
          set: bulkSetFor(d, image),
          labelKey: 'label',
          labelOf: (data) => String(data[labelOf(d)] ?? ''),
          perTransaction: BULK_BATCH / 2,
          write: (tx, snap, values) => {
            writeChange(tx, snap, values);
            return undefined;
          },
          notFound: currentMessages().bulk.records.notFound,
        },
        req,
      );
    },

    /**
     * The list in the description's order (then the document id), 10 a page; the exact search is `field == term`; a
     * filter on one reference or references field (where 'Used by' links) the records pointing to any of its ids,
     * by document id: the order Firestore reads one field's filter in without a composite index. Any other filter,
     * or two, would need one: not available.
     */
    list: async (filter: Data, perPage: number, after: unknown): Promise<GetListResult<DescribedRecord>> => {
      const given = Object.entries(filter).filter(
        ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
      );
      if (given.length > 1) throw notAvailable();
      const [key, value] = given[0] ?? [];
      let found: GetListResult<DescribedRecord>;
      if (key === undefined)
        found = await page(d.name, [orderBy(d.sort.field, d.sort.order)], perPage, after, toRecord);
      else if (key === d.search && typeof value === 'string')
        found = await page(d.name, [where(d.search, '==', value.trim()), limit(1)], perPage, undefined, toRecord);
      else {
        const pointing = pointingFilter(d, key, value);
        if (!pointing) throw notAvailable();
        found = await page(d.name, [pointing], perPage, after, toRecord);
      }
      return { ...found, data: await labelled(found.data) };
    },

    create: async (data: Data): Promise<DescribedRecord> => {
      const values = writtenValues(d, schemas.create, data);
      await assertUnique(values);
      await assertPointed(values);
      // The record and its 'created' entry in one batch: both saved or neither.
      const batch = writeBatch(db);
      const ref = writeCreate(batch, values);
      await batch.commit();
      return one(ref.id);
    },

    /**
     * Delete, in one transaction, only if the document is still what the screen loaded (previousData.version), and
     * only when no record of a described resource or a product (`all`) points to it by a reference or references
     * field (looked up first: Firestore's rules cannot query), with our server's refusal.
     */
    delete: async (id: string, previous: unknown, all: readonly ResourceDescription[]): Promise<DescribedRecord> => {
      const version = previous && typeof previous === 'object' && 'version' in previous ? previous.version : undefined;
      await assertNotPointedTo(db, d.name, all, id);
      const gone = await runTransaction(db, async (tx) => {
        const snap = await tx.get(doc(db, d.name, id));
        if (!snap.exists()) throw notFound();
        if (typeof version === 'number' && fingerprint(snap.data()) !== version)
          throw conflict(currentMessages().records.stale);
        tx.delete(snap.ref);
        // Its history stays (Firestore removes no subcollection with its document), with what it held, under the id
        // the rules ask of a delete's entry.
        const held = toRecord(id, snap.data());
        tx.set(deletedEntryRef(snap.ref), entryData(actor(), 'deleted', recordDiff(d, held, {})));
        return held;
      });
      return gone;
    },

    /**
     * Edit: in one transaction, read the document, refuse with the stale message (409) unless its content is still
     * what the form was loaded from (previousData.version), refuse a locked field's change, then write the fields.
     */
    update: async (id: string, data: Data, previous: unknown): Promise<DescribedRecord> => {
      const version = previous && typeof previous === 'object' && 'version' in previous ? previous.version : undefined;
      const values = writtenValues(d, schemas.update, data);
      await assertUnique(values, id);
      await assertPointed(values);
      await change(id, version, () => values);
      return one(id);
    },

    /**
     * The CSV import (domain/recordImport.ts, the server's plan): `apply` false answers what each row would do;
     * `apply` true writes every row and its history entry in one transaction, or nothing: refused when any row has an
     * error, when a record changed since it was read (the file waits for a new check), or when the file changes more
     * records than one Firestore transaction may write.
     */
    importRows: async (rows: readonly RecordImportRow[], apply: boolean): Promise<RecordImportResult> => {
      const m = currentMessages();
      const { result, work } = await planImport(d, rows, lookup, image);
      const spokenResult = {
        ...result,
        rows: result.rows.map((row) => ({
          ...row,
          errors: row.errors.map((e) => ({ ...e, message: spoken(e.message) })),
        })),
      };
      if (!apply) return spokenResult;
      if (result.counts.error > 0) throw new FirebaseBackendError(400, 'validation', m.csv.hasErrors);
      if (work.length > IMPORT_MAX_WRITES)
        throw new FirebaseBackendError(
          400,
          'validation',
          format(m.firebase.importTooLarge, { max: IMPORT_MAX_WRITES }),
        );
      await runTransaction(db, async (tx) => {
        // Every read before any write (Firestore's transactions ask it): each changed record as the check saw it.
        const read = await Promise.all(
          work.map(async (w) => (w.id === null ? null : await tx.get(doc(db, d.name, w.id)))),
        );
        work.forEach((w, i) => {
          const snap = read[i];
          if (w.id === null || !snap) {
            writeCreate(tx, w.values);
            return;
          }
          if (!snap.exists() || fingerprint(snap.data()) !== w.version) throw conflict(m.csv.changedMeanwhile);
          writeChange(tx, snap, w.values);
        });
      });
      return { ...spokenResult, applied: true };
    },

    /** A record's history, newest first, ten at a time. */
    /** A record's history, each entry with the labels of the references its diff holds (by id), as the server's. */
    history: async (id: string, opts: { after?: string | null; limit?: number }) => {
      const got = await historyPage(page, d, id, opts);
      const refs = referencesOf(d);
      if (refs.length === 0) return got;
      const labelOfId = labelReader();
      const items = await Promise.all(
        got.items.map(async (e) => {
          const labels: Record<string, string> = {};
          for (const { field, to } of refs)
            for (const v of (e.diff[field] ?? []).flatMap(idsOf)) {
              const label = await labelOfId(to, v);
              if (label !== undefined) labels[v] = label;
            }
          return Object.keys(labels).length > 0 ? { ...e, labels } : e;
        }),
      );
      return { ...got, items };
    },

    /**
     * Undo one entry as an edit from `version` (the record the page loaded): refused as on our server when the entry
     * is not an undoable change of this record, when the record changed since it was loaded, or when a field the
     * entry changed has changed again since.
     */
    undo: async (id: string, entryId: string, version: number): Promise<DescribedRecord> => {
      const m = currentMessages();
      const entrySnap = await getDoc(doc(db, d.name, id, 'history', entryId));
      if (!entrySnap.exists()) throw notFound();
      const entry = toEntry(d, id, entrySnap.id, entrySnap.data());
      if (!mayUndo(d, entry))
        throw new FirebaseBackendError(400, 'validation', format(m.history.notUndoableRecord, { resource: d.name }));
      await change(id, version, (current) => {
        const back = undoChange(d, entry, current);
        if (!back) throw conflict(m.history.changedSince);
        return checked(schemas.update, back);
      });
      return one(id);
    },
  };
}
