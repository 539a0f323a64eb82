/**
 * The request logger's options: single-use secrets in addresses (the token of a password-reset,
 * registration or e-mail link, opened as /reset_password?token=…) never reach the log.
 */
const SECRET_PARAM = /([?&](?:token|magic_link)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_PARAM, '$1[redacted]');
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function loggerOptions(level: string) {
  return {
    level,
    serializers: {
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
