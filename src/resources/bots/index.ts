// Bots: the list at /bot and the editor at /bot/{id} ('new' creates); App spreads this into
// <Resource name="bots"> and routes /bot and /bot/:id to it (routing/specPaths.ts).
import SmartToyIcon from '@mui/icons-material/SmartToy';
import { guarded } from '../../routing/guarded';
import { BotCreate } from './BotCreate';
import { BotEdit } from './BotEdit';
import { BotList } from './BotList';
import type { Bot } from './botModel';

export const bots = {
  list: guarded('/bot', BotList),
  create: guarded('/bot/:id', BotCreate),
  edit: guarded('/bot/:id', BotEdit),
  icon: SmartToyIcon,
  recordRepresentation: (record: Bot) => record.nm,
  options: { label: 'resources.bots.name' },
};
