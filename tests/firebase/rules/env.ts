import { readFileSync } from 'node:fs';
import {
  initializeTestEnvironment,
  type RulesTestContext,
  type RulesTestEnvironment,
} from '@firebase/rules-unit-testing';
import firebase from 'firebase/compat/app';

// For `npm run test:rules` only (a machine with Java 21: the CLI's Firestore and Storage emulators evaluate the
// rules). The emulators' addresses come from `firebase emulators:exec` (FIRESTORE_EMULATOR_HOST and
// FIREBASE_STORAGE_EMULATOR_HOST); the rules are the files the project deploys.
const rulesOf = (name: string) => readFileSync(new URL(`../../../firebase/${name}`, import.meta.url), 'utf8');

/** The Firestore rules the project deploys (firebase/firestore.rules). */
export const firestoreRulesText = (): string => rulesOf('firestore.rules');

/** A rules test environment over firebase/firestore.rules (or `firestore`) and firebase/storage.rules. */
export function rulesEnvironment(
  projectId: string,
  firestore: string = firestoreRulesText(),
): Promise<RulesTestEnvironment> {
  return initializeTestEnvironment({
    projectId,
    firestore: { rules: firestore },
    storage: { rules: rulesOf('storage.rules') },
  });
}

export const serverTime = () => firebase.firestore.FieldValue.serverTimestamp();
export const at = (ms: number) => firebase.firestore.Timestamp.fromMillis(ms);

export interface Person {
  active?: boolean;
  isAdmin?: boolean;
  isEditor?: boolean;
}

/** users/{uid} as the console writes it. */
export const userRecord = (uid: string, p: Person = {}) => ({
  firstName: 'Test',
  lastName: uid,
  email: `${uid}@example.com`,
  uid,
  created: at(Date.UTC(2024, 0, 1)),
  userType: p.isAdmin ? 'admin' : p.isEditor ? 'editor' : 'staff',
  active: p.active ?? true,
  isAdmin: p.isAdmin ?? false,
  isEditor: p.isEditor ?? false,
});

/** The people every rules test file starts from, written with the rules off. */
export const PEOPLE: Record<string, Person> = {
  admin: { isAdmin: true, isEditor: true },
  editor: { isEditor: true },
  staff: {},
  retired: { isEditor: true, isAdmin: true, active: false },
  other: { isEditor: true },
};

/** Writes PEOPLE (and whatever else `more` writes) with the rules off. */
export async function seed(
  env: RulesTestEnvironment,
  more: (ctx: RulesTestContext) => Promise<void> = async () => undefined,
): Promise<void> {
  await env.withSecurityRulesDisabled(async (ctx) => {
    const db = ctx.firestore();
    for (const [uid, p] of Object.entries(PEOPLE)) await db.collection('users').doc(uid).set(userRecord(uid, p));
    await more(ctx);
  });
}

/**
 * An image's download address as getDownloadURL answers it in `projectId`'s default bucket (the rules take only these:
 * Firebase Storage's host, this project's bucket, Uploads/, a token; scripts/firestoreRules.ts IMAGE_ADDRESS).
 */
export const imageAddress = (projectId: string, name = 'editor_1_a.jpg', bucket = `${projectId}.appspot.com`) =>
  `https://firebasestorage.googleapis.com/v0/b/${bucket}/o/Uploads%2F${encodeURIComponent(name)}` +
  '?alt=media&token=0f8fad5b-d9cb-469f-a165-70867728950e';
