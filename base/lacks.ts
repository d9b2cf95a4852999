import { useContext } from 'react';
import { DataProviderContext } from 'react-admin';
import type { AppDataProvider, Lack } from './backend';

/**
 * Whether the back end declares that it lacks a part of the console (AppDataProvider.lacks): the screen then says
 * so, or hides the control, before anyone picks a file or confirms a warning. Read from the provider as given to
 * react-admin (useDataProvider answers a proxy that turns every property into a call).
 */
export function useLacks(part: Lack): boolean {
  const given = useContext(DataProviderContext) as Partial<AppDataProvider> | null;
  return given?.lacks?.includes(part) === true;
}
