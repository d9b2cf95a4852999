import type { ComponentType, ReactNode } from 'react';
import type { Area, RoleFlags } from '../domain/permissions';
import type { OptionLabels } from '../domain/resourceDescription';
import type { Catalogue } from '../domain/messages';
import type { ResourceScreens } from './shared/recordScreens';

/** A text staff see: picked from the catalogue of the chosen language (or, in a test fixture, a literal). */
export type Label = string | ((m: Catalogue) => string);

export const labelText = (label: Label, m: Catalogue): string => (typeof label === 'string' ? label : label(m));

/** What a resources/<name>/index.ts exports: all the console needs to show a resource (its sidebar group and pages). */
export interface ResourceDefinition {
  /** The resource's name: react-admin's, and the path its pages sit under (/<name>/…). */
  name: string;
  /** Its area of the role matrix (domain/permissions.ts): who sees its sidebar group and may open its pages. */
  area: Area;
  icon: ComponentType;
  /**
   * Who may do what with it, when its access is its own rather than its area's (a described resource's `access`):
   * the sidebar and each page's guard ask this, by react-admin's action ('list', 'show', 'create', 'edit'), instead
   * of the area's level. The server checks the same (server/routes/described.ts).
   */
  may?: (user: RoleFlags | null | undefined, action: string) => boolean;
  /**
   * How the Activity page names its records' changes (a described resource): the resource by its sidebar label, and
   * each field by its label ('Guide (Swedish)'), each option by its label ('Linne'). A record's page is at
   * react-admin's address for it (`useRecordPath`).
   */
  history?: {
    label: Label;
    fields: (m: Catalogue) => Readonly<Record<string, string>>;
    options: (m: Catalogue) => OptionLabels | undefined;
  };
  /**
   * A described resource's screens (resources/shared/describedResource.ts): its description, texts, columns and phone
   * rows.
   */
  screens?: ResourceScreens;
  /** Loads the code of its first sidebar page ahead of a click (the sidebar calls it once the console is idle). */
  preload?: () => Promise<void>;
  /**
   * Its sidebar group: a heading, then links to its pages by path under /<name>/ ('' for /<name> itself), each with the
   * resource's icon unless it names one.
   */
  menu: {
    label: Label;
    items: readonly { path: string; label: Label; icon?: ComponentType; action?: string }[];
    /**
     * More links after the items, known only at run time (a person's saved views): a hook, called on every render of
     * the sidebar, answering each link's full address (/<name>/…?query), text and icon.
     */
    useMoreItems?: () => readonly { to: string; label: string; icon: ComponentType }[];
  };
  /**
   * react-admin's own views of it (a described resource), on react-admin's paths: the list at /<name>, create at
   * /<name>/create, edit at /<name>/:id, show at /<name>/:id/show. So react-admin's path helpers (useCreatePath),
   * EditButton, ShowButton, its redirects and ReferenceField's link reach them. With `may`, each is guarded by its
   * view.
   */
  views?: Partial<Record<RecordView, ReactNode>>;
  /** Its other pages, by path under /<name>/; with `may`, each guarded by its action (default 'list'). */
  pages: readonly { path: string; element: ReactNode; action?: string }[];
  /** Addresses it had before (bookmarks), each sent on to one of its views (`:id` kept). */
  moved?: readonly { path: string; to: RecordView }[];
}

/** react-admin's four views of a resource (its `<Resource list create edit show>`). */
export type RecordView = 'list' | 'create' | 'edit' | 'show';
