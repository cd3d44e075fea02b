// The state of one channel editor: the channel as the server last answered it
// (kind, state, bot, rev), the form's record, and the actions that change it. Bot link, activation
// and delete act at once and never touch what is typed; Guardar sends the form on the channel's rev.
// A new channel (route id 'new') starts active and unsaved; its first save opens /canal/{kind}/{id}.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useDataProvider, useNavigate, useNotify } from 'react-admin';
import type { Canal, CanalKind } from '../../../api/canales';
import type { QuipuDataProvider } from '../../../api/dataProvider';
import { HttpError, messageOf } from '../../../api/HttpError';
import { noticeText } from '../../../layout/noticeText';
import { useEmpresaScope } from '../../../permissions/useEmpresaScope';
import { useFlags } from '../../../permissions/useFlags';
import { editorPath, formValuesOf, newCanal, newPath, toCanalBody, type CanalFormValues } from './canalModel';

export interface CanalEditorOptions {
  /** WhatsApp deletes through DELETE /ch/web?id; the others through DELETE /ch?id. */
  deleteCall?: 'ch' | 'chWeb';
  /** After a delete: a blank new channel of the kind, or back to /canal (Slack). */
  afterDelete?: 'new' | 'list';
}

export interface CanalEditor {
  kind: CanalKind;
  /** The channel as the server last answered it; a draft with id '' while new; null while loading. */
  canal: Canal | null;
  /** Why the channel could not be loaded (404 'Canal no encontrado', 403…). */
  loadError: string | null;
  isNew: boolean;
  /** Users without channel access see the editor without any control that changes it. */
  readOnly: boolean;
  /** The form's record and its key: a new key remounts the form (after a load, a save or a delete). */
  formRecord: CanalFormValues | null;
  formKey: number;
  /** The form's onSubmit: POST /ch/web; a refusal keeps what was typed and names the field. */
  save: (values: FieldValues) => Promise<FieldValues | undefined>;
  linkBot: (idB: string) => Promise<void>;
  setActive: (active: boolean) => Promise<void>;
  remove: () => Promise<void>;
  /** Takes a channel another call answered (Telegram's connect); `resetForm` empties the form to it. */
  accept: (canal: Canal, options?: { resetForm?: boolean }) => void;
  /** The channel call failed: its message as a notice. */
  fail: (error: unknown) => void;
}

export function useCanalEditor(kind: CanalKind, id: string | undefined, options: CanalEditorOptions = {}): CanalEditor {
  const { deleteCall = 'ch', afterDelete = 'new' } = options;
  const dataProvider = useDataProvider<QuipuDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const { flags } = useFlags();
  const readOnly = !flags?.isAccessChannel;
  const isNew = !id || id === 'new';

  const [stored, setCanal] = useState<Canal | null>(() => (isNew ? newCanal(kind) : null));
  // A new channel goes to the company the system admin picked; anyone else's, to their own (the server's rule).
  const { picks, idE: chosen } = useEmpresaScope();
  const canal = useMemo(() => (stored && !stored.id && picks ? { ...stored, idE: chosen ?? '' } : stored), [stored, picks, chosen]);
  const [formRecord, setFormRecord] = useState<CanalFormValues | null>(() => (isNew ? formValuesOf(newCanal(kind)) : null));
  const [formKey, setFormKey] = useState(0);
  const [loadError, setLoadError] = useState<string | null>(null);
  // A navigation asked for while the old form was still mounted: done once the new form is in place.
  const [pendingPath, setPendingPath] = useState<string | null>(null);
  const current = useRef(canal);
  current.current = canal;

  const accept = useCallback((next: Canal, { resetForm = false } = {}) => {
    current.current = next;
    setCanal(next);
    if (resetForm) {
      setFormRecord(formValuesOf(next));
      setFormKey((key) => key + 1);
    }
  }, []);

  const fail = useCallback((error: unknown) => notify(messageOf(error), noticeText(messageOf(error), 'error')), [notify]);

  useEffect(() => {
    if (isNew) {
      if (current.current?.id !== '') accept(newCanal(kind), { resetForm: true });
      setLoadError(null);
      return;
    }
    // Just saved or already loaded: the route caught up with the channel in hand.
    if (current.current?.id === id) return;
    let live = true;
    setCanal(null);
    setLoadError(null);
    dataProvider.getCanal(id).then(
      (loaded) => {
        if (!live) return;
        accept(loaded, { resetForm: true });
        // A channel of another kind opens in its own editor.
        if (loaded.name !== kind) setPendingPath(editorPath(loaded));
      },
      (error: unknown) => {
        if (live) setLoadError(messageOf(error));
      },
    );
    return () => {
      live = false;
    };
  }, [accept, dataProvider, id, isNew, kind]);

  useEffect(() => {
    if (!pendingPath) return;
    setPendingPath(null);
    navigate(pendingPath, { replace: true });
  }, [pendingPath, navigate, formKey]);

  const save = useCallback(
    async (values: FieldValues): Promise<FieldValues | undefined> => {
      const before = current.current;
      if (!before || readOnly) return undefined;
      try {
        const saved = await dataProvider.saveCanal(toCanalBody(before, values as Partial<CanalFormValues>));
        notify('quipu.canales.guardado', { type: 'success' });
        accept(saved, { resetForm: true });
        if (!before.id) setPendingPath(editorPath(saved));
        return undefined;
      } catch (error) {
        // react-admin's form shows root.serverError as the notice; the field it names is marked too.
        const message = messageOf(error);
        const field = error instanceof HttpError && error.status === 400 ? error.field : undefined;
        return { root: { serverError: message }, ...(field ? { [field]: message } : {}) };
      }
    },
    [accept, dataProvider, notify, readOnly],
  );

  const linkBot = useCallback(
    async (idB: string) => {
      const before = current.current;
      if (!before?.id) return;
      try {
        accept(await dataProvider.linkBot(before.id, idB));
        notify('quipu.canales.guardado', { type: 'success' });
      } catch (error) {
        fail(error);
      }
    },
    [accept, dataProvider, fail, notify],
  );

  const setActive = useCallback(
    async (active: boolean) => {
      const before = current.current;
      if (!before?.id) return;
      try {
        accept(await dataProvider.setCanalActive(before.id, active));
        notify(active ? 'quipu.canales.activado' : 'quipu.canales.desactivado', { type: 'success' });
      } catch (error) {
        fail(error);
      }
    },
    [accept, dataProvider, fail, notify],
  );

  const remove = useCallback(async () => {
    const before = current.current;
    if (!before?.id) return;
    try {
      await (deleteCall === 'chWeb' ? dataProvider.deleteCanalWeb(before.id) : dataProvider.deleteCanal(before.id));
      notify('quipu.canales.eliminado', { type: 'success' });
      // A blank default channel (Slack goes back to /canal); typed changes go with the channel.
      accept(newCanal(kind), { resetForm: true });
      setPendingPath(afterDelete === 'list' ? '/canal' : newPath(kind));
    } catch (error) {
      fail(error);
    }
  }, [accept, afterDelete, dataProvider, deleteCall, fail, kind, notify]);

  // While loading, the route says whether it is new; then the channel does (a first save gives it an id).
  return { kind, canal, loadError, isNew: canal ? !canal.id : isNew, readOnly, formRecord, formKey, save, linkBot, setActive, remove, accept, fail };
}
