export { type Config, ConfigError, loadConfig, loadConfigOrExit } from './load.ts';
export { type Env, envSchema } from './schema.ts';
