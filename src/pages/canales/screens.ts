// The channel editors, each at its route (roles.ts ROUTES gives each its check).
import { FacebookPage } from './facebook/FacebookPage';
import { GooglePage } from './google/GooglePage';
import { MsftPage } from './msft/MsftPage';
import { SlackPage } from './slack/SlackPage';
import { TelegramPage } from './telegram/TelegramPage';
import { TwitterPage } from './twitter/TwitterPage';
import { CanalWebEditor } from './web/CanalWebEditor';
import { WhatsappPage } from './whatsapp/WhatsappPage';

export const CANAL_SCREENS = [FacebookPage, SlackPage, WhatsappPage, MsftPage, GooglePage, TelegramPage, TwitterPage, CanalWebEditor];
