// npm run takedown -- list [pending|accepted|rejected] | accept <id> | reject <id>
import { TakedownRepository } from '../repositories/takedown.repository.ts';
import { TakedownService } from '../services/takedown.service.ts';
import { operatorText } from './operator-text.ts';
import { UsageError, withDatabase } from './with-database.ts';

const usage =
  'Usage: npm run takedown -- list [pending|accepted|rejected] | accept <notice id> | reject <notice id>';
const [command, argument] = process.argv.slice(2);
const valid =
  (command === 'list' && (!argument || ['pending', 'accepted', 'rejected'].includes(argument))) ||
  ((command === 'accept' || command === 'reject') && Boolean(argument));
if (!valid) {
  process.stderr.write(`${usage}\n`);
  process.exit(1);
}

await withDatabase(async (db) => {
  const takedowns = new TakedownService({ notices: new TakedownRepository(db) });
  switch (command) {
    case 'list': {
      if (argument && !['pending', 'accepted', 'rejected'].includes(argument)) throw new UsageError(usage);
      const notices = await takedowns.list(argument as 'pending' | 'accepted' | 'rejected' | undefined);
      if (notices.length === 0) console.log('No takedown notices.');
      for (const n of notices) {
        console.log(
          [
            n.id,
            n.status,
            n.createdAt.toISOString(),
            `song ${n.musicId ?? '-'}`,
            `owner ${n.targetUserId ?? '-'}`,
            `from ${n.reporterName} <${n.reporterEmail}>`,
            JSON.stringify(n.reason.slice(0, 120)),
          ]
            .map(operatorText)
            .join('  '),
        );
      }
      return;
    }
    case 'accept': {
      if (!argument) throw new UsageError(usage);
      const result = await takedowns.accept(argument);
      console.log(
        `Accepted ${result.notice.id}: the song is hidden. Accepted notices against this account: ${result.strikes}.`,
      );
      if (result.terminated)
        console.log(
          'Third accepted notice: the account is terminated, its sessions revoked and its songs hidden.',
        );
      return;
    }
    case 'reject': {
      if (!argument) throw new UsageError(usage);
      const notice = await takedowns.reject(argument);
      console.log(`Rejected ${notice.id}.`);
      return;
    }
    default:
      throw new UsageError(usage);
  }
});
