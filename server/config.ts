import { isIP } from 'node:net';
import { z } from 'zod';

/** Every environment variable of the server, parsed once (documented in README.md, "Configuration"). */
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

/**
 * TRUST_PROXY says which X-Forwarded-For entries to believe. Each proxy appends the address it got the
 * request from; entries left of those our own proxies added come from the client, who can write
 * anything there (trusting every entry let any client choose the address the per-address limits count).
 * - a number n: the n proxies nearest to the server (1: one reverse proxy in front); only for a server
 *   that nothing but those proxies can reach, since the peer is trusted whoever it is;
 * - a comma-separated list of proxy addresses or CIDR ranges (or proxy-addr's loopback, linklocal,
 *   uniquelocal): entries added by those;
 * - 'true' is 1 (it used to trust every entry); unset, '0' and 'false' trust none.
 * Undefined for anything else.
 */
export type TrustProxy = false | number | string[];

const MAX_PROXY_HOPS = 32;
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUST_PROXY_ERROR =
  'muss false, true, eine Anzahl von Proxys (1–32) oder eine Liste von Proxy-Adressen bzw. CIDR-Bereichen sein';

export function parseTrustProxy(value: string | undefined): TrustProxy | undefined {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_PROXY_HOPS) return undefined;
    return hops > 0 ? hops : false;
  }
  const entries = value.split(',').map((e) => e.trim());
  return entries.every(isProxyRange) ? entries : undefined;
}

/** An address, an address/prefix or a range name, as proxy-addr reads them (checked here so that a typo stops the start). */
function isProxyRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's trustProxy option. A hop count becomes a function because Fastify trusts no entry at all
 * for a bare number (it cannot tell whether the peer is a proxy). proxy-addr numbers the hops from the
 * server: 0 is the peer, 1 the entry it appended, and the client is the first address not trusted.
 */
export function trustProxyOption(
  value: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value !== 'number') return value;
  return (_address, hop) => hop < value;
}

export const configSchema = z.object({
  PORT: intWithDefault(3000, 0, 65535),
  HOST: optionalString.transform((v) => v ?? '0.0.0.0'),
  DATA_DIR: optionalString.transform((v) => v ?? './data'),
  DATABASE_URL: optionalString,
  // HS256 needs a key as long as its hash (32 bytes); a short one can be guessed from a token.
  JWT_SECRET: optionalString.pipe(z.string().min(32, 'mindestens 32 Zeichen').optional()),
  // Links in mails and social meta tags start with it: a typo would send every link nowhere.
  PUBLIC_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: 'muss eine http- oder https-Adresse sein' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  SMTP_URL: optionalString,
  MAIL_FROM: optionalString.transform((v) => v ?? 'Dialogwerk <no-reply@dialogwerk.local>'),
  LLM_BASE_URL: optionalString,
  LLM_API_KEY: optionalString,
  LLM_MODEL: optionalString,
  /** One LLM request (each of its two attempts) gives up after this long. */
  LLM_TIMEOUT_MS: intWithDefault(15_000, 100, 600_000),
  /** LLM requests under way at once per process; a chat turn that needs one more answers 503 server_busy. */
  LLM_MAX_PARALLEL: intWithDefault(4, 1, 256),
  /**
   * Embeddings for routing free-text answers (any OpenAI-compatible /v1/embeddings): the model's name;
   * its server and key default to the language model's. Requests share LLM_TIMEOUT_MS and a limit of
   * LLM_MAX_PARALLEL of their own.
   */
  EMBEDDINGS_MODEL: optionalString,
  EMBEDDINGS_BASE_URL: optionalString,
  EMBEDDINGS_API_KEY: optionalString,
  MULTICHAT_FLOW_ID: intWithDefault(3, 1, 2_000_000_000),
  MULTICHAT_AUFDERFLUCHT_ID: intWithDefault(4, 1, 2_000_000_000),
  /**
   * SPEC §9 game mode: the games (/flow, /aufderflucht, /multi_live) load chat media (/media/…) from this
   * host (e.g. a CDN); unset: from this server, as every other chat does.
   */
  GAME_MEDIA_BASE_URL: optionalString.pipe(
    z
      // https only: the pages' Content-Security-Policy loads media from https: origins besides our own.
      .url({ protocol: /^https$/, error: 'muss eine https-Adresse sein' })
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  ),
  PASSWORD_MAX_AGE_DAYS: intWithDefault(0, 0, 36500),
  ACCESS_TOKEN_TTL_SECONDS: intWithDefault(900, 10, 86400),
  REFRESH_TOKEN_TTL_DAYS: intWithDefault(30, 1, 3650),
  FRESH_TOKEN_MINUTES: intWithDefault(15, 1, 1440),
  /** Failed logins per account and address (login-throttle.ts has the whole rule). */
  LOGIN_MAX_FAILURES: intWithDefault(5, 1, 1000),
  LOGIN_MAX_FAILURES_PER_ADDRESS: intWithDefault(30, 1, 100000),
  /** Failed logins per account from addresses it has not signed in from lately. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: intWithDefault(50, 1, 100000),
  LOGIN_WINDOW_SECONDS: intWithDefault(900, 1, 86400),
  // Anonymous participants one client address may register per LOGIN_WINDOW_SECONDS (a school class or
  // an office shares one address, so the default is generous; it stops scripted mass registration).
  LIVE_REGISTRATIONS_PER_ADDRESS: intWithDefault(600, 1, 1_000_000),
  // Mails a user can request for one account or address per LOGIN_WINDOW_SECONDS (reset, validation).
  MAIL_MAX_PER_WINDOW: intWithDefault(5, 1, 1000),
  /** Calls one personal API key may make per minute (all server processes together); beyond: 429. */
  API_KEY_REQUESTS_PER_MINUTE: intWithDefault(60, 1, 100_000),
  /**
   * Webhook addresses may resolve to private, loopback or link-local networks (and use http): only for
   * an operator whose receivers live there, and for tests that receive on 127.0.0.1.
   */
  WEBHOOK_ALLOW_PRIVATE: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
  /** 0: this process sends no webhooks (another process of the same database does). */
  WEBHOOK_WORKER: z
    .enum(['0', '1', 'true', 'false'])
    .optional()
    .transform((v) => v !== '0' && v !== 'false'),
  /** How often the webhook worker looks for due deliveries (a new event waits at most this long). */
  WEBHOOK_POLL_MS: intWithDefault(1000, 10, 600_000),
  /** Failed attempts in a row after which a webhook is switched off with a notice. */
  WEBHOOK_DISABLE_AFTER: intWithDefault(15, 1, 10_000),
  /** Which X-Forwarded-For entries name the client (see parseTrustProxy). */
  TRUST_PROXY: optionalString.transform((v, ctx) => {
    const parsed = parseTrustProxy(v);
    if (parsed === undefined) ctx.addIssue({ code: 'custom', message: TRUST_PROXY_ERROR });
    return parsed ?? false;
  }),
  /** Trainings running at once per process; each takes a core (worker thread) while it runs. */
  TRAINING_MAX_PARALLEL: intWithDefault(2, 1, 64),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: optionalString,
  /**
   * Where media files live: 'local' (DATA_DIR/media) or 's3', an S3-compatible bucket (AWS S3, MinIO,
   * Ceph, Garage, R2) that every server process reaches: S3_BUCKET, S3_REGION, S3_ENDPOINT (not for AWS),
   * S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (or the SDK's usual sources).
   */
  MEDIA_STORE: z.enum(['local', 's3'], { error: "muss 'local' oder 's3' sein" }).default('local'),
  S3_ENDPOINT: optionalString.pipe(
    z.url({ protocol: /^https?$/, error: 'muss eine http(s)-Adresse sein' }).optional(),
  ),
  S3_REGION: optionalString.transform((v) => v ?? 'us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** How often each process tries the retention job (server/retention/; one process runs it); 0: never. */
  RETENTION_INTERVAL_MINUTES: intWithDefault(60, 0, 10_080),
  /** Bearer token of /metrics; metrics are off unless it or METRICS_BIND is set (http/metrics.ts). */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16, 'mindestens 16 Zeichen').optional()),
  /** host:port of a server of its own for /metrics, e.g. 127.0.0.1:9464. */
  METRICS_BIND: optionalString.pipe(
    z
      .string()
      .regex(/^(\[[0-9a-fA-F:.]+\]|[^:\s]+):\d{1,5}$/, 'muss Adresse:Port sein')
      .optional(),
  ),
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
  /**
   * The seeded demo author's password instead of a random one printed once: for automated runs (the
   * browser tests) that must sign in as the demo author. Never set in production.
   */
  DEMO_PASSWORD: optionalString.pipe(z.string().min(8, 'mindestens 8 Zeichen').optional()),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema
    .refine((c) => c.MEDIA_STORE !== 's3' || c.S3_BUCKET !== undefined, {
      path: ['S3_BUCKET'],
      message: 'fehlt (MEDIA_STORE=s3)',
    })
    .safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** A language model is configured when both its server and its model are named (LLM_API_KEY is optional). */
export function llmModel(config: Pick<Config, 'LLM_BASE_URL' | 'LLM_MODEL'>): string | null {
  return config.LLM_BASE_URL !== undefined && config.LLM_MODEL !== undefined ? config.LLM_MODEL : null;
}

/** Where embeddings come from: EMBEDDINGS_MODEL on its own server, else on the language model's; null: none. */
export function embeddingsTarget(
  config: Pick<
    Config,
    'EMBEDDINGS_MODEL' | 'EMBEDDINGS_BASE_URL' | 'EMBEDDINGS_API_KEY' | 'LLM_BASE_URL' | 'LLM_API_KEY'
  >,
): { model: string; baseURL: string; apiKey: string | undefined } | null {
  const baseURL = config.EMBEDDINGS_BASE_URL ?? config.LLM_BASE_URL;
  if (config.EMBEDDINGS_MODEL === undefined || baseURL === undefined) return null;
  // The language model's key goes only to the language model's server.
  const apiKey =
    config.EMBEDDINGS_API_KEY ?? (config.EMBEDDINGS_BASE_URL === undefined ? config.LLM_API_KEY : undefined);
  return { model: config.EMBEDDINGS_MODEL, baseURL, apiKey };
}
