import { type Language, PRODUCT_NAME } from '../../contract/constants.ts';
import { greeting, type MailContent, render } from './templates.ts';

/** The notice that a dialog's webhook was switched off after failing again and again. */
export interface WebhookDisabledMailData {
  firstName: string;
  surveyName: string;
  url: string;
  reason: string;
  link: string;
}

export function webhookDisabledMail(language: Language, d: WebhookDisabledMailData): MailContent {
  if (language === 'en') {
    return render({
      language,
      subject: `Webhook switched off: ${d.surveyName} – ${PRODUCT_NAME}`,
      greeting: greeting(d.firstName, language),
      intro: [
        `the webhook ${d.url} of your dialog "${d.surveyName}" did not accept its deliveries and was switched off.`,
        d.reason,
        "Events are kept; once the receiver works again, switch the webhook on in the dialog's settings and send the waiting deliveries again.",
      ],
      button: 'Open the dialog',
      link: d.link,
      outro: [],
    });
  }
  return render({
    language,
    subject: `Webhook abgeschaltet: ${d.surveyName} – ${PRODUCT_NAME}`,
    greeting: greeting(d.firstName, language),
    intro: [
      `der Webhook ${d.url} Ihres Dialogs „${d.surveyName}“ hat die Zustellungen nicht angenommen und wurde abgeschaltet.`,
      d.reason,
      'Ereignisse bleiben erhalten: Sobald der Empfänger wieder funktioniert, schalten Sie den Webhook in den Einstellungen des Dialogs wieder ein und senden die wartenden Zustellungen erneut.',
    ],
    button: 'Dialog öffnen',
    link: d.link,
    outro: [],
  });
}
