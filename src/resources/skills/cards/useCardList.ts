// The state of a list of editor cards: which card is being edited
// (one at a time), which ones have unsaved changes, and the new ones not saved yet. The records
// themselves come from the server; a card's draft lives in its own form.
import { useCallback, useMemo, useState } from 'react';

export interface CardItem<T> {
  /** Stable React key: the record's id, or a local one for a card not saved yet. */
  key: string;
  /** The saved record; null for a new card. */
  record: T | null;
  /** For a new card: the values it opens with. */
  draft?: Partial<T>;
}

export interface CardList<T> {
  items: Array<CardItem<T>>;
  /** The card being edited, if any. */
  editing: string | null;
  /** Keys of cards whose form differs from the saved record (new cards always count). */
  dirty: ReadonlySet<string>;
  /** True while any card is new or has unsaved changes. */
  unsaved: boolean;
  /** Adds a new card in edit mode; false (and nothing added) while another card has unsaved changes. */
  add: (draft: Partial<T>) => boolean;
  /** Opens a card for editing; false while another card has unsaved changes. */
  edit: (key: string) => boolean;
  /** Closes the card being edited (cancel on a saved card); a new card is removed. */
  close: (key: string) => void;
  /** A card's form reports whether it differs from its record. */
  setDirty: (key: string, dirty: boolean) => void;
  /** The server stored the card: it becomes that record and leaves edit mode. */
  saved: (key: string, record: T) => void;
  /** The card is gone (deleted on the server, or a new card discarded). */
  remove: (key: string) => void;
  /** Replaces the saved records (a reload or a new order), keeping new cards at the end. */
  reset: (records: T[]) => void;
}

let counter = 0;
const localKey = () => `nuevo-${++counter}`;

export function useCardList<T extends { id: string }>(initial: T[]): CardList<T> {
  const [items, setItems] = useState<Array<CardItem<T>>>(() => initial.map((record) => ({ key: record.id, record })));
  const [editing, setEditing] = useState<string | null>(null);
  const [dirty, setDirtySet] = useState<ReadonlySet<string>>(new Set());

  const isUnsaved = useCallback((key: string | null) => !!key && (dirty.has(key) || items.some((i) => i.key === key && !i.record)), [dirty, items]);

  const setDirty = useCallback((key: string, value: boolean) => {
    setDirtySet((current) => {
      if (current.has(key) === value) return current;
      const next = new Set(current);
      if (value) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const remove = useCallback((key: string) => {
    setItems((current) => current.filter((i) => i.key !== key));
    setDirty(key, false);
    setEditing((current) => (current === key ? null : current));
  }, [setDirty]);

  const add = useCallback((draft: Partial<T>) => {
    if (isUnsaved(editing)) return false;
    const key = localKey();
    setItems((current) => [...current, { key, record: null, draft }]);
    setEditing(key);
    return true;
  }, [editing, isUnsaved]);

  const edit = useCallback((key: string) => {
    if (editing !== key && isUnsaved(editing)) return false;
    setEditing(key);
    return true;
  }, [editing, isUnsaved]);

  const close = useCallback((key: string) => {
    const item = items.find((i) => i.key === key);
    if (item && !item.record) remove(key);
    else {
      setDirty(key, false);
      setEditing((current) => (current === key ? null : current));
    }
  }, [items, remove, setDirty]);

  const saved = useCallback((key: string, record: T) => {
    setItems((current) => current.map((i) => (i.key === key ? { key, record } : i)));
    setDirty(key, false);
    setEditing((current) => (current === key ? null : current));
  }, [setDirty]);

  const reset = useCallback((records: T[]) => {
    setItems((current) => [...records.map((record) => ({ key: current.find((i) => i.record?.id === record.id)?.key ?? record.id, record })), ...current.filter((i) => !i.record)]);
  }, []);

  const unsaved = dirty.size > 0 || items.some((i) => !i.record);
  return useMemo(() => ({ items, editing, dirty, unsaved, add, edit, close, setDirty, saved, remove, reset }), [items, editing, dirty, unsaved, add, edit, close, setDirty, saved, remove, reset]);
}
