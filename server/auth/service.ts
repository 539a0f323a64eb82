import { randomBytes, randomUUID } from 'node:crypto';
import { ERROR_TITLES, MESSAGES } from '../../contract/errors.ts';
import type { AppContext } from '../context.ts';
import { ApiError, notFound, unauthorized } from '../http/errors.ts';
import { loginLimits, recordLogin, releaseAttempt, takePlaces } from './login-throttle.ts';
import { bindParticipant, findParticipant, findSurveyId, insertParticipant } from './participant-queries.ts';
import { verifyPassword } from './passwords.ts';
import { consumeRefreshToken, issueRefreshToken, revokeFamilyOfToken } from './refresh-tokens.ts';
import { takeSlots } from './request-limits.ts';
import type { Principal } from './tokens.ts';
import { findUserById, findUserByUsername, tokenGeneration } from './users-queries.ts';

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
  const generation = principal.kind === 'author' ? await tokenGeneration(ctx.db, principal.id) : undefined;
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
  const names = await namesOf(ctx, principal);
  if (!names) throw unauthorized(MESSAGES.loggedOut);
  return { success: true, kind: principal.kind, user_id: principal.id, ...names };
}

/** The bearer's names: an author's account, or a live participant's generated name; undefined once deleted. */
async function namesOf(ctx: AppContext, principal: Principal) {
  if (principal.kind === 'author') {
    const user = await findUserById(ctx.db, principal.id);
    return (
      user && {
        username: user.username,
        firstName: user.first_name,
        lastName: user.last_name,
        is_admin: user.is_admin === 1,
      }
    );
  }
  const participant = await findParticipant(ctx.db, principal.id);
  return participant && { username: participant.username_live, firstName: '', lastName: '', is_admin: false };
}

/** POST /api/register_live and register_live_list: one anonymous participant for the given dialogs. */
export async function registerLive(ctx: AppContext, surveyIds: string[], ip: string) {
  await takeSlots(ctx, [{ key: `live:${ip}`, max: ctx.config.LIVE_REGISTRATIONS_PER_ADDRESS }]);
  const surveys: number[] = [];
  for (const id of new Set(surveyIds)) {
    const survey = await findSurveyId(ctx.db, id);
    if (survey === undefined) throw notFound(`Dialog ${id} nicht gefunden.`);
    surveys.push(survey);
  }
  const now = ctx.now();
  const usernameLive = `live_${randomBytes(12).toString('base64url')}`;
  const participantId = await insertParticipant(ctx.db, usernameLive, now);
  await bindParticipant(ctx.db, participantId, surveys, now);
  const tokens = await issueTokens(ctx, { kind: 'live', id: participantId, fresh: false }, now);
  return {
    success: true,
    username_live: usernameLive,
    token_live: tokens.token,
    refresh_token_live: tokens.refresh_token,
    user_id: participantId,
  };
}
