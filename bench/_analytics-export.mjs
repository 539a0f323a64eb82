// The server of bench/analytics.ts's export measurement, in a process of its own so that its peak memory
// (maxRSS) is the export's and not the seeding's, and in plain Node on the compiled server (BUILD_DIR), as
// `npm start` runs it: a TypeScript loader would add its own memory. Serves the app on the SQLite file in
// DATA_DIR on a free port, tells the parent the address, and on 'exit' answers with its peak memory.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const build = process.env.BUILD_DIR;
const dir = process.env.DATA_DIR;
const load = (path) => import(pathToFileURL(join(build, path)).href);
const { buildApp } = await load('server/app.js');
const { loadConfig } = await load('server/config.js');
const { connect } = await load('server/db/connect.js');

const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', WEB_DIST_DIR: join(dir, 'no-web') });
const database = connect({ sqliteFile: join(dir, 'app.db') });
const app = await buildApp({ config, database, jwtSecret: randomBytes(32), logger: false });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send({ address, rssAtStart: process.memoryUsage().rss });
process.on('message', async (message) => {
  if (message !== 'exit') return;
  // resourceUsage().maxRSS is in kilobytes.
  process.send({ maxRss: process.resourceUsage().maxRSS * 1024 });
  await app.close();
  await database.close();
  process.exit(0);
});
