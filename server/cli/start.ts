import { startServer } from '../server';
import { configOrExit } from './config';
import { buildWebIfNeeded } from './webBuild';

const config = configOrExit();
if (config.webRoot && process.env.SKIP_WEB_BUILD !== '1') await buildWebIfNeeded(config.webRoot);
await startServer(config);
