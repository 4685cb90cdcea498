/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database. */
import { loadConfig } from '../config.js';
import { openDatabase } from './client.js';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.close();
console.log(`Migrations applied (${database.kind}).`);
