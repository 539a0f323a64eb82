import { type Language, PRODUCT_NAME } from '../../contract/constants.ts';
import { ROLE_LABELS, type Role } from '../../contract/roles.ts';

/**
 * The texts of every mail: German, English for accounts whose language is 'en'. Each has a plain-text
 * part and an HTML part saying the same, with the link written out in both (mail clients that block
 * buttons still show it).
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const ROLE_LABELS_EN: Record<Role, string> = {
  owner: 'Owner',
  full: 'Full access',
  edit_train: 'Edit + train',
  train: 'Train',
  analyse: 'Analyse',
};

export const roleLabel = (role: Role, language: Language) =>
  language === 'en' ? ROLE_LABELS_EN[role] : ROLE_LABELS[role];

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** "7 Tage", "24 Stunden": whole days from two days on, hours below. */
function validity(ttlMs: number, language: Language): string {
  const days = ttlMs / DAY_MS;
  if (Number.isInteger(days) && days > 1) return language === 'en' ? `${days} days` : `${days} Tage`;
  const hours = Math.max(1, Math.round(ttlMs / HOUR_MS));
  if (language === 'en') return hours === 1 ? '1 hour' : `${hours} hours`;
  return hours === 1 ? '1 Stunde' : `${hours} Stunden`;
}

export interface Layout {
  language: Language;
  subject: string;
  greeting: string;
  /** Paragraphs before the link. */
  intro: string[];
  button: string;
  link: string;
  /** Paragraphs after the link. */
  outro: string[];
}

const SIGNATURE = {
  de: ['Viele Grüße', `Ihr ${PRODUCT_NAME}-Team`],
  en: ['Best regards', `Your ${PRODUCT_NAME} team`],
};

export function render(l: Layout): MailContent {
  const signature = SIGNATURE[l.language];
  const text = [
    l.greeting,
    '',
    ...l.intro.flatMap((p) => [p, '']),
    l.link,
    '',
    ...l.outro.flatMap((p) => [p, '']),
    ...signature,
  ]
    .join('\n')
    .concat('\n');
  const paragraph = (p: string) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`;
  const href = escapeHtml(l.link);
  const html = `<!DOCTYPE html>
<html lang="${l.language}">
<head><meta charset="utf-8"><title>${escapeHtml(l.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#2A2F3A;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<p style="margin:0 0 24px;font-size:20px;font-weight:bold;color:#5ABAB2">${escapeHtml(PRODUCT_NAME)}</p>
${paragraph(l.greeting)}
${l.intro.map(paragraph).join('\n')}
<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:#5ABAB2;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:4px;font-weight:bold">${escapeHtml(l.button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#5f6670;word-break:break-all"><a href="${href}" style="color:#5f6670">${href}</a></p>
${l.outro.map(paragraph).join('\n')}
<p style="margin:24px 0 0">${signature.map(escapeHtml).join('<br>')}</p>
</div>
</body>
</html>
`;
  return { subject: l.subject, text, html };
}

export interface InvitationMailData {
  inviterName: string;
  surveyName: string;
  role: Role;
  link: string;
  ttlMs: number;
  /** The invitee already has an account: sign in and accept instead of registering. */
  accountExists: boolean;
}

export function invitationMail(language: Language, d: InvitationMailData): MailContent {
  const role = roleLabel(d.role, language);
  if (language === 'en') {
    return render({
      language,
      subject: `Invitation to the dialog "${d.surveyName}" – ${PRODUCT_NAME}`,
      greeting: 'Hello,',
      intro: [
        `${d.inviterName} invites you to work on the dialog "${d.surveyName}" in ${PRODUCT_NAME} (permission: ${role}).`,
        d.accountExists
          ? 'Sign in and accept the invitation through this link or on your dashboard:'
          : 'Use this link to create your account and go straight to the dialog:',
      ],
      button: d.accountExists ? 'Accept invitation' : 'Create account',
      link: d.link,
      outro: [
        `The link is valid for ${validity(d.ttlMs, language)} and can be used once.`,
        'If you did not expect this invitation, you can ignore this e-mail.',
      ],
    });
  }
  return render({
    language,
    subject: `Einladung zum Dialog „${d.surveyName}“ – ${PRODUCT_NAME}`,
    greeting: 'Hallo,',
    intro: [
      `${d.inviterName} lädt Sie ein, in ${PRODUCT_NAME} am Dialog „${d.surveyName}“ mitzuarbeiten (Berechtigung: ${role}).`,
      d.accountExists
        ? 'Melden Sie sich an und nehmen Sie die Einladung über diesen Link oder in Ihrem Dashboard an:'
        : 'Über diesen Link legen Sie Ihr Konto an und gelangen direkt zum Dialog:',
    ],
    button: d.accountExists ? 'Einladung annehmen' : 'Konto anlegen',
    link: d.link,
    outro: [
      `Der Link ist ${validity(d.ttlMs, language)} gültig und kann einmal verwendet werden.`,
      'Falls Sie diese Einladung nicht erwartet haben, können Sie diese E-Mail ignorieren.',
    ],
  });
}

export interface AccountMailData {
  username: string;
  firstName: string;
  link: string;
  ttlMs: number;
}

export const greeting = (firstName: string, language: Language) =>
  language === 'en'
    ? firstName
      ? `Hello ${firstName},`
      : 'Hello,'
    : firstName
      ? `Hallo ${firstName},`
      : 'Hallo,';

export function emailValidationMail(language: Language, d: AccountMailData): MailContent {
  if (language === 'en') {
    return render({
      language,
      subject: `Please confirm your e-mail address – ${PRODUCT_NAME}`,
      greeting: greeting(d.firstName, language),
      intro: [
        `please confirm that this e-mail address belongs to your ${PRODUCT_NAME} account ${d.username}:`,
      ],
      button: 'Confirm e-mail address',
      link: d.link,
      outro: [
        `The link is valid for ${validity(d.ttlMs, language)} and can be used once.`,
        'If you did not ask for this, you can ignore this e-mail; your account stays as it is.',
      ],
    });
  }
  return render({
    language,
    subject: `Bitte bestätigen Sie Ihre E-Mail-Adresse – ${PRODUCT_NAME}`,
    greeting: greeting(d.firstName, language),
    intro: [
      `bitte bestätigen Sie, dass diese E-Mail-Adresse zu Ihrem ${PRODUCT_NAME}-Konto ${d.username} gehört:`,
    ],
    button: 'E-Mail-Adresse bestätigen',
    link: d.link,
    outro: [
      `Der Link ist ${validity(d.ttlMs, language)} gültig und kann einmal verwendet werden.`,
      'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Konto bleibt unverändert.',
    ],
  });
}

export function passwordResetMail(language: Language, d: AccountMailData): MailContent {
  if (language === 'en') {
    return render({
      language,
      subject: `Reset your password – ${PRODUCT_NAME}`,
      greeting: greeting(d.firstName, language),
      intro: [
        `a new password was requested for your ${PRODUCT_NAME} account ${d.username}. Set it through this link:`,
      ],
      button: 'Set a new password',
      link: d.link,
      outro: [
        `The link is valid for ${validity(d.ttlMs, language)} and can be used once. Setting a new password signs you out on every device.`,
        'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
      ],
    });
  }
  return render({
    language,
    subject: `Passwort zurücksetzen – ${PRODUCT_NAME}`,
    greeting: greeting(d.firstName, language),
    intro: [
      `für Ihr ${PRODUCT_NAME}-Konto ${d.username} wurde ein neues Passwort angefordert. Über diesen Link legen Sie es fest:`,
    ],
    button: 'Neues Passwort festlegen',
    link: d.link,
    outro: [
      `Der Link ist ${validity(d.ttlMs, language)} gültig und kann einmal verwendet werden. Mit dem neuen Passwort werden Sie auf allen Geräten abgemeldet.`,
      'Falls Sie das nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
    ],
  });
}
