/** Texts of the webhook answers and notices. */
export const WEBHOOK_ERRORS = {
  notFound: 'Diesen Webhook gibt es nicht.',
  deliveryNotFound: 'Diese Zustellung gibt es nicht.',
  httpsOnly: 'url: muss eine https-Adresse sein',
  unresolvable: 'url: die Adresse lässt sich nicht auflösen',
  privateAddress: 'url: die Adresse führt in ein privates oder lokales Netz',
  disabled: (failures: number) =>
    `Nach ${failures} fehlgeschlagenen Zustellungen in Folge abgeschaltet. Bitte Adresse prüfen und wieder einschalten.`,
} as const;
