// 'Eliminar' with a confirmation dialog whose buttons read 'Si' / 'No' (spec §2). The record is
// deleted only on 'Si'; the server's refusal (e.g. a company that still has users) is the notice.
import { useState } from 'react';
import DeleteIcon from '@mui/icons-material/Delete';
import { Button, Confirm, useDelete, useNotify, useRecordContext, useRedirect, useResourceContext } from 'react-admin';
import { messageOf } from '../api/HttpError';
import { noticeText } from './noticeText';

interface ConfirmDeleteButtonProps {
  title: string;
  content: string;
  /** Where to go once deleted. */
  redirectTo: string;
}

export function ConfirmDeleteButton({ title, content, redirectTo }: ConfirmDeleteButtonProps) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const redirect = useRedirect();
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();

  if (!record || !resource) return null;

  const confirm = () =>
    deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('quipu.comun.eliminado', { type: 'success' });
          redirect(redirectTo);
        },
        onError: (error) => {
          setOpen(false);
          notify(messageOf(error), noticeText(messageOf(error), 'error'));
        },
      },
    );

  return (
    <>
      <Button label="ra.action.delete" color="error" variant="contained" onClick={() => setOpen(true)} disabled={isPending}>
        <DeleteIcon />
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={title}
        content={content}
        confirm="quipu.comun.si"
        cancel="quipu.comun.no"
        confirmColor="warning"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
