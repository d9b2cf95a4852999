// The server suites' helpers: a real app on a fresh database over real HTTP, users of each kind, mail and events.
export { dialects, pgAvailable, pgUrl } from './dialects.js';
export { ADMIN, createData, startApp, type DataStore, type TestApp } from './app.js';
export { request, setCookies, sessionCookie, cookieHeader, rawToken, withCookies, type ApiResult } from './http.js';
export { KINDS, callerOf, createUser, signIn, signInRaw, uniqueEmail, type Kind, type TestUser } from './users.js';
export { linkIn, outbox, startSmtp, waitForOutbox, type CaughtMail, type SmtpCatcher } from './mail.js';
export { openEvents, type EventStream } from './events.js';
export { freshDb, type FreshDb } from './freshDb.js';
export { dataWithTables } from './madeUpTables.js';
