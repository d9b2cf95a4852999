import type { ReactNode } from 'react';
import type { LiveStatusListener } from '../../providers/types';
import { Loader } from '../layout/Loader';
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
 * The app gate (spec §1, §4): routes render only while the live status says active; while it is
 * inactive or unknown only a loader shows. A server on another version sends the browser to /version.
 */
export function AppStatusGate({ subscribe, bundleVersion = __APP_VERSION__, children }: Props) {
  const status = useLiveStatus(subscribe);
  useVersionCheck(status?.version, bundleVersion);
  if (!status?.active) return <Loader fullScreen />;
  return <>{children}</>;
}
