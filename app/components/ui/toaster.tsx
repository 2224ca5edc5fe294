import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastStore } from './toast-store';

export { toast } from './toast-store';

const ToastView = lazy(() => import('./toast-view'));

/**
 * Mounts the Radix toast region once the first toast is asked for, so pages
 * that never toast never download it (the home page's JS budget).
 */
export function Toaster() {
  const current = useSyncExternalStore(toastStore.subscribe, toastStore.get, () => null);
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <ToastView toast={current} />
    </Suspense>
  );
}
