import { createInterface } from 'node:readline';

/**
 * A password for the command line: typed at a prompt that does not echo it (a terminal), or the first
 * line of stdin (a pipe: `echo "$PW" | npm run cli -- user:password --username U`), never an argument,
 * which the process list and the shell history would show.
 */
export async function readPassword(prompt: string, input = process.stdin): Promise<string> {
  if (!input.isTTY) {
    let text = '';
    for await (const chunk of input) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  const rl = createInterface({ input, output: process.stderr, terminal: true });
  // Echo the prompt only, none of the typed characters.
  const write = (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput;
  (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
    if (s.includes(prompt)) write.call(rl, prompt);
  };
  try {
    return await new Promise<string>((resolve) => rl.question(prompt, resolve));
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}
