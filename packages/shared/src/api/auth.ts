import { z } from 'zod';

/** `GET /api/sign-in/methods`: how people may sign in here (local accounts, OpenID Connect providers). */
export const signInMethodsSchema = z.object({
  emailPassword: z.boolean(),
  providers: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type SignInMethods = z.infer<typeof signInMethodsSchema>;
export type SignInProvider = SignInMethods['providers'][number];
