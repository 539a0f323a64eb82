import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('npm run cli -- nlu:evaluate', () => {
  const dir = mkdtempSync(join(tmpdir(), 'dialogwerk-nlu-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    // No DATA_DIR or DATABASE_URL: the command must not need a database.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: join(dir, 'no-data') };
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
  });

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
