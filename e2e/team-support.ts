import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { userCreateArgs } from '../server/test/cli-args.ts';
import { apiLogin, cli, createUser, dataDir, type E2eUser, seedAuthorSession } from './support.ts';

/** Helpers of the sharing, account and admin browser tests (issue 5). */

export interface TeamUser extends E2eUser {
  email: string;
  token: string;
}

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}${counter++}@example.org`;

/** A fresh account with a confirmed e-mail address, created through the CLI, and its API token. */
export async function createUserWithEmail(page: Page, prefix: string, admin = false): Promise<TeamUser> {
  const email = uniqueEmail(prefix);
  const username = `${prefix}_${Date.now().toString(36)}${counter++}`;
  const password = 'e2e-password-123';
  const firstName = prefix[0]!.toUpperCase() + prefix.slice(1);
  cli(...userCreateArgs({ username, password, firstName, lastName: 'Test', email, admin }));
  const user: E2eUser = { username, password, firstName: prefix, lastName: 'Test' };
  const { token } = await apiLogin(page.request, user);
  return { ...user, email, token };
}

/** Signs the page in as the user (stored session, as after an earlier login). */
export async function signInAs(page: Page, user: { username: string; password: string }): Promise<string> {
  const tokens = await apiLogin(page.request, { firstName: '', lastName: '', ...user });
  await seedAuthorSession(page, { ...tokens, username: user.username });
  return tokens.token;
}

export async function callApi<T>(page: Page, token: string, path: string, data: object = {}): Promise<T> {
  const res = await page.request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
  return (await res.json()) as T;
}

export async function createDialog(page: Page, token: string, name: string): Promise<string> {
  return (await callApi<{ survey_id: string }>(page, token, '/api/create_survey', { survey_name: name }))
    .survey_id;
}

export { createUser };

/**
 * The link of the newest mail of a kind to an address, read from DATA_DIR/outbox (no SMTP in the e2e
 * server), as path and query so the page stays on the test server's origin.
 */
export async function mailedLink(kind: 'invitation' | 'password_reset' | 'email_validation', to: string) {
  const dir = join(dataDir(), 'outbox');
  let link = '';
  await expect
    .poll(
      async () => {
        let files: string[] = [];
        try {
          files = readdirSync(dir).filter((f) => f.includes(`_${kind}_`) && f.endsWith('.eml'));
        } catch {
          return '';
        }
        for (const file of files.sort().reverse()) {
          const mail = await simpleParser(readFileSync(join(dir, file)));
          const recipients = [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));
          if (!recipients.includes(to)) continue;
          const found = (mail.text ?? '').match(/https?:\/\/\S+\?token=[\w%-]+/);
          if (found) {
            const url = new URL(found[0]);
            link = url.pathname + url.search;
            return link;
          }
        }
        return '';
      },
      { message: `a ${kind} mail to ${to}`, timeout: 10_000 },
    )
    .not.toBe('');
  return link;
}
