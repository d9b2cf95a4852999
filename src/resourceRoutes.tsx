import { createContext, useContext, type ReactNode } from 'react';
import { Navigate, Route, useLocation, useParams } from 'react-router-dom';
import { Resource, useCreatePath } from 'react-admin';
import { consoleResources, type ResourceDefinition } from '../resources';
import type { RecordView } from '../resources/types';
import { RequireAccess } from './auth/RequireAccess';
import NotFound from './pages/NotFound';

/** The resources the console shows (its sidebar and routes come from them); a test may give others. */
export const ResourcesContext = createContext<readonly ResourceDefinition[]>(consoleResources);

/** The resources of the console this component is in. */
export const useConsoleResources = (): readonly ResourceDefinition[] => useContext(ResourcesContext);

/**
 * A react-admin Resource: its own views (a described resource's list, create, edit and show) on react-admin's paths,
 * its other pages at their own paths (the specification's, for products and users), each behind the role guard of
 * its area, or of its own access by the page's action when it has one (`may`); and its old addresses sent on.
 */
export function guardedResource({ name, area, icon, menu, views = {}, pages, moved = [], may }: ResourceDefinition) {
  const guard = (element: ReactNode, action: string) => (
    <RequireAccess area={area} of={may ? { resource: name, action } : undefined}>
      {element}
    </RequireAccess>
  );
  const view = (v: RecordView) => (views[v] ? guard(views[v], v) : undefined);
  const first = menu.items[0]?.path;
  return (
    <Resource
      key={name}
      name={name}
      icon={icon}
      list={view('list')}
      create={view('create')}
      edit={view('edit')}
      show={view('show')}
    >
      {/* Without a list view, the resource's own address (/products) opens its first page rather than an empty one. */}
      {!views.list && first && <Route index element={<Navigate to={first} replace />} />}
      {pages.map(({ path, element, action = 'list' }) => (
        <Route key={path} path={path} element={guard(element, action)} />
      ))}
      {moved.map(({ path, to }) => (
        <Route key={path} path={path} element={<Moved resource={name} to={to} />} />
      ))}
      {/* A mistyped address under it (/products/create) says it does not exist, as any other unknown one does. With
          an edit view, /<name>/<anything> is a record's edit page (which says when there is no such record), and only
          a longer address than its show page's is unknown (/suppliers/<id>/history). */}
      <Route path={views.edit ? ':id/:more/*' : '*'} element={<NotFound />} />
    </Resource>
  );
}

/** An old address of a resource's view (/suppliers/edit/:id), replaced by react-admin's (/suppliers/:id). */
function Moved({ resource, to }: { resource: string; to: RecordView }) {
  const createPath = useCreatePath();
  const { id } = useParams<{ id: string }>();
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: createPath({ resource, type: to, id }), search, hash }} replace />;
}
