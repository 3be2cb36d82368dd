#!/usr/bin/env -S node --disable-warning=ExperimentalWarning
// The CLI is TypeScript run by Node's type stripping (Node >= 22.18).
await import('../src/cli.ts');
