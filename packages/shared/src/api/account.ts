import { z } from 'zod';

export const deleteAccountBody = z.object({
  /** The e-mail address the person signs in with, typed again. */
  confirmation: z.string().max(320),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

/** What `delete_account` answers once the account and everything in it are gone. */
export const deletedAccountSchema = z.object({ deleted: z.literal(true) });
export type DeletedAccount = z.infer<typeof deletedAccountSchema>;
