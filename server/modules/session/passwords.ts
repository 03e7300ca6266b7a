import { RESET_TOKEN_TTL_MINUTES } from '../../../contract/constants';
import type { Language } from '../../../contract/languages';
import type { Db } from '../../db/client';
import { personLanguage, type ServerMessageKey, serverMessage } from '../../i18n';
import { badRequest, forbidden } from '../../lib/errors';
import type { JobPayloads } from '../../lib/jobs';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken, tenantOfToken } from '../../lib/tokens';
import { updateUserRow } from '../../lib/userRows';
import { bumpPeople } from '../../lib/versions';
import type { Jobs } from '../../plugins/jobs';
import type { Mailer } from '../mail/service';
import { listTheme } from '../theme/service';
import {
  consumeResetToken,
  deleteUserSessions,
  expireResetTokens,
  findLoginCandidates,
  findUser,
  insertResetToken,
  insertResetTokens,
  type UserRow,
} from './repository';
import { loginUser, type SessionContext } from './service';

const WELCOME_TOKEN_TTL_MINUTES = 3 * 1440;
const INVALID_RESET_LINK = 'This password reset link is invalid or has expired. Please request a new one.';

/** Each mail's sentences (server/i18n) and how long its link lasts. */
const RESET_MAILS = {
  forgot: {
    subject: 'mail.reset.subject',
    intro: 'mail.forgot.intro',
    minutes: RESET_TOKEN_TTL_MINUTES,
    outro: 'mail.ignore',
  },
  admin: {
    subject: 'mail.reset.subject',
    intro: 'mail.admin.intro',
    minutes: RESET_TOKEN_TTL_MINUTES,
    outro: 'mail.ignore',
  },
  // People added by an import choose their own password; they too may not read it within the hour.
  invite: {
    subject: 'mail.welcome.subject',
    intro: 'mail.invite.intro',
    minutes: WELCOME_TOKEN_TTL_MINUTES,
    outro: 'mail.invite.outro',
  },
  // A new organisation's first administrator may not read the invitation within the hour.
  welcome: {
    subject: 'mail.welcome.subject',
    intro: 'mail.welcome.intro',
    minutes: WELCOME_TOKEN_TTL_MINUTES,
    outro: 'mail.welcome.outro',
  },
} as const satisfies Record<
  string,
  { subject: ServerMessageKey; intro: ServerMessageKey; minutes: number; outro: ServerMessageKey }
>;

/** A reset or welcome mail's subject and text in the recipient's language (issue 31). */
function resetMail(
  user: Pick<UserRow, 'firstname' | 'preferredName'>,
  reason: keyof typeof RESET_MAILS,
  link: string,
  language: Language,
) {
  const mail = RESET_MAILS[reason];
  const say = (key: ServerMessageKey, values?: Record<string, string | number>) =>
    serverMessage(language, key, values);
  const validity =
    mail.minutes % 1440 === 0
      ? say('mail.days', { n: mail.minutes / 1440 })
      : say('mail.minutes', { n: mail.minutes });
  return {
    subject: say(mail.subject),
    text: `${say('mail.hello', { name: user.preferredName ?? user.firstname })}\n\n${say(mail.intro)}\n${say('mail.open_within', { validity })}\n\n${link}\n\n${say(mail.outro)}`,
  };
}

/**
 * Mails the user a single-use link to choose a password. Pass the transaction that created or
 * changed the user, so the token and the outbox row share its fate.
 */
export async function sendResetMail(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  tenantId: number,
  user: UserRow,
  reason: keyof typeof RESET_MAILS,
  /** The asker's language when they are not signed in (forgot-password's Accept-Language). */
  fallback?: Language,
) {
  const mail = RESET_MAILS[reason];
  const { token, hash } = newToken(tenantId);
  await insertResetToken(db, tenantId, user.id, hash, new Date(Date.now() + mail.minutes * 60_000));
  const link = `${publicUrl}/password/reset/${token}`;
  const language = await personLanguage(db, tenantId, user.language, fallback);
  await mailer.send(db, tenantId, { to: user.email, ...resetMail(user, reason, link, language), link });
}

/**
 * Invites people made by a bulk import: each gets a single-use link to choose their password,
 * valid for days. Set-based (tokens, outbox rows and their jobs in a few statements); pass the
 * import's transaction so nothing is mailed if it rolls back.
 */
export async function sendInvitations(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  tenantId: number,
  people: Pick<UserRow, 'id' | 'email' | 'firstname' | 'preferredName'>[],
) {
  const mail = RESET_MAILS.invite;
  const expiresAt = new Date(Date.now() + mail.minutes * 60_000);
  const made = people.map((user) => ({ user, ...newToken(tenantId) }));
  // People just imported have not chosen a language: the tenant's default.
  const language = await personLanguage(db, tenantId, null);
  await insertResetTokens(
    db,
    tenantId,
    made.map(({ user, hash }) => ({ userId: user.id, tokenHash: hash, expiresAt })),
  );
  await mailer.sendMany(
    db,
    tenantId,
    made.map(({ user, token }) => {
      const link = `${publicUrl}/password/reset/${token}`;
      return { to: user.email, ...resetMail(user, 'invite', link, language), link };
    }),
  );
}

/**
 * Forgot-password's request: queues one `password.forgot` job, whatever the address, and answers.
 * Looking the person up, writing their token and their mail is the job's ({@link mailResetLinks}):
 * in the request, a known address took about twice an unknown one’s time (issue 42), which
 * told anyone who asked whether an account exists. Now the answer and its time are the same.
 */
export async function forgotPassword(
  db: Db,
  jobs: Jobs,
  input: { username: string; tenant?: string },
  language?: Language,
) {
  await jobs.send(db, 'password.forgot', { username: input.username, tenant: input.tenant, language });
  return { redirect: '/password/forgotEmailSent' };
}

/**
 * The `password.forgot` job: a reset link to each enabled account the username names, nothing for
 * one that names none. One transaction, so a retried run does not leave a token without its mail.
 */
export async function mailResetLinks(
  db: Db,
  mailer: Mailer,
  publicUrl: string,
  { username, tenant, language }: JobPayloads['password.forgot'],
) {
  await db.transaction(async (tx) => {
    const candidates = await findLoginCandidates(tx, username, tenant);
    for (const { user, tenant } of candidates) {
      if (user.enabled && tenant.enabled)
        await sendResetMail(tx, mailer, publicUrl, tenant.id, user, 'forgot', language);
    }
  });
}

export async function resetPassword(db: Db, input: { token: string; password: string }) {
  const problem = passwordProblem(input.password);
  if (problem) throw badRequest(problem, { password: problem });
  const tenantId = tenantOfToken(input.token);
  if (tenantId === undefined) throw badRequest(INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, tenantId, hashToken(input.token));
    const found = userId === undefined ? undefined : await findUser(tx, tenantId, userId);
    if (!found?.user.enabled) throw badRequest(INVALID_RESET_LINK, { token: INVALID_RESET_LINK });
    await updateUserRow(tx, tenantId, found.user.id, { passwordHash, forceReset: false });
    // A new password ends every session that knew the old one, and every other link mailed for
    // the old one (a link leaked from an old mail must not reset the password again).
    await deleteUserSessions(tx, tenantId, found.user.id);
    await expireResetTokens(tx, tenantId, found.user.id);
    const theme = await listTheme(tx, tenantId);
    // The user row (hash, force_reset) is part of the guard's resolution and the user list.
    await bumpPeople(tx, tenantId, [found.user.id]);
    return { user: loginUser({ ...found.user, forceReset: false }, found.tenant), theme, redirect: '/login' };
  });
}

/**
 * Checks a change of the caller's own password — a forced reset needs only the session, otherwise
 * the current password — and answers the new hash; writes nothing ({@link writeOwnPassword} does).
 */
export async function checkOwnPassword(
  session: SessionContext,
  input: { password: string; current_password?: string },
  canUpdateProfile: boolean,
): Promise<string> {
  const { user } = session;
  if (!user.forceReset) {
    if (!canUpdateProfile) throw forbidden();
    const ok =
      input.current_password !== undefined &&
      (await verifyPassword(input.current_password, user.passwordHash));
    if (!ok)
      throw badRequest('Your current password is not correct', {
        current_password: 'Your current password is not correct',
      });
  }
  const problem = passwordProblem(input.password);
  if (problem) throw badRequest(problem, { password: problem });
  if (await verifyPassword(input.password, user.passwordHash)) {
    const same = 'Choose a password different from the current one';
    throw badRequest(same, { password: same });
  }
  return hashPassword(input.password);
}

/**
 * Sets the caller's own password (checked by {@link checkOwnPassword}) and ends their other
 * sessions and reset links. Call inside the request's transaction, which then bumps `people`.
 */
export async function writeOwnPassword(tx: Db, session: SessionContext, passwordHash: string) {
  const { tenantId, user } = session;
  await updateUserRow(tx, tenantId, user.id, { passwordHash, forceReset: false });
  await deleteUserSessions(tx, tenantId, user.id, { keepSessionId: session.sessionId });
  await expireResetTokens(tx, tenantId, user.id);
}

/**
 * An administrator sends a user a reset link and makes them choose a new password at next sign-in.
 * Call inside the request's transaction, which then bumps `people` (force_reset is the guard's).
 */
export async function adminResetPassword(
  tx: Db,
  mailer: Mailer,
  publicUrl: string,
  tenantId: number,
  user: UserRow,
) {
  await updateUserRow(tx, tenantId, user.id, { forceReset: true });
  await sendResetMail(tx, mailer, publicUrl, tenantId, user, 'admin');
  return { id: user.id, email: user.email, force_reset: true };
}
