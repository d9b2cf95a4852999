/** Unregisters every service worker of this page, so no old build lingers in a cache. */
export async function unregisterServiceWorkers(
  container: ServiceWorkerContainer | undefined = navigator.serviceWorker,
): Promise<void> {
  try {
    const registrations = (await container?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((r) => r.unregister()));
  } catch {
    // Not allowed here (insecure origin, privacy mode): then there is nothing registered either.
  }
}
