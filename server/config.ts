import { z } from 'zod';

/** Every environment variable of the server, parsed once (ARCHITECTURE.md, "Configuration"). */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const intWithDefault = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? String(fallback) : v))
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const configSchema = z.object({
  PORT: intWithDefault(3000, 0, 65535),
  HOST: optionalString.transform((v) => v ?? '0.0.0.0'),
  DATA_DIR: optionalString.transform((v) => v ?? './data'),
  DATABASE_URL: optionalString,
  JWT_SECRET: optionalString,
  PUBLIC_URL: optionalString,
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString.transform((v) => v ?? 'Dialogwerk <no-reply@dialogwerk.local>'),
  LLM_BASE_URL: optionalString,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  REDIS_URL: optionalString,
  MULTICHAT_FLOW_ID: intWithDefault(3, 1, 2_000_000_000),
  MULTICHAT_AUFDERFLUCHT_ID: intWithDefault(4, 1, 2_000_000_000),
  PASSWORD_MAX_AGE_DAYS: intWithDefault(0, 0, 36500),
  ACCESS_TOKEN_TTL_SECONDS: intWithDefault(900, 10, 86400),
  REFRESH_TOKEN_TTL_DAYS: intWithDefault(30, 1, 3650),
  FRESH_TOKEN_MINUTES: intWithDefault(15, 1, 1440),
  LOGIN_MAX_FAILURES: intWithDefault(5, 1, 1000),
  LOGIN_MAX_FAILURES_PER_ADDRESS: intWithDefault(30, 1, 100000),
  LOGIN_WINDOW_SECONDS: intWithDefault(900, 1, 86400),
  // Mails a user can request for one account or address per LOGIN_WINDOW_SECONDS (reset, validation).
  MAIL_MAX_PER_WINDOW: intWithDefault(5, 1, 1000),
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** Trainings running at once per process; each takes a core (worker thread) while it runs. */
  TRAINING_MAX_PARALLEL: intWithDefault(2, 1, 64),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  CONTENT_DIR: optionalString,
  // The info pages name the operator (Impressum per § 5 DDG); the defaults make a missing value obvious.
  OPERATOR_NAME: optionalString.transform((v) => v ?? 'Betreiber (OPERATOR_NAME setzen)'),
  OPERATOR_ADDRESS: optionalString.transform((v) => v ?? 'Anschrift (OPERATOR_ADDRESS setzen)'),
  OPERATOR_EMAIL: optionalString.transform((v) => v ?? 'E-Mail-Adresse (OPERATOR_EMAIL setzen)'),
  OPERATOR_PHONE: optionalString.transform((v) => v ?? 'Telefonnummer (OPERATOR_PHONE setzen)'),
  SEED_DEMO: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
