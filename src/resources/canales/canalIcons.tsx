// The MUI icon of each name the channel catalogue gives a kind (CANAL_KINDS' `icon`).
import type { SvgIconComponent } from '@mui/icons-material';
import FacebookIcon from '@mui/icons-material/Facebook';
import ForumIcon from '@mui/icons-material/Forum';
import GoogleIcon from '@mui/icons-material/Google';
import LanguageIcon from '@mui/icons-material/Language';
import MicrosoftIcon from '@mui/icons-material/Microsoft';
import TagIcon from '@mui/icons-material/Tag';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import XIcon from '@mui/icons-material/X';
import { CANAL_KINDS, type CanalIconName } from '../../api/canales';
import { isCanalKind } from '../../pages/canales/common/canalModel';

export const CANAL_ICONS: Record<CanalIconName, SvgIconComponent> = {
  X: XIcon,
  Facebook: FacebookIcon,
  Telegram: TelegramIcon,
  Language: LanguageIcon,
  WhatsApp: WhatsAppIcon,
  Microsoft: MicrosoftIcon,
  Tag: TagIcon,
  Google: GoogleIcon,
};

/** The icon of a channel's kind (its `name`); a name outside the catalogue gets a generic one. */
export function canalIcon(name: string): SvgIconComponent {
  return isCanalKind(name) ? CANAL_ICONS[CANAL_KINDS[name].icon] : ForumIcon;
}
