// Runs a TypeScript worker from source (tests, tsx): registers tsx's loader in this thread first, since
// Node 20 does not apply an --import loader to a worker's entry module. The entry is argv[2].
import { register } from 'tsx/esm/api';

register();
await import(process.argv[2]);
