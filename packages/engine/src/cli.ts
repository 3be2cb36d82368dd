const [command] = process.argv.slice(2);
process.stderr.write(`bops-engine: unknown command "${command ?? ''}"\n`);
process.exit(2);
