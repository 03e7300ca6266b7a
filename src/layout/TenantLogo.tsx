import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SessionUser } from '../session/sessionUser';
import { themeValues } from '../session/theme';

/**
 * The tenant's logo (theme setting 1) or, without one, the tenant's name. `compact` (phones) keeps
 * it to a third of the bar, so the page title fits beside it.
 */
export function TenantLogo({ user, compact = false }: { user: SessionUser; compact?: boolean }) {
  const logo = themeValues(user.themeSettings).logo.trim();
  const [broken, setBroken] = useState(false);
  return (
    <Box
      component={Link}
      to="/"
      aria-label={user.tenant.name}
      sx={{
        display: 'flex',
        alignItems: 'center',
        color: 'inherit',
        textDecoration: 'none',
        mr: compact ? 1 : 2,
        minWidth: 0,
        flexShrink: compact ? 1 : 0,
        maxWidth: compact ? '34%' : undefined,
      }}
    >
      {logo && !broken ? (
        <Box
          component="img"
          src={logo}
          alt={user.tenant.name}
          onError={() => setBroken(true)}
          sx={{
            height: compact ? 28 : 32,
            maxWidth: compact ? '100%' : 160,
            objectFit: 'contain',
            display: 'block',
          }}
        />
      ) : (
        <Typography
          component="span"
          variant={compact ? 'subtitle1' : 'h6'}
          noWrap
          data-testid="tenant-name"
          sx={{ fontWeight: 700 }}
        >
          {user.tenant.name}
        </Typography>
      )}
    </Box>
  );
}
