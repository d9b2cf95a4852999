import { createContext, useContext } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { Resource } from 'react-admin';
import { consoleResources, type ResourceDefinition } from '../resources';
import { RequireAccess } from './auth/RequireAccess';
import NotFound from './pages/NotFound';

/** The resources the console shows (its sidebar and routes come from them); a test may give others. */
export const ResourcesContext = createContext<readonly ResourceDefinition[]>(consoleResources);

/** The resources of the console this component is in. */
export const useConsoleResources = (): readonly ResourceDefinition[] => useContext(ResourcesContext);

/**
 * A react-admin Resource whose pages sit at the spec's own paths, each behind the role guard of its area, or of its
 * own access by the page's action when it has one (`may`).
 */
export function guardedResource({ name, area, icon, menu, pages, may }: ResourceDefinition) {
  const first = menu.items[0]?.path;
  return (
    <Resource key={name} name={name} icon={icon}>
      {/* The resource's own address (/suppliers) opens its first page (its list) rather than an empty page. */}
      {first && <Route index element={<Navigate to={first} replace />} />}
      {pages.map(({ path, element, action = 'list' }) => (
        <Route
          key={path}
          path={path}
          element={
            <RequireAccess area={area} of={may ? { resource: name, action } : undefined}>
              {element}
            </RequireAccess>
          }
        />
      ))}
      {/* A mistyped address under it (/suppliers/create) says it does not exist, as any other unknown one does. */}
      <Route path="*" element={<NotFound />} />
    </Resource>
  );
}
