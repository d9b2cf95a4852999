import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Busy } from '../../base/Busy';
import { usePublic } from './PublicContext';

type State = 'checking' | 'signedIn' | 'signedOut';

/** For the sign-in and forgot pages: someone already signed in goes to '/'. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const { authProvider } = usePublic();
  const [state, setState] = useState<State>('checking');
  useEffect(() => {
    let live = true;
    authProvider.checkAuth({}).then(
      () => live && setState('signedIn'),
      () => live && setState('signedOut'),
    );
    return () => {
      live = false;
    };
  }, [authProvider]);
  if (state === 'signedIn') return <Navigate to="/" replace />;
  if (state === 'checking') return <Busy fullScreen />;
  return <>{children}</>;
}
