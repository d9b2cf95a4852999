import { useContext, useEffect, useState } from 'react';
import { DataProviderContext, useDataProvider } from 'react-admin';
import type { ScheduleSettings } from '../domain/schedule';
import type { AppDataProvider } from './backend';

// Read once per back end (keyed by the data provider as given to react-admin: useDataProvider answers a wrapper).
const kept = new WeakMap<object, Promise<ScheduleSettings>>();

/**
 * The back end's schedule settings: undefined while they load (or when not `wanted`: nothing is asked); unavailable
 * when they cannot be read.
 */
export function useScheduleSettings(wanted = true): ScheduleSettings | undefined {
  const dataProvider = useDataProvider<AppDataProvider>();
  const key = useContext(DataProviderContext) ?? dataProvider;
  const [settings, setSettings] = useState<ScheduleSettings | undefined>(undefined);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    let p = kept.get(key);
    if (!p) {
      p = dataProvider.scheduleSettings().catch(() => {
        kept.delete(key);
        return { timeZone: '', available: false };
      });
      kept.set(key, p);
    }
    void p.then((s) => current && setSettings(s));
    return () => {
      current = false;
    };
  }, [key, dataProvider, wanted]);
  return settings;
}
