// Channels: the list at /canal; each card opens the editor of its kind at /canal/{kind}/{id}
// (src/pages/canales, custom pages in src/routes.tsx). App spreads this into <Resource name="canales">.
import ForumIcon from '@mui/icons-material/Forum';
import type { Canal } from '../../api/canales';
import { guarded } from '../../routing/guarded';
import { CanalList } from './CanalList';

export const canales = {
  list: guarded('/canal', CanalList),
  icon: ForumIcon,
  recordRepresentation: (record: Canal) => record.dsc,
  options: { label: 'resources.canales.name' },
};
