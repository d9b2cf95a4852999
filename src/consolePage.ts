import { DashboardPage } from './dashboardPage';
import { lazyPage } from '../base/lazyPage';

/** The signed-in console (react-admin and its screens), loaded on demand so the public pages stay light. */
export const ConsolePage = lazyPage(() => import('./Console'));

let started = false;

/**
 * Starts loading the signed-in console and its dashboard early, once: the sign-in form calls it when someone starts
 * typing, so the download overlaps the typing and the password check. Errors surface on first use.
 */
export function preloadConsole(): void {
  if (started) return;
  started = true;
  void ConsolePage.preload();
  void DashboardPage.preload();
}
