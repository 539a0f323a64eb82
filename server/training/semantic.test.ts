import { describe, expect, it } from 'vitest';
import { conceptUnit, examplesOf, WORK_EXAMPLES } from '../test/concept-embeddings.ts';
import { classify, train } from './classifier.ts';
import {
  centroids,
  classifySemantic,
  fitSemantic,
  trainSemantic,
  vectorFromText,
  vectorToText,
} from './semantic.ts';

const examples = examplesOf(WORK_EXAMPLES);
const vectors = examples.map((e) => conceptUnit(e.text));

/** Vectors that carry no meaning: seeded noise of the same length. */
function noise(seed: number, dims: number): Float32Array {
  let a = seed;
  const v = Float32Array.from({ length: dims }, () => {
    a = (a * 1103515245 + 12345) % 2147483648;
    return a / 2147483648 - 0.5;
  });
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

describe('embeddings combined with the lexical model', () => {
  it('stores vectors losslessly as float32 base64', () => {
    const v = conceptUnit('Kohle und Chef');
    expect([...vectorFromText(vectorToText(v))]).toEqual([...v]);
  });

  it('makes each centroid a unit vector of its label', () => {
    const dims = vectors[0]!.length;
    const labels = ['Bezahlung', 'Führung'];
    const c = centroids(labels, examples, vectors, dims);
    for (let k = 0; k < labels.length; k++) {
      expect(Math.hypot(...c.slice(k * dims, (k + 1) * dims))).toBeCloseTo(1, 5);
    }
  });

  it('chooses a weight above 0 by cross-validation when the embeddings know what the examples do not', () => {
    const fit = fitSemantic(examples, vectors, 5, 1);
    const lexical = fit.tried.find((t) => t.weight === 0)!;
    expect(fit.weight).toBeGreaterThan(0);
    expect(fit.evaluation.accuracy).toBeGreaterThan(lexical.accuracy);
    // Fixed seed, fixed figures: the lexical model alone and the chosen mix on held-out examples.
    expect(lexical.accuracy).toBeLessThan(0.6);
    expect(fit.evaluation.accuracy).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps the lexical model alone (weight 0) when the embeddings carry no meaning', () => {
    const random = examples.map((_, i) => noise(i + 7, vectors[0]!.length));
    expect(fitSemantic(examples, random, 5, 1).weight).toBe(0);
  });

  it('routes words no example has by their meaning, with source embeddings', () => {
    const model = trainSemantic(examples, vectors, 'concepts', fitSemantic(examples, vectors, 5, 1));
    const cases = [
      ['die Kohle stimmt nicht', 'Bezahlung'],
      ['mein boss nervt', 'Führung'],
      ['Workload zu hoch', 'Arbeitsmenge'],
    ] as const;
    for (const [text, branch] of cases) {
      const r = classifySemantic(model, text, conceptUnit(text));
      expect({ text, label: r.label, source: r.source }).toEqual({
        text,
        label: branch,
        source: 'embeddings',
      });
      // Without the answer's vector (the embeddings server failed): the lexical decision, source model.
      const fallback = classifySemantic(model, text, undefined);
      expect(fallback.source).toBe('model');
      expect(fallback.label).toBe(classify(train(examples), text).label);
    }
    expect(classifySemantic(model, 'Regen im Urlaub', conceptUnit('Regen im Urlaub')).label).toBeNull();
  });

  it('ignores a vector of another length (embeddings model changed since training)', () => {
    const model = trainSemantic(examples, vectors, 'concepts', { weight: 0.5, temperature: 0.05 });
    expect(classifySemantic(model, 'Kohle', new Float32Array(3)).source).toBe('model');
  });
});
