import { onAuthStateChanged } from 'firebase/auth';
import type { LiveStatusListener } from '../../base/backend';
import type { Session } from './session';

/**
 * The live gate: onSnapshot of app/<statusDoc>, whose boolean `active` opens it; a string `version`
 * in it, when there is one, is compared with the bundle's (the /version page). The rules let only signed-in staff
 * read that document, so before sign-in the gate is open on the bundle's version (the public pages only; every
 * other page asks for sign-in). Firestore loads once someone is signed in.
 */
export function subscribeAppStatus(session: Session, listener: LiveStatusListener): () => void {
  let stopped = false;
  let stopDoc: (() => void) | null = null;
  // Whose status is followed: undefined until Auth first answers, null for nobody signed in.
  let watching: string | null | undefined;

  const stopAuth = onAuthStateChanged(session.auth, (user) => {
    const uid = user?.uid ?? null;
    if (uid === watching) return;
    stopDoc?.();
    stopDoc = null;
    watching = uid;
    if (!uid) {
      listener({ active: true, version: session.bundleVersion });
      return;
    }
    // No 'unknown' here: at sign-in the gate stays as it is (the sign-in page keeps its state) until the document
    // answers; after a reload it starts unknown (the loader) anyway.
    void Promise.all([import('firebase/firestore'), import('./db')]).then(([{ doc, onSnapshot }, { firestoreOf }]) => {
      if (stopped || watching !== uid) return;
      stopDoc = onSnapshot(
        doc(firestoreOf(session.app), 'app', session.statusDoc),
        (snap) => {
          const data = snap.data();
          const active = data?.active;
          const version = typeof data?.version === 'string' ? data.version : session.bundleVersion;
          listener(typeof active === 'boolean' ? { active, version } : null);
        },
        // Refused or lost: unknown, so the loader shows (inactive or unknown means loading only).
        () => listener(null),
      );
    });
  });

  return () => {
    stopped = true;
    stopAuth();
    stopDoc?.();
  };
}
