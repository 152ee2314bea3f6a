import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';

const ToastStack = lazy(() => import('./ToastStack'));

/**
 * The toasts (lib/notify.ts), loaded when the first one is shown: a visitor who never sees one
 * does not download them. `notifications.show` only adds to Mantine's store, which keeps the toast
 * until the stack has loaded and shows it then; once loaded, the stack stays.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack />
    </Suspense>
  );
}
