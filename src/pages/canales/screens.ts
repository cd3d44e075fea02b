// The channel editors, each at its route of access spec §2 (roles.ts ROUTES gives each its check).
// The web chat's editor (/canal/web/:id, ./web) joins this list the same way.
import { GooglePage, MsftPage } from './pendiente/SignInLaterPage';
import { SlackPage } from './slack/SlackPage';
import { TelegramPage } from './telegram/TelegramPage';
import { WhatsappPage } from './whatsapp/WhatsappPage';

export const CANAL_SCREENS = [SlackPage, WhatsappPage, MsftPage, GooglePage, TelegramPage];
