import { useSyncExternalStore } from 'react';

/** The bearer token, kept in local storage (spec section 6) and shared by every tab. */
const KEY = 'token';
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

let token = read();

function emit() {
  for (const listener of listeners) listener();
}

export const session = {
  token: () => token,
  signIn: (value: string) => {
    token = value;
    localStorage.setItem(KEY, value);
    emit();
  },
  signOut: () => {
    if (token === null) return;
    token = null;
    localStorage.removeItem(KEY);
    emit();
  },
  subscribe: (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

// Signing out in one tab signs out the others.
window.addEventListener('storage', (event) => {
  if (event.key !== KEY) return;
  token = event.newValue;
  emit();
});

export function useToken(): string | null {
  return useSyncExternalStore(session.subscribe, session.token);
}
