// One icon per sidebar link of roles.ts SIDEBAR_LINKS.
import type { ReactElement } from 'react';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EmailIcon from '@mui/icons-material/Email';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import ForumIcon from '@mui/icons-material/Forum';
import HistoryIcon from '@mui/icons-material/History';
import InfoIcon from '@mui/icons-material/Info';
import PeopleIcon from '@mui/icons-material/People';
import QuestionAnswerIcon from '@mui/icons-material/QuestionAnswer';
import SmartToyIcon from '@mui/icons-material/SmartToy';
import type { SidebarPath } from '../permissions/roles';

export const MENU_ICONS: Record<SidebarPath, ReactElement> = {
  '/dashboard': <DashboardIcon />,
  '/empresas': <BusinessIcon />,
  '/cfg': <EmailIcon />,
  '/qnas': <QuestionAnswerIcon />,
  '/usuarios': <PeopleIcon />,
  '/canal': <ForumIcon />,
  '/bot': <SmartToyIcon />,
  '/historial': <HistoryIcon />,
  '/auditoria': <FactCheckIcon />,
  '/about': <InfoIcon />,
};
