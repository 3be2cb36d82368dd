// npm run analytics -- report [days]: events per day and the landing → sign-in → first creation funnel.
import { AnalyticsRepository } from '../repositories/analytics.repository.ts';
import { AnalyticsService } from '../services/analytics.service.ts';
import { withDatabase } from './with-database.ts';
import { operatorText } from './operator-text.ts';

const [command, daysText = '30'] = process.argv.slice(2);
const days = Number(daysText);
if (command !== 'report' || !Number.isInteger(days) || days < 1 || days > 3650) {
  process.stderr.write('Usage: npm run analytics -- report [days, default 30]\n');
  process.exit(1);
}

await withDatabase(async (db) => {
  const { perDay, funnel } = await new AnalyticsService({ events: new AnalyticsRepository(db) }).report(days);
  console.log(`Events in the last ${days} days`);
  for (const row of perDay) console.log(`${row.day}  ${operatorText(row.name).padEnd(28)} ${row.count}`);
  console.log('\nFunnel (distinct people)');
  console.log(`landing page      ${funnel.landing}`);
  console.log(`signed in         ${funnel.signIn}`);
  console.log(`created something ${funnel.firstCreation}`);
});
