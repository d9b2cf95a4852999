import { createElement, useEffect, type ReactElement } from 'react';
import { Menu as RaMenu, usePermissions } from 'react-admin';
import PersonIcon from '@mui/icons-material/Person';
import InfoIcon from '@mui/icons-material/Info';
import HistoryIcon from '@mui/icons-material/History';
import WebhookIcon from '@mui/icons-material/Webhook';
import { canAccess, type Area } from '../../domain/permissions';
import type { Catalogue } from '../../domain/messages';
import { labelText, type ResourceDefinition } from '../../resources/types';
import { useMessages } from '../../base/locale';
import type { Permissions } from '../../base/backend';
import { useConsoleResources } from '../resourceRoutes';
import { MenuHeading } from './MenuHeading';

interface Group {
  key: string;
  area: Area;
  /** A resource with access of its own: who may open its list (the group) and each item's action. */
  may?: ResourceDefinition['may'];
  label: string;
  /** An item may need more than its group (Settings → Webhooks and Info → Activity are for admins; Add, an editor). */
  items: { to: string; label: string; icon: ReactElement; area?: Area; action?: string }[];
}

// The pages that are not a resource's: Settings and Info close the sidebar, after the resources.
const fixed = (m: Catalogue['menu'], w: Catalogue['webhooks']): Group[] => [
  {
    key: 'settings',
    area: 'account',
    label: m.settings,
    items: [
      { to: '/settings/account', label: m.myAccount, icon: <PersonIcon /> },
      { to: '/settings/webhooks', label: w.menu, icon: <WebhookIcon />, area: 'webhooks' },
    ],
  },
  {
    key: 'info',
    area: 'changelog',
    label: m.info,
    items: [
      { to: '/info/changelog', label: m.changelog, icon: <InfoIcon /> },
      { to: '/info/activity', label: m.activity, icon: <HistoryIcon />, area: 'activity' },
    ],
  },
];

/** The sidebar: Dashboard, then the groups the signed-in user's role allows. */
export function Menu() {
  const { permissions } = usePermissions<Permissions>();
  const texts = useMessages();
  const m = texts.menu;
  const resources = useConsoleResources();
  const opens = (g: Pick<Group, 'area' | 'may'>): boolean =>
    g.may ? g.may(permissions, 'list') : canAccess(permissions, g.area);
  usePreloadWhenIdle(resources.filter(opens));
  // Each resource's group comes from its own descriptor (resources/<name>/index.ts), in the console's order.
  // A resource's run-time links (saved views): the resources are fixed for the console's life, so the hooks are
  // called in the same order on every render.
  const more = resources.map((r) => r.menu.useMoreItems?.() ?? []);
  const groups: Group[] = [
    ...resources.map((r, n) => ({
      key: r.name,
      area: r.area,
      may: r.may,
      label: labelText(r.menu.label, texts),
      items: [
        ...r.menu.items.map((i) => ({
          to: i.path ? `/${r.name}/${i.path}` : `/${r.name}`,
          label: labelText(i.label, texts),
          icon: createElement(i.icon ?? r.icon),
          action: i.action,
        })),
        ...more[n]!.map((i) => ({ to: i.to, label: i.label, icon: createElement(i.icon) })),
      ],
    })),
    ...fixed(m, texts.webhooks),
  ];
  // A flat list (no fragments or wrappers) so the menu's arrow-key navigation reaches every item.
  const entries = groups.filter(opens).flatMap((g) => [
    <MenuHeading key={g.key} label={g.label} />,
    ...g.items
      .filter((i) => !i.area || canAccess(permissions, i.area))
      .filter((i) => !i.action || !g.may || g.may(permissions, i.action))
      .map((i) => <RaMenu.Item key={`${i.to} ${i.label}`} to={i.to} primaryText={i.label} leftIcon={i.icon} />),
  ]);
  return (
    <RaMenu>
      <RaMenu.DashboardItem primaryText={m.dashboard} />
      {entries}
    </RaMenu>
  );
}

/**
 * Once the browser is idle, fetches the code of the first page of each group shown: the first click on the sidebar
 * then renders at once instead of waiting for its chunks (and React's reveal of a suspended page).
 */
function usePreloadWhenIdle(shown: readonly ResourceDefinition[]): void {
  const key = shown.map((r) => r.name).join(',');
  useEffect(() => {
    // Without requestIdleCallback (Safari, jsdom) pages load on the click, as before: a timer could land mid-render.
    if (!key || typeof requestIdleCallback !== 'function') return;
    const preload = (): void => shown.forEach((r) => void r.preload?.());
    const id = requestIdleCallback(preload, { timeout: 2000 });
    return () => cancelIdleCallback(id);
    // Keyed by the names shown (they change only with the role), not by the array, which is new on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}
