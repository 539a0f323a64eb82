import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultThresholds,
  type Familiarity,
  MIN_NONE_EXAMPLES,
  noneDecision,
  routeLimit,
  unsure,
} from './calibration.ts';
import { classify, type Example, train } from './classifier.ts';
import { crossValidate, errorKinds, NONE } from './evaluate.ts';

const branches = (sets: Record<string, string[]>): Example[] =>
  Object.entries(sets).flatMap(([label, texts]) => texts.map((text) => ({ label, text })));

const none = ['weiß nicht', 'keine Ahnung', 'egal', 'kein Kommentar', 'dazu sage ich nichts', 'nix'];
const german = branches({
  Preis: ['zu teuer', 'der Preis ist zu hoch', 'kostet zu viel', 'Gebühren zu hoch', 'Preiserhöhung'],
  Service: [
    'Hotline schlecht',
    'Service unfreundlich',
    'niemand hilft',
    'Kundendienst mies',
    'keine Antwort',
  ],
  Netz: [
    'kein Empfang',
    'Funkloch zu Hause',
    'Netz bricht ab',
    'mobile Daten langsam',
    'schlechte Abdeckung',
  ],
  'keiner davon': none,
});

describe('the none decision', () => {
  it('makes a none class with enough examples an ordinary class, and keeps the rules for a few', () => {
    expect(noneDecision(4, MIN_NONE_EXAMPLES)).toEqual({
      ...defaultThresholds(4, true),
      margin: 0,
      strictForm: false,
    });
    expect(noneDecision(4, MIN_NONE_EXAMPLES - 1)).toEqual({
      ...defaultThresholds(4, true),
      strictForm: true,
    });
    expect(noneDecision(3, 0)).toEqual({ ...defaultThresholds(3), strictForm: true });
  });

  it('turns away unknown answers always, near ties and form-only answers only under the strict rule', () => {
    const ordinary = noneDecision(4, 10);
    const strict = noneDecision(4, 2);
    expect(unsure(ordinary, 0.9, 0.05, 'none')).toBe(true);
    expect(unsure(strict, 0.9, 0.05, 'none')).toBe(true);
    // A near tie: the margin of the strict rule turns it away, the ordinary class takes the best.
    expect(unsure(ordinary, 0.4, 0.39, 'content')).toBe(false);
    expect(unsure(strict, 0.4, 0.39, 'content')).toBe(true);
    // Known only by its form: half-way from the threshold to certainty under the strict rule.
    expect(unsure(ordinary, 0.5, 0.2, 'form')).toBe(false);
    expect(unsure(strict, 0.5, 0.2, 'form')).toBe(true);
    expect(unsure(ordinary, 0.2, 0.1, 'content')).toBe(true);
  });

  it('routes a right top branch known by few words, and sends none answers to none', () => {
    const model = train(german);
    expect(model.strictForm).toBe(false);
    expect(model.thresholds.margin).toBe(0);
    const strict = train(german, { noneClass: false });
    expect(strict.strictForm).toBe(true);
    // Shares only 'zu' and character n-grams with the examples ('Tarif' and 'happig' are new words).
    const text = 'Tarif zu happig';
    expect(classify(model, text).ranking[0]!.label).toBe('Preis');
    expect(classify(model, text).label).toBe('Preis');
    for (const t of ['keine ahnung', 'weiss nicht', '', 'qwrtz plk'])
      expect(classify(model, t).label, t).toBeNull();
  });

  it('routes at every threshold up to the route limit and at none above it, as unsure decides', () => {
    const probability = fc.double({ min: 0, max: 1, noNaN: true });
    const known = fc.constantFrom<Familiarity>('content', 'form', 'none');
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.double({ min: 0, max: 0.1, noNaN: true }),
        probability,
        probability,
        known,
        probability,
        (strictForm, margin, best, second, familiar, threshold) => {
          const decision = { threshold, margin, strictForm };
          const limit = routeLimit(decision, best, second, familiar);
          // At the limit itself the two formulas may round apart.
          fc.pre(Math.abs(threshold - limit) > 1e-9);
          expect(unsure(decision, best, second, familiar)).toBe(threshold > limit);
        },
      ),
    );
  });

  it("gives each cross-validated example's route, which at the model's threshold is its prediction", () => {
    const a = crossValidate(german, 5, 7);
    expect(a.routes).toHaveLength(german.length);
    const threshold = defaultThresholds(4).threshold;
    const right = a.routes!.filter((r) => (r.limit >= threshold ? r.top : NONE) === r.label).length;
    expect(right).toBe(Math.round(a.accuracy * a.examples));
    // A higher threshold sends more examples to none.
    const toNone = (t: number) => a.routes!.filter((r) => r.top === NONE || r.limit < t).length;
    expect(toNone(0.9)).toBeGreaterThan(toNone(threshold));
  });

  it('gives the same cross-validated figures and error kinds for the same seed', () => {
    const a = crossValidate(german, 5, 7);
    expect(crossValidate(german, 5, 7)).toEqual(a);
    const kinds = errorKinds(a);
    const wrong = kinds.branchToNone + kinds.noneToBranch + kinds.branchToBranch;
    expect(wrong).toBe(a.examples - Math.round(a.accuracy * a.examples));
    expect({ accuracy: a.accuracy.toFixed(4), ...kinds }).toMatchInlineSnapshot(`
      {
        "accuracy": "0.5714",
        "branchToBranch": 3,
        "branchToNone": 4,
        "noneToBranch": 2,
      }
    `);
  });
});
