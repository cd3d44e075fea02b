// The console's one guard against losing unsaved changes. Editors register through
// useUnsavedChanges; while any has unsaved changes, a navigation that leaves it is held and the
// in-app dialog asks what to do (a navigation during a save waits for it: a stored save goes on
// without asking), and closing or reloading the tab gets the browser's own prompt, the only one a
// browser allows there. There is a single router blocker, whatever the number of editors.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker, useCanBlock, useLocation, type RouterBlocker } from 'react-admin';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import { UnsavedChangesContext, leaves, type EditorGuard, type GuardRegistry } from './useUnsavedChanges';

export function UnsavedChangesProvider({ children }: { children: ReactNode }) {
  const [guards, setGuards] = useState<ReadonlyMap<string, EditorGuard>>(() => new Map());
  const registry = useMemo<GuardRegistry>(
    () => ({
      set: (id, guard) => setGuards((current) => new Map(current).set(id, guard)),
      remove: (id) =>
        setGuards((current) => {
          if (!current.has(id)) return current;
          const next = new Map(current);
          next.delete(id);
          return next;
        }),
    }),
    [],
  );
  const unsaved = useMemo(() => [...guards.values()].filter((guard) => guard.dirty), [guards]);
  const canBlock = useCanBlock();
  useClosingPrompt(unsaved.length > 0);
  return (
    <UnsavedChangesContext value={registry}>
      {children}
      {canBlock ? <NavigationGuard unsaved={unsaved} /> : null}
    </UnsavedChangesContext>
  );
}

/** The browser's prompt on closing or reloading the tab, only while changes are unsaved. */
function useClosingPrompt(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}

function NavigationGuard({ unsaved }: { unsaved: EditorGuard[] }) {
  const { pathname } = useLocation();
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved.some((guard) => leaves(guard, currentLocation.pathname, nextLocation.pathname)));
  const [saving, setSaving] = useState(false);

  // The blocker object stays the same for one held navigation; each is decided once.
  const latest = useRef(blocker);
  const decided = useRef<RouterBlocker | null>(null);
  useLayoutEffect(() => {
    latest.current = blocker;
  });
  const decide = (proceed: boolean) => {
    const held = latest.current;
    if (held.state !== 'blocked' || decided.current === held) return;
    decided.current = held;
    if (proceed) held.proceed?.();
    else held.reset?.();
  };

  const target = blocker.state === 'blocked' ? blocker.location?.pathname : undefined;
  const stopping = target === undefined ? [] : unsaved.filter((guard) => leaves(guard, pathname, target));
  // Saved (or gone) in the meantime: nothing is lost by going on.
  const clear = target !== undefined && stopping.length === 0;
  useEffect(() => {
    if (clear) decide(true);
  });
  const asking = stopping.length > 0 && !stopping.some((guard) => guard.busy);

  const saveAndLeave = async () => {
    setSaving(true);
    let stored = true;
    try {
      for (const guard of stopping) {
        stored = (await guard.latest.current.save?.()) ?? false;
        if (!stored) break;
      }
    } finally {
      setSaving(false);
    }
    // A refused save stays, with its messages on the form.
    decide(stored);
  };

  return (
    <UnsavedChangesDialog
      open={asking || saving}
      saving={saving}
      canSave={stopping.every((guard) => !!guard.latest.current.save)}
      onSave={() => void saveAndLeave()}
      onLeave={() => decide(true)}
      onStay={() => decide(false)}
    />
  );
}
