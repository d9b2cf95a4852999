/** Global setup of the Firebase test project (the Auth emulator is added here later). */
export default async function setup(): Promise<void> {}
