import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { conceptVector, examplesOf, WORK_EXAMPLES } from '../test/concept-embeddings.ts';
import { fakeLlmEnv, reply, startFakeLlm } from '../test/fake-llm.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('npm run cli -- nlu:evaluate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-nlu-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return cliWith({}, ...args);
  }

  function cliWith(
    extra: Record<string, string>,
    ...args: string[]
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    // No DATA_DIR or DATABASE_URL: the command must not need a database.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dir, 'no-data'), ...extra };
    delete env.DATABASE_URL;
    return new Promise((resolve) => {
      execFile('npx', ['tsx', 'server/cli.ts', ...args], { cwd: root, env }, (err, stdout, stderr) => {
        resolve({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr });
      });
    });
  }

  it('trains on the train CSV, scores the test CSV and ends with accuracy and macro-F1', async () => {
    const train = join(dir, 'train.csv');
    const test = join(dir, 'test.csv');
    writeFileSync(
      train,
      'label,text\nprice,too expensive\nprice,the price is too high\nprice,costs too much\n' +
        'service,rude staff\nservice,nobody answered my call\nservice,bad customer service\n' +
        'None,no idea\nNone,whatever\n',
    );
    writeFileSync(
      test,
      'label,text\nprice,Way too EXPENSIVE\nservice,customer servise was bad\nNone,no idea at all\n',
    );
    const res = await cli('nlu:evaluate', '--train', train, '--test', test);
    expect(res.code, res.stderr).toBe(0);
    const lines = res.stdout.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^accuracy: \d\.\d{4} macro_f1: \d\.\d{4}$/);
    expect(res.stdout).toMatch(/none_precision: \d\.\d{4} none_recall: \d\.\d{4}/);
    expect(res.stdout).toMatch(/train_ms: \d+\.\d/);
    expect(res.stdout).toMatch(/classify_us_per_answer: \d+\.\d/);
    expect(lines[0]).toBe('backend: lexical');
  });

  it('routes with the configured embeddings and language model, and says how', async () => {
    const llm = await startFakeLlm();
    try {
      llm.respondEmbeddings((call) => ({ vectors: call.body.input.map(conceptVector) }));
      llm.respond((call) =>
        reply({
          branch: call.body.messages.at(-1)!.content.includes('Quark') ? 'keiner davon' : 'Bezahlung',
        }),
      );
      const csv = (rows: { label: string; text: string }[]) =>
        `label,text\n${rows.map((r) => `${r.label},${r.text}`).join('\n')}\n`;
      const train = join(dir, 'work-train.csv');
      const test = join(dir, 'work-test.csv');
      writeFileSync(train, csv(examplesOf(WORK_EXAMPLES)));
      writeFileSync(
        test,
        csv([
          { label: 'Bezahlung', text: 'die Kohle stimmt nicht' },
          // The thesaurus links 'Kohle' and 'Workload' to the examples' words; 'Manager' only meaning does.
          { label: 'Führung', text: 'der manager nervt' },
          { label: 'Arbeitsmenge', text: 'Workload zu hoch' },
          { label: 'none', text: 'Quark mit Soße' },
        ]),
      );
      const lexical = await cli('nlu:evaluate', '--train', train, '--test', test);
      expect(lexical.stdout).not.toMatch(/accuracy: 1\.0000/);
      const env = { ...fakeLlmEnv(llm), EMBEDDINGS_MODEL: 'concepts' };
      const res = await cliWith(env, 'nlu:evaluate', '--train', train, '--test', test);
      expect(res.code, res.stderr).toBe(0);
      const lines = res.stdout.trim().split('\n');
      expect(lines[0]).toBe('backend: lexical + embeddings + llm');
      expect(lines[1]).toMatch(/^embeddings: concepts weight (0\.25|0\.5|0\.75|1) temperature/);
      expect(lines[2]).toMatch(/^llm: asked \d of 4 \(unsure\), failed 0$/);
      expect(lines.at(-1)).toMatch(/^accuracy: 1\.0000 /);
      // The test answers went to the embeddings server, as configured.
      expect(llm.embeddingCalls.flatMap((c) => c.body.input)).toContain('der manager nervt');
    } finally {
      await llm.close();
    }
  }, 120_000);

  it('fails rather than quietly measuring without the embeddings server it was told to use', async () => {
    const llm = await startFakeLlm();
    try {
      const env = { EMBEDDINGS_BASE_URL: llm.url, EMBEDDINGS_MODEL: 'concepts', LLM_TIMEOUT_MS: '200' };
      const res = await cliWith(
        env,
        'nlu:evaluate',
        '--train',
        join(dir, 'train.csv'),
        '--test',
        join(dir, 'test.csv'),
      );
      expect(res.code).toBe(1);
      expect(res.stderr).toMatch(/Embeddings \(concepts\) nicht erreichbar/);
    } finally {
      await llm.close();
    }
  }, 60_000);

  it('says what is missing', async () => {
    const res = await cli('nlu:evaluate', '--train', join(dir, 'train.csv'));
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/--test/);
  });

  it('refuses an empty test file and a training file with one label, instead of scoring them', async () => {
    const empty = join(dir, 'empty.csv');
    const header = join(dir, 'header.csv');
    const one = join(dir, 'one.csv');
    writeFileSync(empty, '');
    writeFileSync(header, 'label,text\n');
    writeFileSync(one, 'label,text\nprice,too expensive\nprice,costs too much\n');
    for (const test of [empty, header]) {
      const res = await cli('nlu:evaluate', '--train', join(dir, 'train.csv'), '--test', test);
      expect(res.code, res.stdout).toBe(1);
      expect(res.stderr).toMatch(/Keine Testbeispiele|Kopfzeile/);
      expect(res.stdout).not.toMatch(/accuracy:/);
    }
    const res = await cli('nlu:evaluate', '--train', one, '--test', join(dir, 'test.csv'));
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/mindestens zwei Labels/);
  });
});
