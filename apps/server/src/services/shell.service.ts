import type { CrashReportRepository } from '../repositories/crash-report.repository.ts';
import type { UserRepository } from '../repositories/user.repository.ts';
import type { CrashReportBody } from '@bops/shared/api/shell';

export class ShellService {
  readonly #users: UserRepository;
  readonly #crashes: CrashReportRepository;

  constructor(deps: { users: UserRepository; crashes: CrashReportRepository }) {
    this.#users = deps.users;
    this.#crashes = deps.crashes;
  }

  countCreationsInProgress(userId: string): Promise<number> {
    return this.#users.countCreationsInProgress(userId);
  }

  recordCrash(userId: string | null, report: CrashReportBody): Promise<void> {
    return this.#crashes.insert({ userId, ...report });
  }
}
