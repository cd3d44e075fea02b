// The channel editors, each at its route (roles.ts ROUTES gives each its check).
import { GooglePage, MsftPage } from './pendiente/SignInLaterPage';
import { SlackPage } from './slack/SlackPage';
import { TelegramPage } from './telegram/TelegramPage';
import { CanalWebEditor } from './web/CanalWebEditor';
import { WhatsappPage } from './whatsapp/WhatsappPage';

export const CANAL_SCREENS = [SlackPage, WhatsappPage, MsftPage, GooglePage, TelegramPage, CanalWebEditor];
