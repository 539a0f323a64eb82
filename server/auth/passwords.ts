import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id with OWASP's recommended cost (19 MiB, 2 passes).
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/** A fixed hash so that an unknown username costs as much time as a wrong password. */
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (storedHash === undefined) {
    dummyHash ??= hash('dialogwerk-timing-equaliser');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
