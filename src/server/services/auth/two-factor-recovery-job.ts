import type { AppContext } from '#server/context';
import type { Job } from '#server/lib/jobs';
import { mailReadyRecoveries } from './two-factor-recovery';

/**
 * Every five minutes in every instance (rows claimed with SKIP LOCKED): the recoveries of two-step verification whose
 * wait is over get the mail with the link that finishes them (decision 201), at most five minutes late.
 */
export function twoFactorRecoveryJob(ctx: Pick<AppContext, 'db' | 'config'>): Job {
  return {
    name: 'two-step recoveries ready',
    everyMs: 5 * 60_000,
    run: async () => {
      const done = await mailReadyRecoveries(ctx);
      return done.mailed || done.closed ? done : null;
    },
  };
}
