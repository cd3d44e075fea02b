// One icon per sidebar link of roles.ts SIDEBAR_LINKS that is not a resource (a resource brings its own).
import type { ReactElement } from 'react';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EmailIcon from '@mui/icons-material/Email';
import ForumIcon from '@mui/icons-material/Forum';
import HistoryIcon from '@mui/icons-material/History';
import InfoIcon from '@mui/icons-material/Info';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import type { SidebarPath } from '../../common/roles';

export const MENU_ICONS: Partial<Record<SidebarPath, ReactElement>> = {
  '/dashboard': <DashboardIcon />,
  '/cfg': <EmailIcon />,
  '/qnas': <QuestionAnswerIcon />,
  '/canal': <ForumIcon />,
  '/bot': <SmartToyIcon />,
  '/historial': <HistoryIcon />,
  '/about': <InfoIcon />,
};
