import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuthState } from 'react-admin';
import { Loader } from '../layout/Loader';

/** For the sign-in and forgot pages: someone already signed in goes to '/' (spec §2). */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { authenticated, isPending } = useAuthState(undefined, false);
  if (isPending) return <Loader fullScreen />;
  if (authenticated) return <Navigate to="/" replace />;
  return <>{children}</>;
}
