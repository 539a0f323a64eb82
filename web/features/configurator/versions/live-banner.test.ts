import { describe, expect, it } from 'vitest';
import { de } from '../../../i18n/de.ts';
import { liveBannerText } from './LiveBanner.tsx';

/** The live banner's text: the running chats come as a sentence of their own after the mode's text. */
describe('liveBannerText', () => {
  const running = de.versions.banner.running_other.replace('{{count}}', '5');

  it('is the mode text alone without running chats', () => {
    expect(liveBannerText(de.preflight.liveBanner, null)).toBe(de.preflight.liveBanner);
  });

  it("ends the 'Direkt' phrase with a full stop before the running chats", () => {
    expect(liveBannerText(de.preflight.liveBanner, running)).toBe(
      'Live: Änderungen wirken sofort für neue Antworten. 5 laufende Chats bleiben auf ihrer Version.',
    );
  });

  it('adds no second full stop after a text that ends a sentence', () => {
    expect(liveBannerText(de.versions.banner.publish, running)).toBe(
      `${de.versions.banner.publish} ${running}`,
    );
  });
});
