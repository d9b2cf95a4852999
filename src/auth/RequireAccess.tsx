import { useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuthState, useCanAccess, useGetIdentity, usePermissions } from 'react-admin';
import type { Area } from '../../domain/permissions';
import { Busy } from '../../base/Busy';
import NotAllowed from '../pages/NotAllowed';

/**
 * Guards one protected route: not signed in → /signin (through checkAuth's redirectTo); signed
 * in without the role → the Not allowed page. Each page opened asks the server again (GET /api/me), so
 * a role change or a deactivation shows on the next page opened.
 */
export function RequireAccess(props: GuardProps) {
  // Each page opened is a new visit: without the key React keeps one guard across sibling routes
  // (My Account → Changelog), checkAuth is not asked again, and a deactivated user saw 'Not allowed'. Keyed by the
  // path, not by each navigation: a list writes its search, filters and order into the address, and a new guard there
  // mounted the page again, losing words typed a moment before and a selection.
  const { pathname } = useLocation();
  return <Guard key={pathname} {...props} />;
}

/** An area of the role matrix, or (a resource with access of its own) its name and the page's action. */
type GuardProps = { area: Area; of?: { resource: string; action: string }; children: ReactNode };

function Guard({ area, of, children }: GuardProps) {
  const { refetch: refetchPermissions } = usePermissions();
  const { refetch: refetchIdentity } = useGetIdentity();
  // As useAuthenticated(), signing out on failure, plus a hook on success.
  const { authenticated, isPending } = useAuthState({}, true, {
    // checkAuth has just stored a fresh record: let the menu and the header read it.
    onSuccess: () => {
      void refetchPermissions();
      void refetchIdentity();
    },
  });
  const access = useCanAccess({
    resource: of?.resource ?? area,
    action: of?.action ?? 'access',
    enabled: authenticated === true,
  });
  // A page once shown stays mounted while a check runs again, so a form never loses what was typed.
  const shown = useRef(false);
  const settled = !isPending && authenticated && !access.isPending;
  if (settled && !access.canAccess) return <NotAllowed />;
  if (!settled && !(shown.current && authenticated !== false)) return <Busy />;
  shown.current = true;
  return <>{children}</>;
}
