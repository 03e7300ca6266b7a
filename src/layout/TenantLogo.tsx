import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { SessionUser } from '../providers/sessionUser';
import { themeValues } from '../providers/theme';

/** The tenant's logo (theme setting 1) or, without one, the tenant's name. */
export function TenantLogo({ user }: { user: SessionUser }) {
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
        mr: 2,
        minWidth: 0,
      }}
    >
      {logo && !broken ? (
        <Box
          component="img"
          src={logo}
          alt={user.tenant.name}
          onError={() => setBroken(true)}
          sx={{ height: 32, maxWidth: 160, objectFit: 'contain', display: 'block' }}
        />
      ) : (
        <Typography component="span" variant="h6" noWrap data-testid="tenant-name" sx={{ fontWeight: 700 }}>
          {user.tenant.name}
        </Typography>
      )}
    </Box>
  );
}
