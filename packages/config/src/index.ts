export { type Config, ConfigError, loadConfig, loadConfigOrExit, type S3Config } from './load.ts';
export { type Env, envSchema } from './schema.ts';
