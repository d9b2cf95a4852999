/** The version of this browser bundle, from package.json at build time. */
declare const __APP_VERSION__: string;
