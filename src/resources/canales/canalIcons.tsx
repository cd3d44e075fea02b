// One icon per channel kind; Slack has none among MUI's icons.
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
import type { CanalKind } from '../../api/canales';

const ICONS: Record<CanalKind, SvgIconComponent> = {
  Twitter: XIcon,
  Facebook: FacebookIcon,
  Telegram: TelegramIcon,
  Web: LanguageIcon,
  Whatsapp: WhatsAppIcon,
  Microsoft: MicrosoftIcon,
  Slack: TagIcon,
  Google: GoogleIcon,
};

export function canalIcon(name: string): SvgIconComponent {
  return (ICONS as Record<string, SvgIconComponent>)[name] ?? ForumIcon;
}
