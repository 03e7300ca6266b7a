import Divider from '@mui/material/Divider';
import { LoadingIndicator, AppBar as RaAppBar, TitlePortal, useTranslate } from 'react-admin';
import { useIsMobile } from '../hooks/useIsMobile';
import { useSessionUser } from '../hooks/useSession';
import { AppUserMenu } from './AppUserMenu';
import { NotificationBell } from './notifications/NotificationBell';
import { PositionSwitcher } from './PositionSwitcher';
import { TenantLogo } from './TenantLogo';

/** Tenant logo, page title, position switcher and user menu; the colours come from the tenant theme. */
export function AppBar() {
  const user = useSessionUser();
  const isMobile = useIsMobile();
  const translate = useTranslate();
  return (
    // Always on: it holds the page's one h1, which a bar that slides away on scroll would hide
    // from screen readers (axe: page-has-heading-one), and the bell and the switcher stay in reach.
    <RaAppBar
      alwaysOn
      color="primary"
      userMenu={<AppUserMenu />}
      toolbar={<LoadingIndicator />}
      aria-label={translate('shell.header')}
    >
      {user && <TenantLogo user={user} compact={isMobile} />}
      {/* Pages render their <Title> here, the page's one h1; on phones it shares the bar with a smaller logo. */}
      <Divider
        orientation="vertical"
        flexItem
        sx={{ borderColor: 'currentColor', opacity: 0.3, my: 1.5, mr: isMobile ? 1 : 2 }}
      />
      <TitlePortal
        component="h1"
        sx={{
          minWidth: 0,
          opacity: 0.9,
          fontWeight: 400,
          fontSize: isMobile ? '1rem' : undefined,
        }}
      />
      {user && <PositionSwitcher user={user} />}
      {user && !user.isAdminTenant && <NotificationBell />}
    </RaAppBar>
  );
}
