// The history's Conversación dialog (src/pages/historial/ConversationDialog.tsx), which the
// Sesiones card opens. Found through Vite's glob so this page builds whether or not the history
// page is in the tree yet; once it is, a plain import can take this file's place.
import type { ComponentType } from 'react';
import type { ClientCard } from '../../api/dashboard';

export interface ConversationDialogProps {
  idBot: string;
  fd: string;
  fh: string;
  client: ClientCard;
  onClose: () => void;
}

const found = import.meta.glob<ComponentType<ConversationDialogProps>>('../historial/ConversationDialog.tsx', { import: 'ConversationDialog', eager: true });

export const ConversationDialog: ComponentType<ConversationDialogProps> | null = Object.values(found)[0] ?? null;
