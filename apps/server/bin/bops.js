#!/usr/bin/env node
// `bops [all|api|worker]`: the server is TypeScript run by Node's type stripping (Node >= 22.18).
await import('../src/main.ts');
