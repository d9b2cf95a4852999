import type { ReactElement } from 'react';
import { Menu as RaMenu, usePermissions } from 'react-admin';
import SearchIcon from '@mui/icons-material/Search';
import AddIcon from '@mui/icons-material/Add';
import PersonIcon from '@mui/icons-material/Person';
import InfoIcon from '@mui/icons-material/Info';
import { canAccess, type Area } from '../../domain/permissions';
import { messages } from '../../domain/messages';
import type { Permissions } from '../../providers/types';
import users from '../../resources/users';
import products from '../../resources/products';
import languages from '../../resources/languages';
import { MenuHeading } from './MenuHeading';

const m = messages.menu;

interface Group {
  area: Area;
  label: string;
  items: { to: string; label: string; icon: ReactElement }[];
}

// The sidebar of spec §2: each group shows only to the roles the matrix lets into its area.
const groups: Group[] = [
  {
    area: 'users',
    label: m.users,
    items: [
      { to: '/users/users', label: m.usersList, icon: <users.icon /> },
      { to: '/users/search', label: m.searchUser, icon: <SearchIcon /> },
    ],
  },
  {
    area: 'products',
    label: m.products,
    items: [
      { to: '/products/products', label: m.productsList, icon: <products.icon /> },
      { to: '/products/add-product/', label: m.addProduct, icon: <AddIcon /> },
      { to: '/products/search', label: m.searchProduct, icon: <SearchIcon /> },
    ],
  },
  {
    area: 'languages',
    label: m.languages,
    items: [
      { to: '/languages/english', label: m.english, icon: <languages.icon /> },
      { to: '/languages/swedish', label: m.swedish, icon: <languages.icon /> },
    ],
  },
  { area: 'account', label: m.settings, items: [{ to: '/settings/account', label: m.myAccount, icon: <PersonIcon /> }] },
  { area: 'changelog', label: m.info, items: [{ to: '/info/changelog', label: m.changelog, icon: <InfoIcon /> }] },
];

/** The sidebar: Dashboard, then the groups the signed-in user's role allows. */
export function Menu() {
  const { permissions } = usePermissions<Permissions>();
  // A flat list (no fragments or wrappers) so the menu's arrow-key navigation reaches every item.
  const entries = groups
    .filter((g) => canAccess(permissions, g.area))
    .flatMap((g) => [
      <MenuHeading key={g.area} label={g.label} />,
      ...g.items.map((i) => <RaMenu.Item key={i.to} to={i.to} primaryText={i.label} leftIcon={i.icon} />),
    ]);
  return (
    <RaMenu>
      <RaMenu.DashboardItem primaryText={m.dashboard} />
      {entries}
    </RaMenu>
  );
}
