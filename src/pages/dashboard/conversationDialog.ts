// The history's Conversación dialog, which the dashboard's Sesiones card opens too.
import type { ComponentType } from 'react';
import { ConversationDialog as HistoryConversationDialog } from '../historial/ConversationDialog';
import type { ClientCard } from '../../api/dashboard';

export interface ConversationDialogProps {
  idBot: string;
  fd: string;
  fh: string;
  client: ClientCard;
  onClose: () => void;
}

export const ConversationDialog: ComponentType<ConversationDialogProps> | null = HistoryConversationDialog;
