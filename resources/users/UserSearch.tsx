import { useMessages } from '../../base/locale';
import { ExactSearch } from '../shared/ExactSearch';
import { editUserPath } from './paths';

/** /users/search: finds a user by exact email and opens their edit page. */
export default function UserSearch() {
  const t = useMessages().users;
  return (
    <ExactSearch
      resource="users"
      field="email"
      kind="email"
      title={t.searchTitle}
      label={t.searchField}
      failure={t.fetchFailed}
      editPath={editUserPath}
    />
  );
}
