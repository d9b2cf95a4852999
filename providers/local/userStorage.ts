// The stored user record is shared by every provider set; this path stays for the local set's imports.
export { clearStoredUser, readStoredUser, storeUser, toStoredUser } from '../shared/userStorage';
