import { useRouteLoaderData } from 'react-router';
import type { loader } from '~/root';
import type { PublicSettings } from './store-settings';

/** What the root loader gives every page: the signed-in user, theme and preferences. */
export type RootData = Awaited<ReturnType<typeof loader>>['data'];

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}

/** The store's public details (/admin/settings), which the root loader gives every page it renders. */
export function useStoreSettings(): PublicSettings {
  const settings = useRootData()?.settings;
  if (!settings) throw new Error('useStoreSettings: sem os dados do loader raiz');
  return settings;
}
