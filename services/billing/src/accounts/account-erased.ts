/**
 * Work asked for a user whose account has been deleted (a Stripe webhook of the subscription the
 * deletion cancelled, say): nothing may be written for them again.
 */
export class AccountErased extends Error {
  override readonly name = 'AccountErased';

  constructor(readonly userId: number) {
    super(`The account of user ${userId} has been deleted`);
  }
}
