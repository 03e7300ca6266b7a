import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { type FormEvent, useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { SsoDiscoverData } from '../../../contract/api/sso';
import { SSO_ERRORS } from '../../../contract/ssoErrors';
import { translate } from '../../i18n/translate';
import { authProvider } from '../../providers/authProvider';
import { apiFetch } from '../../providers/httpClient';
import { guard } from '../../routing/guard';
import { clearSession } from '../../session/sessionStore';
import { hasToken } from '../../session/tokenCookie';
import { EntryLayout } from './EntryLayout';
import { PasswordField } from './PasswordField';
import { UsernameField } from './UsernameField';

/** The `?error=` values of spec §2 / §8 (and of a single sign-on sent back here) and their texts. */
const ERROR_MESSAGES: Record<string, string> = {
  no_active_workspace: 'auth.error_no_active_workspace',
  ...Object.fromEntries(SSO_ERRORS.map((reason) => [reason, `auth.error_${reason}`])),
};

export interface LoginNotice {
  notice?: 'password_reset_done';
}

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [tokenAtEntry] = useState(hasToken);
  // What the e-mail's domain offers (single sign-on, a password or both), asked once per address.
  const [offer, setOffer] = useState<{ username: string; data: SsoDiscoverData }>();
  const [passwordAnyway, setPasswordAnyway] = useState(false);

  // Spec §4: arriving at /login drops the verified flag, so whoever signs in next is verified afresh.
  useEffect(() => {
    clearSession();
  }, []);

  const decision = guard({ pathname: '/login', hasToken: tokenAtEntry, forcedReset: false, user: undefined });
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;

  const errorKey = ERROR_MESSAGES[params.get('error') ?? ''];
  const notice = (location.state as LoginNotice | null)?.notice;

  const discover = async (address: string): Promise<SsoDiscoverData | undefined> => {
    const wanted = address.trim();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(wanted)) return undefined;
    if (offer?.username === wanted) return offer.data;
    try {
      const data = await apiFetch<SsoDiscoverData>('/api/sso/discover', { query: { username: wanted } });
      setOffer({ username: wanted, data });
      setPasswordAnyway(false);
      return data;
    } catch {
      // Without an answer the password sign-in stays, as before single sign-on.
      return undefined;
    }
  };
  const current = offer?.username === username.trim() ? offer.data : undefined;
  const sso = current?.sso && current.start_url ? current : undefined;
  const showPassword = !sso || sso.password || passwordAnyway;

  const continueWithProvider = (startUrl: string) => {
    setSubmitting(true);
    window.location.assign(startUrl);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = username.trim() ? await discover(username) : undefined;
    if (found?.sso && found.start_url && (!password || !(found.password || passwordAnyway))) {
      continueWithProvider(found.start_url);
      return;
    }
    if (!username.trim() || !password) {
      setError(translate('auth.required'));
      return;
    }
    setSubmitting(true);
    setError(undefined);
    try {
      const { redirectTo } = await authProvider.login({ username, password });
      navigate(redirectTo, { replace: true });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
      setSubmitting(false);
    }
  };

  return (
    <EntryLayout title={translate('auth.sign_in_title')} subtitle={translate('auth.sign_in_subtitle')}>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        spacing={0.5}
        aria-label={translate('auth.sign_in')}
      >
        {errorKey && !error && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {translate(errorKey)}
          </Alert>
        )}
        {notice === 'password_reset_done' && !error && (
          <Alert severity="success" sx={{ mb: 1 }} role="status">
            {translate('auth.password_reset_done')}
          </Alert>
        )}
        {error && (
          <Alert severity="error" sx={{ mb: 1 }} role="alert">
            {error}
          </Alert>
        )}
        <UsernameField
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          onBlur={() => void discover(username)}
        />
        {sso && (
          <Button
            href={sso.start_url!}
            variant="contained"
            size="large"
            disabled={submitting}
            sx={{ mt: 2 }}
            onClick={() => setSubmitting(true)}
          >
            {translate('auth.sso_continue', {
              provider: sso.provider_name || translate('auth.sso_provider'),
            })}
          </Button>
        )}
        {sso && !showPassword && (
          <Link
            component="button"
            type="button"
            variant="body2"
            sx={{ alignSelf: 'center', mt: 2 }}
            onClick={() => setPasswordAnyway(true)}
          >
            {translate('auth.sso_password_instead')}
          </Link>
        )}
        {showPassword && (
          <>
            <PasswordField
              label={translate('auth.password')}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={submitting}
              sx={{ mt: 2 }}
              startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
            >
              {translate('auth.sign_in')}
            </Button>
          </>
        )}
        <Link
          component={RouterLink}
          to="/password/forgot"
          variant="body2"
          sx={{ alignSelf: 'center', mt: 2 }}
        >
          {translate('auth.forgot_link')}
        </Link>
      </Stack>
    </EntryLayout>
  );
}
