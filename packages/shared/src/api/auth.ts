/** A sign-in provider the instance offers (OpenID Connect). */
export interface SignInProvider {
  id: string;
  name: string;
}

/** `GET /api/sign-in/methods`: how people may sign in here. */
export interface SignInMethods {
  emailPassword: boolean;
  providers: SignInProvider[];
}
