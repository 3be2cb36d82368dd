#!/usr/bin/env node
// The CLI is TypeScript run by Node's type stripping (Node >= 22.18).
await import('../src/cli.ts');
