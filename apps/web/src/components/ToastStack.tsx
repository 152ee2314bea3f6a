import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '../lib/notify';

/** Mantine's toast stack, a chunk of its own: `Toasts` loads it with the first toast. */
export default function ToastStack() {
  return <Notifications position="top-right" autoClose={TOAST_MS} />;
}
