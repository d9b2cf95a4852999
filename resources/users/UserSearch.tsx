import { messages } from '../../domain/messages';
import { ExactSearch } from '../shared/ExactSearch';
import { editUserPath } from './paths';

const t = messages.users;

/** /users/search: finds a user by exact email and opens their edit page. */
export default function UserSearch() {
  return <ExactSearch resource="users" field="email" kind="email" title={t.searchTitle} label={t.searchField} failure={t.fetchFailed} editPath={editUserPath} />;
}
