import { useEffect, useState } from 'react';
import type { LiveStatus, LiveStatusListener } from '../../base/backend';

/** The latest live app status from a subscription; null (unknown) until the first one arrives. */
export function useLiveStatus(subscribe: (listener: LiveStatusListener) => () => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>(null);
  useEffect(() => subscribe(setStatus), [subscribe]);
  return status;
}
