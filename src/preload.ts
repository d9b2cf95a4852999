import { preloadConsole } from './consolePage';
import { lazyPage, type LazyPage } from '../base/lazyPage';

/** The public pages (sign-in, forgot, reset, version), each loaded on demand (they need MUI, not react-admin). */
export const SignInPage = lazyPage(() => import('./pages/SignIn'));
export const ForgotPage = lazyPage(() => import('./pages/Forgot'));
export const ResetPasswordPage = lazyPage(() => import('./pages/ResetPassword'));
export const VersionPage = lazyPage(() => import('./pages/Version'));

// Typed loosely on purpose: only preload() is called through this table.
const publicPages: Record<string, LazyPage<never>> = {
  '/signin': SignInPage,
  '/forgot': ForgotPage,
  '/reset-password': ResetPasswordPage,
  '/version': VersionPage,
};

/**
 * Starts loading the code of the page at `path` as the app starts, alongside the live status and the session check
 * it waits for anyway, instead of after them: a public page's own chunk, or else the console and its dashboard.
 */
export function preloadFor(path: string): void {
  const page = publicPages[path];
  if (page) void page.preload();
  else preloadConsole();
}
