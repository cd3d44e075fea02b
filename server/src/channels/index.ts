// The channel adapters, one line each: adding a channel is its folder and its line here.
import type { CanalKind } from '../../../common/schemas/canales';
import type { ChannelAdapter } from './adapter';
import { facebook } from './facebook';
import { google } from './google';
import { teams } from './microsoft';
import { slack } from './slack';
import { telegram } from './telegram';
import { twitter } from './twitter';
import { web } from './web';
import { whatsapp } from './whatsapp';

export const CHANNEL_ADAPTERS: Partial<Record<CanalKind, ChannelAdapter>> = {
  Web: web,
  Telegram: telegram,
  Whatsapp: whatsapp,
  Slack: slack,
  Microsoft: teams,
  Google: google,
  Facebook: facebook,
  Twitter: twitter,
};
