import { lazyPage } from '../base/lazyPage';

/** The dashboard, loaded on demand; its own module so both the console and the sign-in form's preload reach it. */
export const DashboardPage = lazyPage(() => import('./pages/Dashboard'));
