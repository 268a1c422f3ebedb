import type { SvgIconComponent } from '@mui/icons-material';
import AltRouteIcon from '@mui/icons-material/AltRoute';
import BlockIcon from '@mui/icons-material/Block';
import BusinessIcon from '@mui/icons-material/Business';
import DashboardIcon from '@mui/icons-material/Dashboard';
import DescriptionIcon from '@mui/icons-material/Description';
import Diversity3Icon from '@mui/icons-material/Diversity3';
import DnsIcon from '@mui/icons-material/Dns';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import GroupIcon from '@mui/icons-material/Group';
import HandshakeIcon from '@mui/icons-material/Handshake';
import InboxIcon from '@mui/icons-material/Inbox';
import InsightsIcon from '@mui/icons-material/Insights';
import KeyIcon from '@mui/icons-material/Key';
import LanguageIcon from '@mui/icons-material/Language';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import MoveDownIcon from '@mui/icons-material/MoveDown';
import PaymentsIcon from '@mui/icons-material/Payments';
import RouterIcon from '@mui/icons-material/Router';
import RuleIcon from '@mui/icons-material/Rule';
import SettingsIcon from '@mui/icons-material/Settings';
import SupervisorAccountIcon from '@mui/icons-material/SupervisorAccount';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import VpnKeyIcon from '@mui/icons-material/VpnKey';
import WebhookIcon from '@mui/icons-material/Webhook';

/**
 * The sidebar's icons, by name: the route table (routes.tsx) names them, so it stays free of icon code and the
 * sign-in page, which needs the table but no sidebar, loads none of them (issue 11, console speed).
 */
export const ROUTE_ICONS = {
  AltRoute: AltRouteIcon,
  Block: BlockIcon,
  Business: BusinessIcon,
  Dashboard: DashboardIcon,
  Description: DescriptionIcon,
  Diversity3: Diversity3Icon,
  Dns: DnsIcon,
  FactCheck: FactCheckIcon,
  Group: GroupIcon,
  Handshake: HandshakeIcon,
  Inbox: InboxIcon,
  Insights: InsightsIcon,
  Key: KeyIcon,
  Language: LanguageIcon,
  LinkOff: LinkOffIcon,
  MonitorHeart: MonitorHeartIcon,
  MoveDown: MoveDownIcon,
  Payments: PaymentsIcon,
  Router: RouterIcon,
  Rule: RuleIcon,
  Settings: SettingsIcon,
  SupervisorAccount: SupervisorAccountIcon,
  VerifiedUser: VerifiedUserIcon,
  VpnKey: VpnKeyIcon,
  Webhook: WebhookIcon,
} satisfies Record<string, SvgIconComponent>;

export type RouteIcon = keyof typeof ROUTE_ICONS;
