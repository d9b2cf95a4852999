/** Table shapes as Kysely sees them. Booleans are 0/1 integers and times ISO-8601 text on both dialects. */
export interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type: string;
  active: number;
  is_admin: number;
  is_editor: number;
  created: string;
  updated: string | null;
}

export interface AppStatusTable {
  id: string;
  active: number;
  updated: string;
}

export interface LanguagesTable {
  id: string;
  texts: string;
  version: number;
  updated: string;
  updated_by: string | null;
}

export interface ThrottleTable {
  key: string;
  count: number;
  reset_at: string;
}

export interface Database {
  users: UsersTable;
  app_status: AppStatusTable;
  languages: LanguagesTable;
  throttle: ThrottleTable;
}
