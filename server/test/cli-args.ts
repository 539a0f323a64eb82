/** An account as `cli user:create` (server/cli.ts) takes it. */
export interface CliAccount {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  email?: string;
  admin?: boolean;
}

/** The arguments of `cli user:create` for the account: the CLI test, the browser tests and a benchmark create accounts so. */
export function userCreateArgs(account: CliAccount): string[] {
  return [
    'user:create',
    ...['--username', account.username, '--password', account.password],
    ...['--first-name', account.firstName, '--last-name', account.lastName],
    ...(account.email ? ['--email', account.email] : []),
    ...(account.admin ? ['--admin'] : []),
  ];
}
