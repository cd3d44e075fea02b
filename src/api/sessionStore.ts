// The signed-in session, in memory: set on sign-in, emptied on sign-out. main.tsx
// shows the public pages or the admin app from it.
import { useSyncExternalStore } from 'react';
import type { Session } from '../../common/sessionTypes';

export interface SessionStore {
  get(): Session | null;
  set(session: Session | null): void;
  subscribe(listener: () => void): () => void;
}

export function createSessionStore(initial: Session | null = null): SessionStore {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(session) {
      current = session;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useSessionFrom(store: SessionStore): Session | null {
  return useSyncExternalStore(store.subscribe, store.get);
}
