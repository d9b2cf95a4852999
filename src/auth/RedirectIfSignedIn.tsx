import { useRef, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuthState } from 'react-admin';
import { Loader } from '../layout/Loader';

/** For the sign-in and forgot pages: someone already signed in goes to '/' (spec §2). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { authenticated, isPending } = useAuthState(undefined, false);
  // Once the page is shown it stays mounted while the check runs again (react-admin clears its cache
  // after a sign-out): swapping in the loader would remount the form and lose what was typed.
  const shown = useRef(false);
  if (!isPending && authenticated) return <Navigate to="/" replace />;
  if (isPending && !shown.current) return <Loader fullScreen />;
  shown.current = true;
  return <>{children}</>;
}
