import { randomBytes, randomUUID } from 'node:crypto';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import { findUserById, findUserByUsername, insertUser, normalizeEmail } from '../accounts/queries.ts';
import { bindParticipant } from '../chat/queries.ts';
import type { AppContext } from '../context.ts';
import { findSurveyRef } from '../dialogs/queries.ts';
import { ApiError, badRequest, notFound, unauthorized } from '../http/errors.ts';
import { claimInvitations } from '../sharing/queries.ts';
import { loginLimits, recordLogin, releaseAttempt, takePlaces } from './login-throttle.ts';
import { findUsableMagicLink, invalidMagicLink, markMagicLinkUsed } from './magic-links.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { consumeRefreshToken, issueRefreshToken, revokeFamilyOfToken } from './refresh-tokens.ts';
import { takeSlots } from './request-limits.ts';
import type { Principal } from './tokens.ts';

/**
 * A new access token and refresh token (a new family unless familyId continues one). The access token
 * names the family, so that a logout (which revokes the family) ends it too (guard.ts).
 */
export async function issueTokens(
  ctx: AppContext,
  principal: Principal,
  authTime: number,
  familyId: string = randomUUID(),
) {
  // An author token carries the account's session generation (guard.ts refuses older ones).
  const generation =
    principal.kind === 'author'
      ? (
          await ctx.db
            .selectFrom('users')
            .select('token_generation')
            .where('id', '=', principal.id)
            .executeTakeFirst()
        )?.token_generation
      : undefined;
  const token = await ctx.signer.sign({ ...principal, generation, family: familyId }, authTime);
  const refresh_token = await issueRefreshToken(ctx.db, principal, {
    ttlDays: ctx.config.REFRESH_TOKEN_TTL_DAYS,
    now: ctx.now(),
    authTime,
    familyId,
  });
  return { token, refresh_token };
}

const accountDisabled = () =>
  new ApiError(403, ERROR_TITLES.accountDisabled, 'Dieses Konto ist deaktiviert.');

/**
 * POST /api/login (SPEC §7, §8): 401 wrong credentials, 418 expired password, 429 throttled
 * (login-throttle.ts says which failures count where).
 */
export async function login(ctx: AppContext, input: { username: string; password: string }, ip: string) {
  const now = ctx.now();
  const user = await findUserByUsername(ctx.db, input.username);
  const attempt = { username: input.username, ip, account: user };
  const limits = await loginLimits(ctx.db, ctx.config, attempt, now);
  if (!(await takePlaces(ctx.db, limits, now))) {
    throw new ApiError(429, ERROR_TITLES.tooManyAttempts, MESSAGES.loginTooManyAttempts);
  }
  const ok = await verifyPassword(user?.password_hash, input.password);
  if (!user || !ok) throw unauthorized(MESSAGES.invalidCredentials, ERROR_TITLES.invalidCredentials);
  await releaseAttempt(
    ctx.db,
    limits.map((l) => l.key),
  );
  if (user.disabled) throw accountDisabled();
  const maxAgeDays = ctx.config.PASSWORD_MAX_AGE_DAYS;
  const tooOld = maxAgeDays > 0 && now - user.password_changed_at > maxAgeDays * 86_400_000;
  if (user.password_expired || tooOld) {
    throw new ApiError(418, ERROR_TITLES.passwordExpired, MESSAGES.loginPasswordExpired);
  }
  await recordLogin(ctx.db, { ...attempt, account: user }, now);
  const tokens = await issueTokens(ctx, { kind: 'author', id: user.id, fresh: true }, now);
  return {
    success: true,
    firstName: user.first_name,
    lastName: user.last_name,
    user_id: user.id,
    ...tokens,
  };
}

/** POST /api/refresh: rotates the refresh token; the new access token is never fresh. */
export async function refresh(ctx: AppContext, refreshToken: string) {
  const now = ctx.now();
  const { subject, familyId, authTime } = await consumeRefreshToken(ctx.db, refreshToken, now);
  if (subject.kind === 'author') {
    const user = await findUserById(ctx.db, subject.id);
    if (!user) throw unauthorized('Die Sitzung ist abgelaufen. Bitte erneut anmelden.');
    if (user.disabled) throw unauthorized('Dieses Konto ist deaktiviert.', ERROR_TITLES.accountDisabled);
  }
  return issueTokens(ctx, { kind: subject.kind, id: subject.id, fresh: false }, authTime, familyId);
}

export async function logout(ctx: AppContext, refreshToken: string | undefined) {
  if (refreshToken) await revokeFamilyOfToken(ctx.db, refreshToken, ctx.now());
  return { success: true, msg: 'success' };
}

/** POST /api/verify-token: who the bearer is (route guard, SPEC §5). */
export async function describePrincipal(ctx: AppContext, principal: Principal) {
  if (principal.kind === 'author') {
    const user = await findUserById(ctx.db, principal.id);
    if (!user) throw unauthorized(MESSAGES.loggedOut);
    return {
      success: true,
      kind: principal.kind,
      user_id: user.id,
      username: user.username,
      firstName: user.first_name,
      lastName: user.last_name,
      is_admin: user.is_admin === 1,
    };
  }
  const participant = await ctx.db
    .selectFrom('participants')
    .select(['id', 'username_live'])
    .where('id', '=', principal.id)
    .executeTakeFirst();
  if (!participant) throw unauthorized(MESSAGES.loggedOut);
  return {
    success: true,
    kind: principal.kind,
    user_id: participant.id,
    username: participant.username_live,
    firstName: '',
    lastName: '',
    is_admin: false,
  };
}

/** POST /api/register_live and register_live_list: one anonymous participant for the given dialogs. */
export async function registerLive(ctx: AppContext, surveyIds: string[], ip: string) {
  await takeSlots(ctx, [{ key: `live:${ip}`, max: ctx.config.LIVE_REGISTRATIONS_PER_ADDRESS }]);
  const surveys: number[] = [];
  for (const id of new Set(surveyIds)) {
    const survey = await findSurveyRef(ctx.db, id);
    if (!survey) throw notFound(`Dialog ${id} nicht gefunden.`);
    surveys.push(survey.id);
  }
  const now = ctx.now();
  const usernameLive = `live_${randomBytes(12).toString('base64url')}`;
  const row = await ctx.db
    .insertInto('participants')
    .values({ username_live: usernameLive, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await bindParticipant(ctx.db, row.id, surveys, now);
  const tokens = await issueTokens(ctx, { kind: 'live', id: row.id, fresh: false }, now);
  return {
    success: true,
    username_live: usernameLive,
    token_live: tokens.token,
    refresh_token_live: tokens.refresh_token,
    user_id: row.id,
  };
}

/** POST /api/magic_link: says what a link is for, without using it up. */
export async function inspectMagicLink(ctx: AppContext, token: string) {
  const link = await findUsableMagicLink(ctx.db, token, ctx.now());
  if (!link || (link.purpose !== 'registration' && link.purpose !== 'invitation')) throw invalidMagicLink();
  const survey = link.survey_id
    ? await ctx.db
        .selectFrom('surveys')
        .select('survey_id')
        .where('id', '=', link.survey_id)
        .executeTakeFirst()
    : undefined;
  const existing = await ctx.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', link.email.toLowerCase()))
    .executeTakeFirst();
  return {
    success: true,
    purpose: link.purpose,
    email: link.email,
    account_exists: existing !== undefined,
    survey_id: survey?.survey_id ?? null,
  };
}

/** POST /api/magic_link_registration: creates the account a link invites to, then signs it in. */
export async function registerWithMagicLink(
  ctx: AppContext,
  input: { username: string; firstName: string; lastName: string; password: string; magic_link: string },
) {
  const now = ctx.now();
  const link = await findUsableMagicLink(ctx.db, input.magic_link, now);
  if (!link || (link.purpose !== 'registration' && link.purpose !== 'invitation')) throw invalidMagicLink();
  if (await findUserByUsername(ctx.db, input.username)) {
    throw badRequest('Dieser Benutzername ist bereits vergeben.', ERROR_TITLES.usernameExists);
  }
  const emailTaken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', link.email.toLowerCase()))
    .executeTakeFirst();
  if (emailTaken) {
    throw badRequest(
      'Für diese E-Mail-Adresse gibt es bereits ein Konto. Bitte anmelden.',
      ERROR_TITLES.conflict,
    );
  }
  const passwordHash = await hashPassword(input.password);
  const result = await ctx.db.transaction().execute(async (trx) => {
    if (!(await markMagicLinkUsed(trx, link.id, now))) return undefined;
    const userId = await insertUser(trx, {
      username: input.username,
      email: link.email,
      emailVerified: true,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash,
      isAdmin: false,
      now,
    });
    // Other dialogs may have invited the same address: they show on the new account's dashboard.
    await claimInvitations(trx, userId, normalizeEmail(link.email));
    let surveyPublicId: string | null = null;
    if (link.survey_id !== null) {
      await trx
        .updateTable('members')
        .set({ user_id: userId, invite_accepted: 1 })
        .where('survey_id', '=', link.survey_id)
        .where((eb) => eb(eb.fn('lower', ['name']), '=', link.email.toLowerCase()))
        .execute();
      const survey = await trx
        .selectFrom('surveys')
        .select('survey_id')
        .where('id', '=', link.survey_id)
        .executeTakeFirst();
      surveyPublicId = survey?.survey_id ?? null;
    }
    return { userId, surveyPublicId };
  });
  if (!result) throw invalidMagicLink();
  const tokens = await issueTokens(ctx, { kind: 'author', id: result.userId, fresh: true }, now);
  return {
    success: true,
    msg: 'success',
    user_id: result.userId,
    firstName: input.firstName,
    lastName: input.lastName,
    survey_id: result.surveyPublicId,
    ...tokens,
  };
}
