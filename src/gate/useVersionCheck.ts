import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The route of the version error page. */
export const VERSION_PATH = '/version';

/** Sends the browser to /version while the server's version differs from this bundle's. */
export function useVersionCheck(serverVersion: string | undefined, bundleVersion: string): void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const mismatch = serverVersion !== undefined && serverVersion !== bundleVersion;
  useEffect(() => {
    // Remember where they were, so 'Reload page' brings them back there on the new bundle.
    if (mismatch && pathname !== VERSION_PATH) navigate(VERSION_PATH, { state: { from: pathname + search } });
  }, [mismatch, pathname, search, navigate]);
}
