import type { ComponentType, ReactNode } from 'react';
import { Route } from 'react-router-dom';
import { Resource } from 'react-admin';
import type { Area } from '../domain/permissions';
import { RequireAccess } from './auth/RequireAccess';

/** What a resources/<name>/index.ts exports: the area it belongs to, its icon, its pages by path. */
export interface ResourceDefinition {
  name: Area;
  icon: ComponentType;
  pages: readonly { path: string; element: ReactNode }[];
}

/** A react-admin Resource whose pages sit at the spec's own paths, each behind the role guard. */
export function guardedResource({ name, icon, pages }: ResourceDefinition) {
  return (
    <Resource key={name} name={name} icon={icon}>
      {pages.map(({ path, element }) => (
        <Route key={path} path={path} element={<RequireAccess area={name}>{element}</RequireAccess>} />
      ))}
    </Resource>
  );
}
