#!/usr/bin/env node
import { runVerify } from './run-verify.ts';

// The package's bin (`countersign-verify`, `npx @countersign/verify`): only ever run, never imported, so it
// needs no check that it is the main module (npm links bins through symlinks, which such a check gets wrong).
process.exitCode = runVerify(process.argv.slice(2));
