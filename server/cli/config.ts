import { type Config, ConfigError, loadConfig } from '../config';

/** Loads configuration or exits with the list of bad values (no stack trace for a typo). */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}
