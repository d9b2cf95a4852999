/** The version of this browser bundle, from package.json at build time. */
declare const __APP_VERSION__: string;

/** The Firebase back end this bundle talks to (CONSOLE_BACKEND=firebase at build time), or null: our own server. */
declare const __FIREBASE__: {
  config: { apiKey: string; authDomain: string; projectId: string; storageBucket: string; appId: string };
  statusDoc: string;
  /** FIREBASE_EMULATORS at build time: `host:port` of each emulator to use instead of Google's services. */
  emulators: { auth?: string; firestore?: string; storage?: string } | null;
} | null;
