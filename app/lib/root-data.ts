import { useRouteLoaderData } from 'react-router';
import type { loader } from '~/root';

/** What the root loader gives every page: the signed-in user, theme and preferences. */
export type RootData = Awaited<ReturnType<typeof loader>>['data'];

export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof loader>('root');
}
