// What an editor (a form, an action card) tells the console about its unsaved changes. Every editor
// registers here, and the one UnsavedChangesProvider holds the router's only navigation blocker:
// react-router keeps a single blocker, and a second one would silently replace the first.
import { createContext, useContext, useEffect, useId, useLayoutEffect, useRef } from 'react';

export interface UnsavedChanges {
  /** Changes not saved yet: going elsewhere asks first, closing the tab gets the browser's prompt. */
  dirty: boolean;
  /** A save is under way: a navigation waits for it, and asks only if the changes are still unsaved. */
  busy?: boolean;
  /** 'Guardar y salir': saves the changes; true once they are stored. Without it the choice is not offered. */
  save?: () => Promise<boolean>;
  /** Paths starting with it are still this editor (a new record's first save moves from /new to its id). */
  rootPathname?: string;
}

/** One registered editor, as the provider reads it. */
export interface EditorGuard {
  dirty: boolean;
  busy: boolean;
  /** The latest save and root, read when a navigation is decided. */
  latest: { readonly current: Pick<UnsavedChanges, 'save' | 'rootPathname'> };
}

export interface GuardRegistry {
  set: (id: string, guard: EditorGuard) => void;
  remove: (id: string) => void;
}

export const UnsavedChangesContext = createContext<GuardRegistry | null>(null);

/**
 * Registers the calling editor for as long as it is mounted. Outside the console's layout (a bare
 * form in a test) there is no provider and nothing is guarded.
 */
export function useUnsavedChanges({ dirty, busy = false, save, rootPathname }: UnsavedChanges): void {
  const registry = useContext(UnsavedChangesContext);
  const id = useId();
  const latest = useRef({ save, rootPathname });
  useLayoutEffect(() => {
    latest.current = { save, rootPathname };
  });
  useEffect(() => registry?.set(id, { dirty, busy, latest }), [registry, id, dirty, busy]);
  // Released when the editor unmounts.
  useEffect(() => () => registry?.remove(id), [registry, id]);
}

/** Whether going from `from` to `to` leaves the editor. */
export function leaves(guard: EditorGuard, from: string, to: string): boolean {
  const root = guard.latest.current.rootPathname;
  if (to === from || to.startsWith(`${from}/`)) return false;
  return !(root && to.startsWith(root));
}
