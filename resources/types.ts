import type { ComponentType, ReactNode } from 'react';
import type { Area } from '../domain/permissions';

/** What a resources/<name>/index.ts exports: all the console needs to show a resource (its sidebar group and pages). */
export interface ResourceDefinition {
  /** The resource's name: react-admin's, and the path its pages sit under (/<name>/…). */
  name: string;
  /** Its area of the role matrix (domain/permissions.ts): who sees its sidebar group and may open its pages. */
  area: Area;
  icon: ComponentType;
  /** Its sidebar group: a heading, then links to its pages (each with the resource's icon unless it names one). */
  menu: { label: string; items: readonly { path: string; label: string; icon?: ComponentType }[] };
  /** Its pages, by path under /<name>/. */
  pages: readonly { path: string; element: ReactNode }[];
}
