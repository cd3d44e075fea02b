// The provider adapters, one line each: adding a provider is its folder and its line here.
import type { CanalKind } from '../../../common/schemas/canales';
import type { ChannelAdapter } from './adapter';
import { slack } from './slack';
import { telegram } from './telegram';
import { whatsapp } from './whatsapp';

export const CHANNEL_ADAPTERS: Partial<Record<CanalKind, ChannelAdapter>> = {
  Telegram: telegram,
  Whatsapp: whatsapp,
  Slack: slack,
};
