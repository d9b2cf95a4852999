import { Activity, useState, type ReactNode } from 'react';
import type { LiveStatusListener } from '../../base/backend';
import { Busy } from '../../base/Busy';
import { useLiveStatus } from './useLiveStatus';
import { useVersionCheck } from './useVersionCheck';

interface Props {
  /** The back end's live status feed (the data provider's subscribeAppStatus). */
  subscribe: (listener: LiveStatusListener) => () => void;
  /** This bundle's version; the build's __APP_VERSION__ unless a test says otherwise. */
  bundleVersion?: string;
  children: ReactNode;
}

/**
 * The app gate: routes show only while the live status says active; while it is
 * inactive or unknown only a loader shows. A server on another version sends the browser to /version.
 *
 * The routes mount at the first 'active' and unmount when the app is turned off. While the feed is only lost (status
 * unknown after having been active: a network blip, a server restart) they stay mounted but hidden, in React's
 * Activity (not displayed, no effects running, state kept), so a form keeps what was typed when the feed comes back.
 */
export function AppStatusGate({ subscribe, bundleVersion = __APP_VERSION__, children }: Props) {
  const status = useLiveStatus(subscribe);
  useVersionCheck(status?.version, bundleVersion);
  const [mounted, setMounted] = useState(false);
  const mount = status === null ? mounted : status.active;
  if (mount !== mounted) setMounted(mount);
  const shown = status?.active === true;
  return (
    <>
      {!shown && <Busy fullScreen />}
      <Activity mode={shown ? 'visible' : 'hidden'}>{mount ? children : null}</Activity>
    </>
  );
}
