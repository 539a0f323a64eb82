import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import '../../../i18n/index.ts';
import { fillIn } from './graph-a11y.ts';

describe('fillIn', () => {
  it('gives the same text as t() with the values, in both languages', () => {
    const values = [
      { order: 1, type: 'Freitext', text: 'Wie heißt du?' },
      // Values go in as they are: braces, i18next's nesting syntax, markup and empty texts.
      { order: 1000, type: 'Nachricht', text: '{{order}} $t(configurator.types.end) <b>&amp;</b>' },
      { order: 0, type: '', text: '' },
    ];
    for (const lng of ['de', 'en']) {
      const t = i18next.getFixedT(lng);
      const name = fillIn((v) => t('configurator.graph.a11y.block', v), ['order', 'type', 'text']);
      for (const v of values) expect(name(v)).toBe(t('configurator.graph.a11y.block', v));
      const edge = fillIn((v) => t('configurator.graph.a11y.edge', v), ['source', 'target']);
      expect(edge({ source: '#1 Start', target: 'Ende' })).toBe(
        t('configurator.graph.a11y.edge', { source: '#1 Start', target: 'Ende' }),
      );
    }
  });
});
